import { useLoaderData, type ClientLoaderFunctionArgs } from 'react-router';
import { needsProfileData, ProfileDataForm } from '../../features/account/components/profile-data-form';
import { DepositBonusToggle } from '../../features/bonuses/components/deposit-bonus-toggle';
import { WithdrawalBonusConfirm } from '../../features/bonuses/components/withdrawal-bonus-confirm';
import { WithdrawalBonusNotice } from '../../features/bonuses/components/withdrawal-bonus-notice';
import type {
  BonusForfeitSlot,
  CashboxGate,
  DepositBonusSlot,
  WithdrawalBonusSlot,
} from '../../features/cashbox/components/cashbox';
import { CashboxPopup, comingFromSignUp } from '../../features/cashbox/components/cashbox-popup';
import type { Player } from '../../lib/api-types';
import { enforceGuardInBrowser } from '../../lib/guard-client';
import { useCurrentUser } from '../../lib/player/use-current-user';
import type { RouteHandle } from '../../lib/route-guards';
import { pageMeta } from '../../lib/seo';

type Mode = Parameters<typeof CashboxPopup>[0]['mode'];

/**
 * docs/player-app.md#required-profile-data: variant A fiat players who lack required data fill in the profile-data form before the
 * cashbox. The account feature owns the form, the cashbox only shows what it is given: the two meet
 * here, in the route.
 */
export function profileGate(user: Player | null): CashboxGate | null {
  if (!user || !needsProfileData(user)) return null;
  return (done) => <ProfileDataForm user={user} onSaved={done} />;
}

/**
 * docs/bonuses.md#what-the-player-sees: the deposit step shows the bonus toggle of the bonuses
 * feature and a withdrawal during wagering asks with its figures; the cashbox only shows what it is
 * given, and the two features meet here.
 */
export function depositBonusSlot(currency: string): DepositBonusSlot {
  return (amountCents) => <DepositBonusToggle currency={currency} amountCents={amountCents} />;
}

/** The withdrawal's first step names what a withdrawal forfeits, before any step-up (docs/bonuses.md#what-the-player-sees). */
export function withdrawalBonusSlot(currency: string): WithdrawalBonusSlot {
  return (bonusCents) => <WithdrawalBonusNotice currency={currency} bonusCents={bonusCents} />;
}

export const bonusForfeitSlot: BonusForfeitSlot = ({ info, confirm, cancel, busy }) => (
  <WithdrawalBonusConfirm info={info} onConfirm={confirm} onCancel={cancel} busy={busy} />
);

/**
 * The route module of one cashbox popup path (docs/player-app.md#cashbox-popups: /cashbox, /dashboard, /deposit, /withdraw,
 * /deposit-fast): login required, opened as a modal; it remembers whether the player came from
 * sign-up, which sends them home first. The route file adds `loader = guardLoader(handle)` itself: a
 * server-only loader must be declared in the route module for the build to strip it.
 */
export function cashboxRoute(mode: Mode, gtmPlace: string, titleKey: string) {
  const handle: RouteHandle = { requiresAuth: true, popup: true, isCashbox: true, gtmPlace };
  function CashboxRoute() {
    const { user } = useCurrentUser();
    const data = useLoaderData() as { fromSignUp?: boolean } | null;
    if (!user) return null;
    return (
      <CashboxPopup
        mode={mode}
        currency={user.currency}
        fromSignUp={Boolean(data?.fromSignUp)}
        gate={profileGate(user)}
        depositBonus={depositBonusSlot(user.currency)}
        bonusForfeit={bonusForfeitSlot}
        withdrawalBonus={withdrawalBonusSlot(user.currency)}
      />
    );
  }
  return {
    handle,
    clientLoader: async ({ url }: ClientLoaderFunctionArgs) => {
      enforceGuardInBrowser(handle, url);
      return { fromSignUp: comingFromSignUp() };
    },
    meta: pageMeta(`cashbox:meta.${titleKey}`, 'cashbox:meta.description'),
    Component: CashboxRoute,
  };
}
