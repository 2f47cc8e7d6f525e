import { useTranslation } from '../../i18n/runtime';
import { PopupPage } from '../../components/layout/popup-page';
import { RemindForm } from '../../features/auth/components/remind-form';
import { guardClientLoader } from '../../lib/guard-client';
import { guardLoader } from '../../lib/guard.server';
import type { RouteHandle } from '../../lib/route-guards';
import { pageMeta } from '../../lib/seo';

export const handle: RouteHandle = { requiresGuest: true, popup: true, notAllowedFor451: 'login', gtmPlace: 'remind' };
export const loader = guardLoader(handle);
export const clientLoader = guardClientLoader(handle);
export const meta = pageMeta('auth:meta.remind_title');

export default function RemindRoute() {
  const { t } = useTranslation('auth');
  return (
    <PopupPage name="remind-password-form" title={t('remind.title')}>
      <RemindForm />
    </PopupPage>
  );
}
