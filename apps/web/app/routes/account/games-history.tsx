import { useCurrentUser } from '../../lib/player/use-current-user';
import { GamesHistory } from '../../features/history/components/games-history';
import { useLocale } from '../../i18n/use-locale';
import { useBoot } from '../../lib/boot';
import { guardClientLoader } from '../../lib/guard-client';
import { guardLoader } from '../../lib/guard.server';
import type { RouteHandle } from '../../lib/route-guards';
import { pageMeta } from '../../lib/seo';

export const handle: RouteHandle = { requiresAuth: true, gtmPlace: 'games_history' };
export const loader = guardLoader(handle);
export const clientLoader = guardClientLoader(handle);
export const meta = pageMeta('account:meta.history_title', 'account:meta.history_description');

/** /users/games-history: every round the player played for real money (login required, docs/player-app.md#player-area). */
export default function GamesHistoryRoute() {
  const { user } = useCurrentUser();
  const { currencies } = useBoot();
  const locale = useLocale();
  if (!user) return null;
  return <GamesHistory locale={locale} currencies={currencies.map((c) => c.code)} />;
}
