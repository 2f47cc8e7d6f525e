import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { formatMoney } from '../../../i18n/format';
import { useTranslation } from '../../../i18n/runtime';
import { useLocale } from '../../../i18n/use-locale';
import {
  amountDecimals,
  amountProblem,
  DEFAULT_DEPOSIT_AMOUNT,
  parseAmount,
  plainAmount,
  subunitsOf,
  toCents,
  type PaymentAction,
} from '../lib/cashbox-logic';

const PRESETS = [20, 50, 100, 200];

/** Step 1: the amount in major units, checked against the min/max of docs/player-app.md#amounts-and-expiry. */
export function AmountStep({
  action,
  amount,
  limits,
  currency,
  availableCents = null,
  bonusCents = 0,
  bonusNotice = null,
  extra = null,
  onNext,
}: {
  action: PaymentAction;
  amount: number;
  limits: { min: number; max: number };
  currency: string;
  /** Withdrawals: the cash that can be withdrawn (minor units); null while unknown or for deposits. */
  availableCents?: number | null;
  /** Withdrawals: the bonus money the wallet holds, which a withdrawal forfeits (minor units). */
  bonusCents?: number;
  /** Withdrawals: the notice of the bonuses a withdrawal forfeits (the route composes it). */
  bonusNotice?: ((bonusCents: number) => ReactNode) | null;
  /** What the route shows for the amount being typed (the deposit's bonus toggle). */
  extra?: ((amountCents: number | null) => ReactNode) | null;
  onNext: (amount: number) => void;
}) {
  const { t } = useTranslation('cashbox');
  const locale = useLocale();
  const id = useId();
  const subunits = subunitsOf(currency);
  const crypto = subunits > 100;
  const decimals = amountDecimals(currency);
  // A crypto wallet starts at the minimum: the fiat default of 50 coins makes no sense there.
  const [text, setText] = useState(
    String(crypto && amount === DEFAULT_DEPOSIT_AMOUNT && limits.min > 0 ? limits.min : amount),
  );
  const [error, setError] = useState<string | null>(null);
  const money = (value: number) => formatMoney(toCents(value, subunits), currency, locale);
  const available = availableCents === null ? null : availableCents / subunits;
  const presets = crypto
    ? []
    : PRESETS.filter(
        (p) => p >= limits.min && (limits.max === 0 || p <= limits.max) && (available === null || p <= available),
      );
  // Withdraw everything: the whole cash part, when the method limits allow it.
  const all =
    available !== null && available > 0 && available >= limits.min && (limits.max === 0 || available <= limits.max)
      ? available
      : null;

  const typed = parseAmount(text, decimals);
  const typedCents = Number.isFinite(typed) ? toCents(typed, subunits) : null;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const value = parseAmount(text, decimals);
    const problem = amountProblem(value, limits);
    if (problem) {
      setError(t(`errors.amount_${problem}`, { min: money(limits.min), max: money(limits.max) }));
      return;
    }
    if (availableCents !== null && toCents(value, subunits) > availableCents) {
      setError(t('errors.amount_over_available', { available: formatMoney(availableCents, currency, locale) }));
      return;
    }
    setError(null);
    onNext(value);
  }

  return (
    <form className="form cashbox__amount" onSubmit={onSubmit} noValidate>
      <div className="field">
        <label className="field__label" htmlFor={id}>
          {action === 'deposit' ? t('amount.deposit_label') : t('amount.withdrawal_label')} ({currency})
        </label>
        <input
          id={id}
          className="input"
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        />
        <p id={`${id}-hint`} className="field__hint">
          {limits.max > 0
            ? t('amount.limits', { min: money(limits.min), max: money(limits.max) })
            : t('amount.min_only', { min: money(limits.min) })}
          {availableCents !== null && (
            <>
              <br />
              {t('amount.available', { amount: formatMoney(availableCents, currency, locale) })}
            </>
          )}
        </p>
        {/* Said before any step-up or payment detail: a withdrawal ends the bonus being wagered. */}
        {action === 'withdrawal' &&
          (bonusNotice
            ? bonusNotice(bonusCents)
            : bonusCents > 0 && (
                <p className="field__hint cashbox__bonus-forfeit" role="note">
                  {t('amount.bonus_forfeited', { amount: formatMoney(bonusCents, currency, locale) })}
                </p>
              ))}
        {error && (
          <p id={`${id}-error`} className="field__error">
            {error}
          </p>
        )}
      </div>
      {(presets.length > 0 || all !== null) && (
        <div className="cashbox__presets" role="group" aria-label={t('amount.presets')}>
          {presets.map((p) => (
            <button
              key={p}
              type="button"
              className="btn btn--secondary btn--sm"
              aria-pressed={parseAmount(text, decimals) === p}
              onClick={() => {
                setText(String(p));
                setError(null);
              }}
            >
              {money(p)}
            </button>
          ))}
          {all !== null && (
            <button
              type="button"
              className="btn btn--secondary btn--sm"
              aria-pressed={parseAmount(text, decimals) === all}
              onClick={() => {
                setText(plainAmount(all, decimals));
                setError(null);
              }}
            >
              {t('amount.all', { amount: money(all) })}
            </button>
          )}
        </div>
      )}
      {extra?.(typedCents)}
      <button className="btn btn--primary btn--block" type="submit">
        {t('amount.next')}
      </button>
    </form>
  );
}
