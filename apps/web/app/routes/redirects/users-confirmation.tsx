import { keepQueryTarget, redirectRoute } from '../../lib/redirect-routes';

/** /users/confirmation?confirmation_token=… → /confirmation with the same query (docs/player-app.md#redirects). */
const route = redirectRoute((url) => keepQueryTarget(url, 'confirmation'));
export const loader = route.loader;
export const clientLoader = route.clientLoader;

export default function UsersConfirmationRedirect() {
  return null;
}
