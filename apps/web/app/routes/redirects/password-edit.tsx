import { keepQueryTarget, redirectRoute } from '../../lib/redirect-routes';

/** /users/password/edit?reset_password_token=… → /new-password with the same query (docs/player-app.md#redirects). */
const route = redirectRoute((url) => keepQueryTarget(url, 'newPassword'));
export const loader = route.loader;
export const clientLoader = route.clientLoader;

export default function PasswordEditRedirect() {
  return null;
}
