import type { Locale } from '@croupier/shared/locales';
import { FormError } from '../../../components/ui/form-error';
import { useTranslation } from '../../../i18n/runtime';
import { useLimits } from '../api/get-limits';
import { BREAK_TYPES, limitErrorMessage, limitsOfType, MONEY_LIMIT_TYPES } from '../lib/limits-logic';
import { BreakCard } from './break-card';
import { MoneyLimitCard } from './money-limit-card';
import { SessionLimitCard } from './session-limit-card';
import './limits.css';

/**
 * The page body of /users/limits (docs/player-app.md#limits-page): a card per limit type, money
 * limits first, then the session limit and the two breaks.
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
          <SessionLimitCard limit={limitsOfType(limits.data, 'session')[0]} locale={locale} />
          {BREAK_TYPES.map((type) => (
            <BreakCard key={type} type={type} running={limitsOfType(limits.data, type)[0]} locale={locale} />
          ))}
        </div>
      )}
    </section>
  );
}
