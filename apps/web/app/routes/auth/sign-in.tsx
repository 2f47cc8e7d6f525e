import { useTranslation } from '../../i18n/runtime';
import { PopupPage } from '../../components/layout/popup-page';
import { SignInForm } from '../../features/auth/components/sign-in-form';
import { guardClientLoader } from '../../lib/guard-client';
import { guardLoader } from '../../lib/guard.server';
import type { RouteHandle } from '../../lib/route-guards';
import { pageMeta } from '../../lib/seo';

export const handle: RouteHandle = { requiresGuest: true, popup: true, notAllowedFor451: 'login', gtmPlace: 'sign-in' };
export const loader = guardLoader(handle);
export const clientLoader = guardClientLoader(handle);
export const meta = pageMeta('auth:meta.sign_in_title', 'auth:meta.sign_in_description');

export default function SignInRoute() {
  const { t } = useTranslation('auth');
  return (
    <PopupPage name="login-form" title={t('sign_in.title')}>
      <SignInForm mode="route" />
    </PopupPage>
  );
}
