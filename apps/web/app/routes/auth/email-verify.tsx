import { useTranslation } from '../../i18n/runtime';
import { PopupPage } from '../../components/layout/popup-page';
import { EmailVerifyForm } from '../../features/auth/components/email-verify-form';
import { guardClientLoader } from '../../lib/guard-client';
import { guardLoader } from '../../lib/guard.server';
import type { RouteHandle } from '../../lib/route-guards';
import { pageMeta } from '../../lib/seo';

export const handle: RouteHandle = { popup: true, notAllowedFor451: 'login', gtmPlace: 'email-verify' };
export const loader = guardLoader(handle);
export const clientLoader = guardClientLoader(handle);
export const meta = pageMeta('auth:meta.email_verify_title');

export default function EmailVerifyRoute() {
  const { t } = useTranslation('auth');
  return (
    <PopupPage name="email-verify" title={t('email_verify.title')}>
      <EmailVerifyForm />
    </PopupPage>
  );
}
