import { redirect } from 'react-router';
import { href, type PathName } from '../config/paths';
import { localeFromPath } from '../i18n/locale-path';
import { safeRedirectPath } from './safe-redirect';

/**
 * Targets of the redirect routes (docs/player-app.md#redirects), as pure functions of the request URL, shared by the
 * server loader and the clientLoader of each redirect route.
 */
export function keepQueryTarget(requestUrl: string, to: PathName): string {
  const url = new URL(requestUrl);
  return `${href(to, localeFromPath(url.pathname))}${url.search}`;
}

/** `/redirect?path=…`: the given same-site path, otherwise main. */
export function pathParamTarget(requestUrl: string): string {
  const url = new URL(requestUrl);
  return safeRedirectPath(url.searchParams.get('path')) ?? href('home', localeFromPath(url.pathname));
}

/**
 * Loader + clientLoader pair that redirects to `target(url)`: the route's URL, never the raw request
 * of a data request (its address ends in `.data`, future.v8_passThroughRequests).
 */
export function redirectRoute(target: (requestUrl: string) => string) {
  const run = ({ url }: { url: URL }) => {
    throw redirect(target(url.href));
  };
  return { loader: run, clientLoader: run };
}
