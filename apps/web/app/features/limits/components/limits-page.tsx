import { useId } from 'react';
import type { Locale } from '@croupier/shared/locales';
import { FormError } from '../../../components/ui/form-error';
import { useTranslation } from '../../../i18n/runtime';
import { useLimits } from '../api/get-limits';
import { BREAK_TYPES, limitErrorMessage, limitsOfType, MONEY_LIMIT_TYPES } from '../lib/limits-logic';
import { BreakCard } from './break-card';
import { MoneyLimitCard } from './money-limit-card';
import './limits.css';

/**
 * The page body of /users/limits (docs/player-app.md#limits-page): a card per limit type, money
 * limits first, then the session limit (not available yet) and the two breaks.
 */
export function LimitsPage({ currencies, locale }: { currencies: readonly string[]; locale: Locale }) {
  const { t, i18n } = useTranslation('limits');
  const limits = useLimits();
  return (
    <section className="container page limits" aria-labelledby="limits-title">
      <h1 id="limits-title">{t('page.title')}</h1>
      <p>{t('page.intro')}</p>
      {limits.isPending ? (
        <p role="status">{t('page.loading')}</p>
      ) : limits.isError ? (
        <div>
          <FormError message={limitErrorMessage(limits.error, i18n, locale)} />
          <button type="button" className="btn btn--secondary" onClick={() => void limits.refetch()}>
            {t('page.retry')}
          </button>
        </div>
      ) : (
        <div className="limits__grid">
          {MONEY_LIMIT_TYPES.map((type) => (
            <MoneyLimitCard
              key={type}
              type={type}
              limits={limitsOfType(limits.data, type)}
              currencies={currencies}
              locale={locale}
            />
          ))}
          <SessionCard />
          {BREAK_TYPES.map((type) => (
            <BreakCard key={type} type={type} running={limitsOfType(limits.data, type)[0]} locale={locale} />
          ))}
        </div>
      )}
    </section>
  );
}

/** Session-time limits are not built on the server yet: the page says so and offers nothing. */
function SessionCard() {
  const { t } = useTranslation('limits');
  const titleId = useId();
  return (
    <section className="card limit-card limit-card--unavailable" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('types.session.title')}</h2>
      <p>{t('types.session.note')}</p>
      <p className="limit-item__parked">{t('types.session.unavailable')}</p>
    </section>
  );
}
