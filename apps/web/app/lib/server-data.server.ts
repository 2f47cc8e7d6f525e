import type { Locale } from '@croupier/shared/locales';
import { getServerApi } from './api-context';
import { requireSsrContext } from './ssr-context';
import type { Player, ServerData } from './api-types';

const cache = new WeakMap<object, Promise<ServerData>>();

/** Adds or replaces one cookie in a Cookie header value. */
export function withCookie(header: string | null, name: string, value: string): string {
  const rest = (header ?? '')
    .split(';')
    .map((c) => c.trim())
    .filter((c) => c && !c.startsWith(`${name}=`));
  return [...rest, `${name}=${encodeURIComponent(value)}`].join('; ');
}

/**
 * GET /json-api/serverdata once per server request (the load context is per request), shared by
 * the root loader and every route guard running in parallel. The SSR call carries the `locale`
 * cookie (docs/api-shapes.md#transport-and-headers). If the endpoint fails, the page still renders as for a guest with
 * default settings, after probing GET /api/player.
 */
export function loadServerData(context: unknown, request: Request, locale: Locale): Promise<ServerData> {
  const key = context as object;
  let pending = cache.get(key);
  if (!pending) {
    const api = getServerApi(context);
    const headers = { cookie: withCookie(request.headers.get('cookie'), 'locale', locale) };
    pending = api
      .get<ServerData>(`/json-api/serverdata?l=${encodeURIComponent(locale)}`, { headers })
      .catch(async () => {
        const user = await api.get<Player>('/api/player', { headers }).catch(() => null);
        return { user: user && typeof user === 'object' && 'id' in user ? user : null } satisfies ServerData;
      });
    cache.set(key, pending);
  }
  return pending;
}

export function ssrContext(context: unknown) {
  return requireSsrContext(context);
}
