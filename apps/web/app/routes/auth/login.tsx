import { useTranslation } from '../../i18n/runtime';
import { SignInForm } from '../../features/auth/components/sign-in-form';
import { guardClientLoader } from '../../lib/guard-client';
import { guardLoader } from '../../lib/guard.server';
import type { RouteHandle } from '../../lib/route-guards';
import { pageMeta } from '../../lib/seo';

export const handle: RouteHandle = { requiresGuest: true, notAllowedFor451: 'login', gtmPlace: 'login' };
export const loader = guardLoader(handle);
export const clientLoader = guardClientLoader(handle);
export const meta = pageMeta('auth:meta.sign_in_title', 'auth:meta.sign_in_description');

/** Full sign-in page (docs/player-app.md#popup-routes), the target of a 401. */
export default function LoginRoute() {
  const { t } = useTranslation('auth');
  return (
    <section className="container auth-page">
      <div className="card auth-card">
        <h1>{t('sign_in.title')}</h1>
        <SignInForm mode="route" page />
      </div>
    </section>
  );
}
