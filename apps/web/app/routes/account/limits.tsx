import { useEffect } from 'react';
import { BreakStarted } from '../../features/limits/components/break-started';
import { LimitsPage } from '../../features/limits/components/limits-page';
import { breakNotice, useBreakNotice } from '../../features/limits/lib/break-notice';
import { useLocale } from '../../i18n/use-locale';
import { guardClientLoader } from '../../lib/guard-client';
import { guardLoader } from '../../lib/guard.server';
import { useAccounts } from '../../lib/player/get-accounts';
import { useCurrentUser } from '../../lib/player/use-current-user';
import type { RouteHandle } from '../../lib/route-guards';
import { pageMeta } from '../../lib/seo';

export const handle: RouteHandle = { requiresAuth: true, gtmPlace: 'limits' };
export const loader = guardLoader(handle);
export const clientLoader = guardClientLoader(handle);
export const meta = pageMeta('limits:meta.title', 'limits:meta.description');

/** /users/limits: the player's responsible-gambling limits and breaks (docs/player-app.md#limits-page). */
export default function LimitsRoute() {
  const { user } = useCurrentUser();
  const locale = useLocale();
  const accounts = useAccounts(Boolean(user));
  const started = useBreakNotice();
  // Signed in again (a cooling-off allows it): the page itself shows the running break.
  useEffect(() => {
    if (user) breakNotice.clear();
  }, [user]);
  // A break just signed the player out: where they stand instead of an empty page.
  if (!user) return started ? <BreakStarted notice={started} locale={locale} /> : null;
  // The player's wallets, the one they play in first; their own currency until the wallets load.
  const walletCurrencies = (accounts.data ?? []).filter((a) => !a.hidden_at).map((a) => a.currency);
  const currencies = [...new Set([user.currency, ...walletCurrencies].filter((c): c is string => Boolean(c)))];
  return <LimitsPage currencies={currencies} locale={locale} />;
}
