import { useTranslation } from '../../i18n/runtime';
import { PopupPage } from '../../components/layout/popup-page';
import { NewPasswordForm } from '../../features/auth/components/new-password-form';
import { guardClientLoader } from '../../lib/guard-client';
import { guardLoader } from '../../lib/guard.server';
import type { RouteHandle } from '../../lib/route-guards';
import { pageMeta } from '../../lib/seo';

/** Opened from the reset mail; `reset_password_token` and other query values reach the form. */
export const handle: RouteHandle = { popup: true, notAllowedFor451: 'login', gtmPlace: 'new-password', noindex: true };
export const loader = guardLoader(handle);
export const clientLoader = guardClientLoader(handle);
export const meta = pageMeta('auth:meta.new_password_title');

export default function NewPasswordRoute() {
  const { t } = useTranslation('auth');
  return (
    <PopupPage name="new-password-form" title={t('new_password.title')}>
      <NewPasswordForm />
    </PopupPage>
  );
}
