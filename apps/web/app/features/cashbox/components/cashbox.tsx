import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '../../../i18n/format';
import { localePath } from '../../../i18n/locale-path';
import { useTranslation } from '../../../i18n/runtime';
import { useLocale } from '../../../i18n/use-locale';
import { QUERY_KEYS } from '../../../lib/query-keys';
import { useRealtimeChannel } from '../../../lib/realtime';
import { useApi } from '../../../lib/api-context';
import { splitBalance } from '../../../lib/player/balance';
import { useAccounts } from '../../../lib/player/get-accounts';
import { useCurrentUser } from '../../../lib/player/use-current-user';
import {
  getPayments,
  logDepositMethods,
  PAYMENTS_KEY,
  usePaymentMethods,
  type Payment,
  type PaymentMethod,
} from '../api/payments';
import {
  amountLimits,
  CASHBOX_LAST_STEP,
  DEFAULT_DEPOSIT_AMOUNT,
  isFinalState,
  nextStep,
  PAYMENT_POLL_MS,
  prevStep,
  subunitsOf,
  toCents,
  type CashboxStep,
  type PaymentAction,
} from '../lib/cashbox-logic';
import { AmountStep } from './amount-step';
import { MethodsPanel } from './methods-panel';
import { PaymentDetailsStep, type BonusForfeitSlot, type SubmitResult } from './payment-details-step';
import './cashbox.css';

/** Which screen a cashbox route opens (docs/player-app.md#cashbox-popups: /cashbox and /dashboard, /deposit, /withdraw, /deposit-fast). */
export type CashboxMode = 'dashboard' | 'deposit' | 'withdrawal' | 'fast';

type Outcome =
  | { kind: 'waiting'; payment: Payment; redirectUrl: string | null; frame: boolean }
  | { kind: 'success'; payment: Payment }
  | { kind: 'failure'; message: string };

/**
 * A screen the app puts before the cashbox (docs/player-app.md#required-profile-data: the profile-data form); it calls `done` to let
 * the player on to the steps.
 */
export type CashboxGate = (done: () => void) => ReactNode;

/**
 * What the deposit's amount step shows about a bonus, for the amount being typed (minor units, null
 * while it is not a number): the cashbox route puts the bonus toggle here (docs/bonuses.md#what-the-player-sees).
 */
export type DepositBonusSlot = (amountCents: number | null) => ReactNode;

/**
 * What the withdrawal's amount step says about the wallet's bonuses before anything is sent: the
 * route puts the bonuses feature's notice here (which bonus a withdrawal forfeits, how much, and
 * that a recall does not bring it back). It gets the wallet's bonus money (minor units).
 */
export type WithdrawalBonusSlot = (bonusCents: number) => ReactNode;

export type { BonusForfeitSlot };

export interface CashboxProps {
  mode: CashboxMode;
  /** Shown first, until it calls `done`; null or absent when nothing is needed. */
  gate?: CashboxGate | null;
  /** The player's wallet currency. */
  currency: string;
  /** Leaves the cashbox (closes the modal). */
  onClose: () => void;
  /** The deposit step's bonus (the route composes the bonus toggle); none when absent. */
  depositBonus?: DepositBonusSlot | null;
  /** The question a withdrawal asks while a bonus is being wagered; without it the refusal shows as an error. */
  bonusForfeit?: BonusForfeitSlot | null;
  /** The withdrawal step's notice of the bonuses it forfeits; without it one sentence names the bonus money. */
  withdrawalBonus?: WithdrawalBonusSlot | null;
}

/** What can take the focus when a new cashbox screen appears (the toolbar's Back excluded). */
const STEP_FIELDS =
  'input:not([disabled]):not([type="hidden"]),select:not([disabled]),textarea:not([disabled]),button:not([disabled]),a[href],[tabindex]:not([tabindex="-1"])';

/**
 * The cashbox flow of docs/player-app.md#cashbox-flow, #deposit-and-withdrawal-steps: toolbar (back, step n of 3), then amount → method → payment
 * details, then success or unsuccess. A deposit that needs the bank (3-D Secure) waits for the
 * final state from `payments_changes`, with a re-read of the history every few seconds as fallback.
 */
