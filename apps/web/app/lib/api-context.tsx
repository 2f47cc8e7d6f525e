import { createContext, useContext, type ReactNode } from 'react';
import { BROWSER_TIMEOUT_MS, SERVER_TIMEOUT_MS, createApiClient, type ApiClient } from './api-client';
import { requireSsrContext } from './ssr-context';

type UnauthorizedHandler = (path: string) => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/** The app shell registers what a 401 does (reset auth, go to login — docs/player-app.md#errors-and-toasts). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null) {
  unauthorizedHandler = handler;
}

let browserClient: ApiClient | null = null;

/** The browser's api client (same origin, cookies, 30 s timeout). */
export function getBrowserApi(): ApiClient {
  browserClient ??= createApiClient({
    fetch: (path, init) => window.fetch(path, init),
    timeoutMs: BROWSER_TIMEOUT_MS,
    onUnauthorized: (path) => unauthorizedHandler?.(path),
  });
  return browserClient;
}

/** An api client for a server-side loader: in-process, with the visitor's headers, 8 s timeout. */
export function getServerApi(context: unknown): ApiClient {
  const ssr = requireSsrContext(context);
  return createApiClient({ fetch: ssr.fetch, timeoutMs: SERVER_TIMEOUT_MS });
}

const ApiContext = createContext<ApiClient | null>(null);

export function ApiProvider({ client, children }: { client: ApiClient; children: ReactNode }) {
  return <ApiContext.Provider value={client}>{children}</ApiContext.Provider>;
}

/** The api client for components and hooks (browser client after hydration). */
export function useApi(): ApiClient {
  const client = useContext(ApiContext);
  if (!client) throw new Error('useApi outside ApiProvider');
  return client;
}
