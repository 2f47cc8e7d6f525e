import { useTranslation } from '../../i18n/runtime';
import { PopupPage } from '../../components/layout/popup-page';
import { ConfirmationResult } from '../../features/auth/components/confirmation-result';
import type { RouteHandle } from '../../lib/route-guards';
import { pageMeta } from '../../lib/seo';

/** /confirmation?confirmation_token=… from the sign-up mail. */
export const handle: RouteHandle = { popup: true, gtmPlace: 'confirmation', noindex: true };
export const meta = pageMeta('auth:meta.confirmation_title');

export default function ConfirmationRoute() {
  const { t } = useTranslation('auth');
  return (
    <PopupPage name="email-confirmation" title={t('confirmation.title')}>
      <ConfirmationResult />
    </PopupPage>
  );
}
