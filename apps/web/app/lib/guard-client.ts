import { replace, type ClientLoaderFunctionArgs } from 'react-router';
import { toasts } from '../components/toast/toast-store';
import { currentI18n } from '../i18n/create-i18n';
import { localeFromPath } from '../i18n/locale-path';
import type { Player } from './api-types';
import { getBrowserBoot } from './boot';
import { getQueryClient } from './query-client';
import { QUERY_KEYS } from './query-keys';
import { decideGuard, type RouteHandle } from './route-guards';

let currentPath: string | null = null;

/** The layout reports each committed location, so a blocked navigation can return to it. */
export function setCurrentPath(path: string) {
  currentPath = path;
}

/**
 * Browser half of the route guards (client navigations never reach the server loader): same
 * decision, with the player from the React Query cache and `restricted` from the boot data.
 * Throws the redirect; a restricted page shows the warning toast and cancels the navigation.
 */
export function enforceGuardInBrowser(handle: RouteHandle, url: URL): void {
  const user = getQueryClient().getQueryData<Player | null>(QUERY_KEYS.player);
  const decision = decideGuard({
    handle,
    isLoggedIn: Boolean(user?.id),
    restricted: Boolean(getBrowserBoot()?.restricted),
    locale: localeFromPath(url.pathname),
    target: `${url.pathname}${url.search}`,
    from: currentPath,
  });
  if (decision.kind === 'allow') return;
  if (decision.kind === 'restricted') {
    toasts.add({ type: 'warning', text: currentI18n()?.t(`restricted.${decision.message}`) ?? decision.message });
  }
  throw replace(decision.to);
}

/** `export const clientLoader = guardClientLoader(handle)` for routes that need nothing but the guard. */
export function guardClientLoader(handle: RouteHandle) {
  return async ({ url }: ClientLoaderFunctionArgs) => {
    enforceGuardInBrowser(handle, url);
    return null;
  };
}
