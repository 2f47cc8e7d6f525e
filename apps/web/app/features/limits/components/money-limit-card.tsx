import { type FormEvent, useId, useState } from 'react';
import { limitAccountReached } from '@croupier/shared/limits';
import type { Locale } from '@croupier/shared/locales';
import { SelectField, TextField } from '../../../components/ui/field';
import { FormError } from '../../../components/ui/form-error';
import { formatDate, formatMoney } from '../../../i18n/format';
import { useTranslation } from '../../../i18n/runtime';
import { amountDecimals, parseAmount, subunitsOf, toCents } from '../../../lib/amount-input';
import type { UserLimit, UserLimitAccount } from '../api/get-limits';
import { useSaveLimit } from '../api/save-limit';
import { LimitRemoval } from './limit-removal';
import {
  DATE_TIME,
  LIMIT_PERIODS,
  type LimitPeriod,
  limitErrorMessage,
  type MoneyLimitType,
} from '../lib/limits-logic';

interface MoneyLimitProps {
  type: MoneyLimitType;
  /** The player's limits of this type. */
  limits: readonly UserLimit[];
  /** The player's wallet currencies, the current one first. */
  currencies: readonly string[];
  locale: Locale;
}

/**
 * One money limit type (loss, wager or deposit): what it does, the limits the player holds with
 * what each window has used, parked changes, and the form to set, lower or raise one.
 */
export function MoneyLimitCard({ type, limits, currencies, locale }: MoneyLimitProps) {
  const { t } = useTranslation('limits');
  const titleId = useId();
  return (
    <section className="card limit-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{t(`types.${type}.title`)}</h2>
      <p>{t(`types.${type}.note`)}</p>
      <p className="muted">{t('page.rule')}</p>
      {limits.length === 0 ? (
        <p className="limit-card__none">{t('money.none')}</p>
      ) : (
        <ul className="limit-list">
          {limits.map((limit) => (
            <MoneyLimitItem key={limit.id} limit={limit} locale={locale} />
          ))}
        </ul>
      )}
      <MoneyLimitForm type={type} limits={limits} currencies={currencies} locale={locale} />
    </section>
  );
}

function MoneyLimitItem({ limit, locale }: { limit: UserLimit; locale: Locale }) {
  const { t } = useTranslation('limits');
  const headingId = useId();
  const removalParked = limit.status === 'unconfirmed_disable';
  const period = t(`periods.${limit.period}`);
  return (
    <li className="limit-item" aria-labelledby={headingId}>
      <h3 id={headingId} className="limit-item__title">
        {period}
        {removalParked && <span className="badge">{t('status.removal_pending')}</span>}
        {limit.status === 'unconfirmed' && <span className="badge">{t('status.raise_pending')}</span>}
      </h3>
      {limit.accounts.map((account) => (
        <AccountFigures key={account.currency} account={account} locale={locale} confirmFrom={limit.confirmable_at} />
      ))}
      <LimitRemoval limit={limit} locale={locale} headingId={headingId} />
    </li>
  );
}

