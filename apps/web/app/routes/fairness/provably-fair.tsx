import { useCurrentUser } from '../../lib/player/use-current-user';
import { FairnessPage } from '../../features/fairness/components/fairness-page';
import { useLocale } from '../../i18n/use-locale';
import type { RouteHandle } from '../../lib/route-guards';
import { pageMeta } from '../../lib/seo';

export const handle: RouteHandle = { gtmPlace: 'provably_fair' };
export const meta = pageMeta('fairness:meta.title', 'fairness:meta.description');

/** /provably-fair: how outcomes are made and checked; a signed-in player's seeds and round verification. */
export default function ProvablyFairRoute() {
  const { isLoggedIn } = useCurrentUser();
  const locale = useLocale();
  return <FairnessPage signedIn={isLoggedIn} locale={locale} />;
}
