import { pathParamTarget, redirectRoute } from '../../lib/redirect-routes';

/** /redirect?path=/somewhere → that same-site path, otherwise main; never another site (docs/player-app.md#redirects). */
const route = redirectRoute(pathParamTarget);
export const loader = route.loader;
export const clientLoader = route.clientLoader;

export default function PathRedirect() {
  return null;
}
