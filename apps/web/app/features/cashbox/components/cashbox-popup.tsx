import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { RouteModal } from '../../../components/modal/route-modal';
import { useModal } from '../../../components/modal/modal-context';
import { historyIndex, useLeavePopup } from '../../../components/modal/popup-route';
import { localePath, splitLocale } from '../../../i18n/locale-path';
import { useTranslation } from '../../../i18n/runtime';
import { useLocale } from '../../../i18n/use-locale';
import {
  Cashbox,
  type BonusForfeitSlot,
  type CashboxGate,
  type CashboxMode,
  type DepositBonusSlot,
  type WithdrawalBonusSlot,
} from './cashbox';

const MODAL_NAMES: Record<CashboxMode, string> = {
  dashboard: 'cashbox-dashboard',
  deposit: 'cashbox-deposit-step',
  withdrawal: 'cashbox-withdraw-step',
  fast: 'cashbox-deposit-step',
};

/** Pages after which the cashbox goes home first (docs/player-app.md#cashbox-flow). */
const HOME_FIRST = ['/sign-up', '/registration'];

/**
 * True when the page the browser shows right now is a sign-up page. Called from a route's
 * clientLoader, which runs before the navigation commits, so `window.location` is still the
 * previous page.
 */
export function comingFromSignUp(): boolean {
  if (typeof window === 'undefined') return false;
  return HOME_FIRST.includes(splitLocale(window.location.pathname).path);
}

const noSubscription = () => () => undefined;

interface Slots {
  gate: CashboxGate | null;
  depositBonus: DepositBonusSlot | null;
  bonusForfeit: BonusForfeitSlot | null;
  withdrawalBonus: WithdrawalBonusSlot | null;
}

function CashboxInModal({ mode, currency, ...slots }: { mode: CashboxMode; currency: string } & Slots) {
  const modal = useModal();
  const onClose = useCallback(() => modal?.close(), [modal]);
  return <Cashbox mode={mode} currency={currency} onClose={onClose} {...slots} />;
}

/**
 * A cashbox popup route: the cashbox modal over the decorative backdrop of popup pages (docs/player-app.md#cashbox-popups):
 * arriving with no previous route (the entry page of the visit), or from sign-up, goes home first
 * and then opens the cashbox again, so the history is [home, cashbox] and closing lands on home.
 */
export function CashboxPopup({
  mode,
  currency,
  fromSignUp,
  gate = null,
  depositBonus = null,
  bonusForfeit = null,
  withdrawalBonus = null,
}: {
  mode: CashboxMode;
  currency: string;
  fromSignUp: boolean;
  /** A screen before the cashbox (the route puts the profile-data form here, docs/player-app.md#required-profile-data). */
  gate?: CashboxGate | null;
  /** The deposit step's bonus toggle and the withdrawal's bonus question (the route composes them). */
  depositBonus?: DepositBonusSlot | null;
  bonusForfeit?: BonusForfeitSlot | null;
  withdrawalBonus?: WithdrawalBonusSlot | null;
}) {
  const { t } = useTranslation('cashbox');
  const navigate = useNavigate();
  const location = useLocation();
  const locale = useLocale();
  // Decided in the browser only (the server cannot see the tab's history): the server render and
  // the hydrating render both show just the backdrop, so they match.
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  // Read once per history entry: while a back navigation is pending, history.state already
  // belongs to the next entry.
  const homeFirst = useMemo(
    () => inBrowser && (fromSignUp || location.key === 'default' || historyIndex() === 0),
    [inBrowser, fromSignUp, location.key],
  );
  const target = `${location.pathname}${location.search}`;
  useEffect(() => {
    if (!homeFirst) return;
    void Promise.resolve(navigate(localePath('/', locale), { replace: true })).then(() => navigate(target));
  }, [homeFirst, navigate, locale, target]);
  // The one way popup routes close (auth popups too): back to the page behind, once.
  const onClosed = useLeavePopup();
  const title =
    mode === 'dashboard'
      ? t('dashboard.title')
      : mode === 'withdrawal'
        ? t('withdrawal.title')
        : mode === 'fast'
          ? t('fast.title')
          : t('deposit.title');
  return (
    <>
      <div className="popup-backdrop" aria-hidden="true">
        <div className="popup-backdrop__glow" />
        <p className="popup-backdrop__brand">♠ Croupier</p>
      </div>
      {inBrowser && !homeFirst && (
        <RouteModal name={MODAL_NAMES[mode]} options={{ title, onClosed, fullScreenMobile: true }}>
          <CashboxInModal
            mode={mode}
            currency={currency}
            gate={gate}
            depositBonus={depositBonus}
            bonusForfeit={bonusForfeit}
            withdrawalBonus={withdrawalBonus}
          />
        </RouteModal>
      )}
    </>
  );
}
