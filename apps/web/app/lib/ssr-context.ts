import { createContext, type RouterContextProvider } from 'react-router';
import type { SsrContext } from '@croupier/shared/ssr-context';

/**
 * The api server's per-request facts (in-process fetch, nonce, country, bot) in the React Router
 * context (future.v8_middleware). The server sets it on the `RouterContextProvider` it hands to the
 * request handler; it finds this key on the build's server entry (`entry.server.tsx` re-exports
 * it), so both sides use the very same key object.
 */
export const ssrContextKey = createContext<SsrContext | null>(null);

/** The SSR context of a loader's or the entry's `context`; null outside a server render. */
export function readSsrContext(context: unknown): SsrContext | null {
  const provider = context as Readonly<RouterContextProvider> | null | undefined;
  return typeof provider?.get === 'function' ? provider.get(ssrContextKey) : null;
}

/** The SSR context a server loader needs: a render without one is a wiring mistake. */
export function requireSsrContext(context: unknown): SsrContext {
  const ssr = readSsrContext(context);
  if (!ssr) throw new Error('No SSR context: the server must set ssrContextKey on the request context');
  return ssr;
}
