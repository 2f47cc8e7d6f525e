import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { CouponOutcome } from '@croupier/shared/bonus-terms';
import type { Locale } from '@croupier/shared/locales';
import { FormError } from '../../../components/ui/form-error';
import { href } from '../../../config/paths';
import { formatDate } from '../../../i18n/format';
import { useTranslation } from '../../../i18n/runtime';
import { useBonusCodes } from '../api/get-bonus-codes';
import { useRedeemCoupon } from '../api/redeem-coupon';
import { bonusErrorMessage } from '../lib/bonuses-logic';
import './bonuses.css';

const DATE: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };

/** How each coupon outcome is shown: a success, a note, or a warning (docs/bonuses.md#what-the-player-sees: the three coupon messages). */
const OUTCOME_KIND: Record<CouponOutcome, 'success' | 'info' | 'warning'> = {
  successfully_activated: 'success',
  already_activated: 'info',
  failed_to_activate: 'warning',
};

/**
 * The page body of /users/promocode: the coupon field with its outcome ("Successfully activated",
 * "Already activated", "Failed to activate" as a warning), and the codes the player has used
 * (`GET /api/player/bonus_codes`), whose failure leaves the field working.
 */
export function PromocodePage({ locale }: { locale: Locale }) {
  const { t, i18n } = useTranslation('bonuses');
  const ids = { title: useId(), field: useId(), error: useId(), codes: useId() };
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const redeem = useRedeemCoupon();
  const codes = useBonusCodes();
  const outcome = redeem.data?.status ?? null;

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = code.trim();
    if (!value) {
      setMissing(true);
      return;
    }
    setMissing(false);
    redeem.mutate(value, {
      onSuccess: (result) => {
        if (result.status === 'successfully_activated') setCode('');
      },
    });
  }

  return (
    <section className="container page bonuses" aria-labelledby={ids.title}>
      <h1 id={ids.title}>{t('coupon.title')}</h1>
      <p>{t('coupon.intro')}</p>
      <form className="card form bonus-coupon" onSubmit={submit} noValidate aria-busy={redeem.isPending}>
        <div className="field">
          <label className="field__label" htmlFor={ids.field}>
            {t('coupon.label')}
          </label>
          <input
            id={ids.field}
            className="input"
            name="coupon_code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={64}
            value={code}
            onChange={(e) => {
              setCode(e.target.value);
              setMissing(false);
            }}
            aria-invalid={missing || undefined}
            aria-describedby={missing ? ids.error : undefined}
          />
          {missing && (
            <p id={ids.error} className="field__error">
              {t('coupon.required')}
            </p>
          )}
        </div>
        {outcome && !redeem.isPending && (
          <p
            className={`bonus-outcome bonus-outcome--${OUTCOME_KIND[outcome]}`}
            role={OUTCOME_KIND[outcome] === 'warning' ? 'alert' : 'status'}
          >
            {t(`coupon.${outcome}`)}
            {outcome === 'successfully_activated' && (
              <>
                {' '}
                <Link to={href('gifts', locale)}>{t('gifts.title')}</Link>
              </>
            )}
          </p>
        )}
        <FormError message={redeem.isError ? bonusErrorMessage(redeem.error, i18n) : null} />
        <button
          type="submit"
          className="btn btn--primary"
          disabled={redeem.isPending}
          aria-busy={redeem.isPending || undefined}
        >
          {redeem.isPending ? t('coupon.submitting') : t('coupon.submit')}
        </button>
      </form>
      <section className="card" aria-labelledby={ids.codes}>
        <h2 id={ids.codes}>{t('coupon.codes_title')}</h2>
        {codes.isPending ? (
          <p role="status">{t('gifts.loading')}</p>
        ) : codes.isError ? (
          // The list is secondary: its failure (an older server without the call, a glitch) says so
          // quietly, never as an alert competing with a coupon's outcome, and the field above works on.
          <div className="bonus-codes__error">
            <p className="muted">
              {t('coupon.codes_error')} {t('coupon.codes_still_work')}
            </p>
            <button
              type="button"
              className="btn btn--secondary btn--sm"
              disabled={codes.isFetching}
              aria-busy={codes.isFetching || undefined}
              onClick={() => void codes.refetch()}
            >
              {t('gifts.retry')}
            </button>
          </div>
        ) : codes.data.length === 0 ? (
          <p className="muted">{t('coupon.codes_empty')}</p>
        ) : (
          <ul className="bonus-codes">
            {codes.data.map((entry) => (
              <li key={entry.code} className="bonus-codes__item">
                <span className="bonus-codes__code">{entry.code}</span>
                <span className="badge">{t(`code_states.${entry.state}`)}</span>
                <span>{entry.title}</span>
                <span className="muted">
                  {entry.redeemed_at
                    ? t('coupon.redeemed', { date: formatDate(entry.redeemed_at, locale, DATE) })
                    : entry.valid_until
                      ? t('coupon.valid_until', { date: formatDate(entry.valid_until, locale, DATE) })
                      : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