function AccountFigures({
  account,
  locale,
  confirmFrom,
}: {
  account: UserLimitAccount;
  locale: Locale;
  confirmFrom: string | null;
}) {
  const { t } = useTranslation('limits');
  const money = (cents: number) => formatMoney(cents, account.currency, locale);
  const left = Math.max(0, account.amount_cents - account.current_value_amount_cents);
  const reached = limitAccountReached(account);
  return (
    <div className="limit-account">
      <dl className="facts limit-account__facts">
        <div className="facts__row">
          <dt>{t('money.amount')}</dt>
          <dd>{money(account.amount_cents)}</dd>
        </div>
        <div className="facts__row">
          <dt>{t('money.used')}</dt>
          <dd>{money(account.current_value_amount_cents)}</dd>
        </div>
        <div className="facts__row">
          <dt>{t('money.left')}</dt>
          <dd>
            {money(left)}
            {reached && <span className="badge limit-account__reached">{t('status.reached')}</span>}
          </dd>
        </div>
        <div className="facts__row">
          <dt>{t('money.window_ends')}</dt>
          <dd>
            {account.active_until ? formatDate(account.active_until, locale, DATE_TIME) : t('money.never_resets')}
          </dd>
        </div>
      </dl>
      <progress
        className={`limit-account__meter${reached ? ' limit-account__meter--reached' : ''}`}
        max={Math.max(1, account.amount_cents)}
        value={Math.min(account.amount_cents, account.current_value_amount_cents)}
        aria-label={t('money.meter', {
          used: money(account.current_value_amount_cents),
          amount: money(account.amount_cents),
        })}
      />
      {account.pending_amount_cents !== null && (
        <p className="limit-item__parked">
          {confirmFrom
            ? t('money.pending_raise', {
                amount: money(account.pending_amount_cents),
                date: formatDate(confirmFrom, locale, DATE_TIME),
              })
            : t('money.pending_raise_undated', { amount: money(account.pending_amount_cents) })}
        </p>
      )}
    </div>
  );
}

function MoneyLimitForm({ type, limits, currencies, locale }: MoneyLimitProps) {
  const { t, i18n } = useTranslation('limits');
  const save = useSaveLimit();
  const formId = useId();
  const [period, setPeriod] = useState<LimitPeriod>('day');
  const [currency, setCurrency] = useState(currencies[0] ?? '');
  const [text, setText] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const chosen = currencies.includes(currency) ? currency : (currencies[0] ?? '');
  const existing = limits.find((l) => l.period === period);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setDone(null);
    const value = parseAmount(text, amountDecimals(chosen));
    const cents = Number.isFinite(value) ? toCents(value, subunitsOf(chosen)) : 0;
    if (!chosen || !(cents > 0)) {
      setAmountError(t('money.amount_invalid'));
      return;
    }
    setAmountError(null);
    save.mutate(
      { ...(existing ? { id: existing.id } : {}), type, period, accounts: [{ currency: chosen, amount_cents: cents }] },
      {
        onSuccess: (limit) => {
          setText('');
          const parked = limit.accounts.find((a) => a.currency === chosen)?.pending_amount_cents != null;
          setDone(
            parked && limit.confirmable_at
              ? t('money.saved_parked', { date: formatDate(limit.confirmable_at, locale, DATE_TIME) })
              : t('money.saved_now'),
          );
        },
      },
    );
  }

  return (
    <form className="form limit-form" onSubmit={onSubmit} noValidate aria-labelledby={formId}>
      <h3 id={formId} className="limit-form__title">
        {t(`types.${type}.form_title`)}
      </h3>
      {save.isError && <FormError message={limitErrorMessage(save.error, i18n, locale)} />}
      <div className="limit-form__fields">
        <SelectField
          label={t('money.period')}
          name="period"
          value={period}
          onChange={(v) => setPeriod(v as LimitPeriod)}
          options={LIMIT_PERIODS.map((p) => ({ value: p, label: t(`periods.${p}`) }))}
        />
        {currencies.length > 1 && (
          <SelectField
            label={t('money.currency')}
            name="currency"
            value={chosen}
            onChange={setCurrency}
            options={currencies.map((c) => ({ value: c, label: c }))}
          />
        )}
        <TextField
          label={currencies.length > 1 ? t('money.new_amount') : t('money.new_amount_in', { currency: chosen })}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          value={text}
          onChange={(v) => {
            setText(v);
            setAmountError(null);
          }}
          error={amountError}
        />
      </div>
      <div className="form__actions">
        <button
          type="submit"
          className="btn btn--primary"
          disabled={save.isPending || !chosen}
          aria-busy={save.isPending || undefined}
        >
          {existing ? t('money.change') : t('money.set')}
        </button>
      </div>
      <div role="status">{done && <p className="form-success">{done}</p>}</div>
    </form>
  );
}
