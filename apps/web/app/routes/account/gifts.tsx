import { GiftsPage } from '../../features/bonuses/components/gifts-page';
import { useLocale } from '../../i18n/use-locale';
import { guardClientLoader } from '../../lib/guard-client';
import { guardLoader } from '../../lib/guard.server';
import { useCurrentUser } from '../../lib/player/use-current-user';
import type { RouteHandle } from '../../lib/route-guards';
import { pageMeta } from '../../lib/seo';

export const handle: RouteHandle = { requiresAuth: true, gtmPlace: 'gifts' };
export const loader = guardLoader(handle);
export const clientLoader = guardClientLoader(handle);
export const meta = pageMeta('bonuses:meta.gifts_title', 'bonuses:meta.gifts_description');

/** /users/gifts: the player's bonuses and free spins (docs/bonuses.md#what-the-player-sees). */
export default function GiftsRoute() {
  const { user } = useCurrentUser();
  const locale = useLocale();
  if (!user) return null;
  return <GiftsPage currency={user.currency} locale={locale} />;
}
