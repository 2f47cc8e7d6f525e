import { useTranslation } from '../../i18n/runtime';
import { PopupPage } from '../../components/layout/popup-page';
import { SignUpForm } from '../../features/auth/components/sign-up-form';
import { guardClientLoader } from '../../lib/guard-client';
import { guardLoader } from '../../lib/guard.server';
import type { RouteHandle } from '../../lib/route-guards';
import { pageMeta } from '../../lib/seo';

export const handle: RouteHandle = {
  requiresGuest: true,
  popup: true,
  notAllowedFor451: 'registration',
  gtmPlace: 'sign-up',
};
export const loader = guardLoader(handle);
export const clientLoader = guardClientLoader(handle);
export const meta = pageMeta('auth:meta.sign_up_title', 'auth:meta.sign_up_description');

export default function SignUpRoute() {
  const { t } = useTranslation('auth');
  return (
    <PopupPage name="sign-up-steps" title={t('sign_up.title')}>
      <SignUpForm mode="route" />
    </PopupPage>
  );
}
