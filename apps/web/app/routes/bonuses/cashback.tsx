import type { Route } from './+types/cashback';
import { PopupPage } from '../../components/layout/popup-page';
import { CashbackClaim } from '../../features/bonuses/components/cashback-claim';
import { useTranslation } from '../../i18n/runtime';
import { useLocale } from '../../i18n/use-locale';
import { guardClientLoader } from '../../lib/guard-client';
import { guardLoader } from '../../lib/guard.server';
import { useCurrentUser } from '../../lib/player/use-current-user';
import type { RouteHandle } from '../../lib/route-guards';
import { pageMeta } from '../../lib/seo';

/** /cashback/{id}: the cashback popup over the page the player was on (docs/bonuses.md#what-the-player-sees). */
export const handle: RouteHandle = { requiresAuth: true, popup: true, gtmPlace: 'cashback', noindex: true };
export const loader = guardLoader(handle);
export const clientLoader = guardClientLoader(handle);
export const meta = pageMeta('bonuses:meta.cashback_title');

export default function CashbackRoute({ params }: Route.ComponentProps) {
  const { t } = useTranslation('bonuses');
  const { user } = useCurrentUser();
  const locale = useLocale();
  if (!user) return null;
  return (
    <PopupPage name="cashback" title={t('cashback.title')}>
      <CashbackClaim id={Number(params.id)} locale={locale} />
    </PopupPage>
  );
}