export function Cashbox({
  mode,
  gate = null,
  currency,
  onClose,
  depositBonus = null,
  bonusForfeit = null,
  withdrawalBonus = null,
}: CashboxProps) {
  const { t } = useTranslation('cashbox');
  const locale = useLocale();
  const queryClient = useQueryClient();
  const api = useApi();
  const [action, setAction] = useState<PaymentAction | null>(
    mode === 'dashboard' ? null : mode === 'withdrawal' ? 'withdrawal' : 'deposit',
  );
  const [step, setStep] = useState<CashboxStep>(1);
  const [amount, setAmount] = useState<number>(DEFAULT_DEPOSIT_AMOUNT);
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [gatePassed, setGatePassed] = useState(false);
  const methods = usePaymentMethods(action ? currency : undefined, action ?? 'deposit');
  const list = methods.data ?? [];
  const limits = amountLimits(list);
  // The wallet's cash and bonus parts, shown apart; a withdrawal's amount step shows and checks the
  // cash (bonus money stays, docs/bonuses.md#what-the-player-sees).
  const accounts = useAccounts(action !== null);
  const wallet = accounts.data?.find((a) => a.currency === currency);
  const split = wallet ? splitBalance(wallet) : null;
  const availableCents = action === 'withdrawal' && split ? split.cashCents : null;
  const fastMethod = mode === 'fast' ? (list.find((m) => m.savedProfiles.length > 0) ?? null) : null;

  const waiting = outcome?.kind === 'waiting' ? outcome.payment.id : null;

  // Keyboard and screen-reader users follow the flow: a new screen (Continue, a method, Back, a
  // result) takes the focus to its first field, or to the step label when it has none yet, instead
  // of leaving it on a control that has just disappeared. The first screen is the dialog's to focus.
  const rootRef = useRef<HTMLDivElement>(null);
  const stepLabelRef = useRef<HTMLSpanElement>(null);
  const screenKey = `${gatePassed}:${action}:${step}:${outcome?.kind ?? ''}`;
  const shownScreen = useRef(screenKey);
  useEffect(() => {
    if (shownScreen.current === screenKey) return;
    shownScreen.current = screenKey;
    const root = rootRef.current;
    if (!root) return;
    const toolbar = root.querySelector('.cashbox__toolbar');
    const first = [...root.querySelectorAll<HTMLElement>(STEP_FIELDS)].find((el) => !toolbar?.contains(el));
    (first ?? stepLabelRef.current)?.focus();
  }, [screenKey]);

  // docs/player-app.md#cashbox-flow: the deposit methods the player was shown go to the operator's log, once per opening.
  const { user } = useCurrentUser();
  const logged = useRef(false);
  useEffect(() => {
    if (logged.current || action !== 'deposit' || !methods.isSuccess || !user) return;
    logged.current = true;
    // A log: whatever happens to it, the cashbox goes on.
    void Promise.resolve()
      .then(() => logDepositMethods(api, methods.data, { id: user.id, currency, country: user.country }))
      .catch(() => undefined);
  }, [action, methods.isSuccess, methods.data, user, api, currency]);

  const finalOutcome = (payment: Payment): Outcome =>
    payment.state === 'succeeded'
      ? { kind: 'success', payment }
      : { kind: 'failure', message: payment.cancellation_reason || t('result.declined') };

  // The bank's window (3-D Secure): once the payment is settled the result shows here, so the
  // window that asked for the approval closes (the sandbox page itself runs no script).
  const bankWindow = useRef<Window | null>(null);

  /** Moves a waiting payment to success or unsuccess once its state is final. */
  function settle(payment: Payment) {
    if (!isFinalState(payment.state)) return;
    bankWindow.current?.close();
    bankWindow.current = null;
    void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.accounts });
    void queryClient.invalidateQueries({ queryKey: PAYMENTS_KEY });
    const next = finalOutcome(payment);
    setOutcome((prev) => (prev === null || (prev.kind === 'waiting' && prev.payment.id === payment.id) ? next : prev));
  }
  const settleRef = useRef(settle);
  useEffect(() => {
    settleRef.current = settle;
  });

  useRealtimeChannel(
    'payments_changes',
    (data) => {
      const payment = data as unknown as Payment;
      if (waiting !== null && payment.id === waiting) settle(payment);
    },
    waiting !== null,
  );

  // Fallback when the realtime event does not arrive: re-read the history every few seconds.
  useEffect(() => {
    if (waiting === null) return;
    const timer = setInterval(() => {
      getPayments(api)
        .then((list) => {
          const found = list.find((p) => p.id === waiting);
          if (found) settleRef.current(found);
        })
        .catch(() => undefined);
    }, PAYMENT_POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, api]);

  function onSubmitted(result: SubmitResult) {
    const { payment, redirectUrl } = result;
    if (redirectUrl) {
      // A new window for the bank page; if the browser blocks it, the page opens inside the modal.
      const opened = typeof window !== 'undefined' ? window.open(redirectUrl, '_blank') : null;
      bankWindow.current = opened;
      setOutcome({ kind: 'waiting', payment, redirectUrl, frame: !opened });
    } else if (payment.action === 'cashout') {
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.accounts });
      void queryClient.invalidateQueries({ queryKey: PAYMENTS_KEY });
      setOutcome({ kind: 'success', payment });
    } else if (isFinalState(payment.state)) settle(payment);
    else setOutcome({ kind: 'waiting', payment, redirectUrl: null, frame: false });
  }

  function back() {
    if (outcome) {
      setOutcome(null);
      return;
    }
    if (step === 1) {
      // Back from step 1 leaves: to the dashboard when it was the start, else out of the cashbox.
      if (mode === 'dashboard' && action) setAction(null);
      else onClose();
      return;
    }
    setStep(mode === 'fast' ? 1 : prevStep(step));
  }

  function restart() {
    setOutcome(null);
    setMethod(null);
    setStep(1);
  }

  if (gate && !gatePassed)
    return (
      <div className="cashbox" ref={rootRef}>
        {gate(() => setGatePassed(true))}
      </div>
    );

  if (!action) {
    return (
      <div className="cashbox" ref={rootRef}>
        <div className="cashbox__dashboard">
          <button type="button" className="btn btn--primary btn--block" onClick={() => setAction('deposit')}>
            {t('dashboard.deposit')}
          </button>
          <button type="button" className="btn btn--secondary btn--block" onClick={() => setAction('withdrawal')}>
            {t('dashboard.withdraw')}
          </button>
          <Link className="cashbox__link" to={localePath('/users/payments', locale)}>
            {t('dashboard.history')}
          </Link>
        </div>
      </div>
    );
  }

  const title = mode === 'fast' ? t('fast.title') : action === 'deposit' ? t('deposit.title') : t('withdrawal.title');
  const shownStep = mode === 'fast' && step > 1 ? CASHBOX_LAST_STEP : step;

  return (
    <div className="cashbox" ref={rootRef}>
      <div className="cashbox__toolbar">
        {/* Never the first focus: Enter on it would close the flow just opened. */}
        <button
          type="button"
          className="btn btn--ghost btn--icon cashbox__back"
          onClick={back}
          aria-label={t('toolbar.back')}
          data-no-autofocus
        >
          <span aria-hidden="true">←</span>
        </button>
        <div className="cashbox__progress">
          <span className="cashbox__step-label" ref={stepLabelRef} tabIndex={-1}>
            {t('toolbar.step', { step: shownStep, total: CASHBOX_LAST_STEP })}
          </span>
          <div
            className="cashbox__bar"
            role="progressbar"
            aria-label={title}
            aria-valuemin={1}
            aria-valuemax={CASHBOX_LAST_STEP}
            aria-valuenow={shownStep}
          >
            <span style={{ width: `${(shownStep / CASHBOX_LAST_STEP) * 100}%` }} />
          </div>
        </div>
      </div>
      {split && split.bonusCents > 0 && !outcome && (
        <p className="cashbox__balance">
          {t('balance.split', {
            cash: formatMoney(split.cashCents, currency, locale),
            bonus: formatMoney(split.bonusCents, currency, locale),
          })}
        </p>
      )}
      {/* The dialog title already names the flow, except on the dashboard (/cashbox, /dashboard). */}
      {mode === 'dashboard' && <h3 className="cashbox__heading">{title}</h3>}

      {outcome?.kind === 'waiting' && (
        <div className="cashbox__result" role="status">
          <div className="cashbox__spinner" aria-hidden="true" />
          <p>{t('result.waiting')}</p>
          {outcome.redirectUrl && (
            <>
              <p className="muted">{outcome.frame ? t('result.bank_below') : t('result.bank_window')}</p>
              <a className="btn btn--secondary btn--sm" href={outcome.redirectUrl} target="_blank" rel="noreferrer">
                {t('result.open_bank')}
              </a>
              {outcome.frame && (
                <iframe className="cashbox__bank" src={outcome.redirectUrl} title={t('result.bank_frame')} />
              )}
            </>
          )}
        </div>
      )}
      {outcome?.kind === 'success' && (
        <div className="cashbox__result cashbox__result--success" role="status">
          <p className="cashbox__result-title">
            {outcome.payment.action === 'cashout' ? t('result.withdrawal_requested') : t('result.deposit_success')}
          </p>
          <p>{formatMoney(outcome.payment.amount_cents, outcome.payment.currency, locale)}</p>
          <button type="button" className="btn btn--primary btn--block" onClick={onClose}>
            {t('result.done')}
          </button>
        </div>
      )}
      {outcome?.kind === 'failure' && (
        <div className="cashbox__result cashbox__result--failure" role="alert">
          <p className="cashbox__result-title">{t('result.failure')}</p>
          <p>{outcome.message}</p>
          <button type="button" className="btn btn--primary btn--block" onClick={restart}>
            {t('result.try_again')}
          </button>
        </div>
      )}

      {!outcome && methods.isPending && <p className="muted">{t('loading')}</p>}
      {!outcome && methods.isError && (
        <p className="form-error" role="alert">
          {t('errors.methods')}
        </p>
      )}
      {!outcome && methods.isSuccess && step === 1 && (
        <AmountStep
          action={action}
          amount={amount}
          limits={limits}
          currency={currency}
          availableCents={availableCents}
          bonusCents={action === 'withdrawal' && split ? split.bonusCents : 0}
          bonusNotice={action === 'withdrawal' ? withdrawalBonus : null}
          extra={action === 'deposit' ? depositBonus : null}
          onNext={(value) => {
            setAmount(value);
            setStep(mode === 'fast' ? CASHBOX_LAST_STEP : nextStep(step));
          }}
        />
      )}
      {!outcome && methods.isSuccess && step === 2 && (
        <MethodsPanel
          action={action}
          currency={currency}
          methods={list}
          amount={amount}
          limits={limits}
          selectedId={method?.id ?? null}
          onSelect={(m) => {
            setMethod(m);
            setStep(nextStep(step));
          }}
        />
      )}
      {!outcome && methods.isSuccess && step === 3 && mode === 'fast' && !fastMethod && (
        <div className="cashbox__note">
          <p>{t('fast.no_profile')}</p>
          <Link className="btn btn--primary btn--block" to={localePath('/deposit', locale)}>
            {t('deposit.title')}
          </Link>
        </div>
      )}
      {!outcome && methods.isSuccess && step === 3 && (mode === 'fast' ? fastMethod : method) && (
        <PaymentDetailsStep
          action={action}
          method={(mode === 'fast' ? fastMethod : method)!}
          fast={mode === 'fast'}
          currency={currency}
          amountCents={toCents(amount, subunitsOf(currency))}
          onSubmitted={onSubmitted}
          bonusForfeit={bonusForfeit}
        />
      )}
    </div>
  );
}
