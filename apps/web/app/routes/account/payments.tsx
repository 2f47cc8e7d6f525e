import { PaymentsHistory } from '../../features/cashbox/components/payments-history';
import { useCurrentUser } from '../../lib/player/use-current-user';
import { useLocale } from '../../i18n/use-locale';
import { guardClientLoader } from '../../lib/guard-client';
import { guardLoader } from '../../lib/guard.server';
import type { RouteHandle } from '../../lib/route-guards';
import { pageMeta } from '../../lib/seo';

export const handle: RouteHandle = { requiresAuth: true, gtmPlace: 'payments_history' };
export const loader = guardLoader(handle);
export const clientLoader = guardClientLoader(handle);
export const meta = pageMeta('cashbox:meta.history_title', 'cashbox:meta.description');

/** /users/payments: deposits and payouts of the player, with recall of pending withdrawals (docs/player-app.md#payment-history). */
export default function PaymentsRoute() {
  const { user } = useCurrentUser();
  const locale = useLocale();
  if (!user) return null;
  return <PaymentsHistory locale={locale} />;
}
