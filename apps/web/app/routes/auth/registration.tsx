import { useTranslation } from '../../i18n/runtime';
import { SignUpForm } from '../../features/auth/components/sign-up-form';
import { guardClientLoader } from '../../lib/guard-client';
import { guardLoader } from '../../lib/guard.server';
import type { RouteHandle } from '../../lib/route-guards';
import { pageMeta } from '../../lib/seo';

export const handle: RouteHandle = { requiresGuest: true, notAllowedFor451: 'registration', gtmPlace: 'registration' };
export const loader = guardLoader(handle);
export const clientLoader = guardClientLoader(handle);
export const meta = pageMeta('auth:meta.sign_up_title', 'auth:meta.sign_up_description');

/** Full registration page (docs/player-app.md#popup-routes), where login-only pages send guests with `?redirect=`. */
export default function RegistrationRoute() {
  const { t } = useTranslation('auth');
  return (
    <section className="container auth-page">
      <div className="card auth-card auth-card--wide">
        <h1>{t('sign_up.title')}</h1>
        <SignUpForm mode="route" page />
      </div>
    </section>
  );
}
