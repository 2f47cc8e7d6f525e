import { PromocodePage } from '../../features/bonuses/components/promocode-page';
import { useLocale } from '../../i18n/use-locale';
import { guardClientLoader } from '../../lib/guard-client';
import { guardLoader } from '../../lib/guard.server';
import { useCurrentUser } from '../../lib/player/use-current-user';
import type { RouteHandle } from '../../lib/route-guards';
import { pageMeta } from '../../lib/seo';

export const handle: RouteHandle = { requiresAuth: true, gtmPlace: 'promocode' };
export const loader = guardLoader(handle);
export const clientLoader = guardClientLoader(handle);
export const meta = pageMeta('bonuses:meta.promocode_title', 'bonuses:meta.promocode_description');

/** /users/promocode: the coupon field and the player's codes (docs/bonuses.md#what-the-player-sees). */
export default function PromocodeRoute() {
  const { user } = useCurrentUser();
  const locale = useLocale();
  if (!user) return null;
  return <PromocodePage locale={locale} />;
}
