import { href } from '../../config/paths';
import { localeFromPath } from '../../i18n/locale-path';
import { redirectRoute } from '../../lib/redirect-routes';

/** /accounts/history → main (docs/player-app.md#redirects). */
const route = redirectRoute((url) => href('home', localeFromPath(new URL(url).pathname)));
export const loader = route.loader;
export const clientLoader = route.clientLoader;

export default function AccountsHistoryRedirect() {
  return null;
}
