import { redirect, type LoaderFunctionArgs } from 'react-router';
import { localeFromPath } from '../i18n/locale-path';
import { decideGuard, RESTRICTED_NOTICE_PARAM, type RouteHandle } from './route-guards';
import { loadServerData } from './server-data.server';

/**
 * Server half of the route guards: decides with serverdata (user, restricted) before rendering.
 * A blocked restricted-region page goes to main with `?restricted=<kind>`, where the browser
 * shows the warning toast.
 */
export async function enforceGuardOnServer(
  handle: RouteHandle,
  { request, context, url }: LoaderFunctionArgs,
): Promise<void> {
  // `url` is the route's URL; the raw request of a data request ends in `.data` (v8_passThroughRequests).
  const locale = localeFromPath(url.pathname);
  const data = await loadServerData(context, request, locale);
  const decision = decideGuard({
    handle,
    isLoggedIn: Boolean(data.user?.id),
    restricted: Boolean(data.restricted),
    locale,
    target: `${url.pathname}${url.search}`,
    from: null,
  });
  if (decision.kind === 'redirect') throw redirect(decision.to);
  if (decision.kind === 'restricted') {
    const to = new URL(decision.to, url);
    to.searchParams.set(RESTRICTED_NOTICE_PARAM, decision.message);
    throw redirect(`${to.pathname}${to.search}`);
  }
}

/** `export const loader = guardLoader(handle)` for routes that need nothing but the guard. */
export function guardLoader(handle: RouteHandle) {
  return async (args: LoaderFunctionArgs) => {
    await enforceGuardOnServer(handle, args);
    return null;
  };
}
