import { useId, useState } from 'react';
import type { Locale } from '@croupier/shared/locales';
import { FormError } from '../../../components/ui/form-error';
import { formatDate, formatMoney } from '../../../i18n/format';
import { useTranslation } from '../../../i18n/runtime';
import { useActivateBonus } from '../api/activate-bonus';
import type { PlayerBonus } from '../api/get-bonuses';
import { bonusErrorMessage } from '../lib/bonuses-logic';
import { bonusDisplayTitle, headline } from '../lib/rule-text';
import { CancelBonusDialog } from './cancel-bonus-dialog';
import { RulesDetails } from './rules-list';

const DATE: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/**
 * One bonus of the gifts page: its name and generated headline, its stage, the wagering while it is
 * wagered, its dates, its rules, and the actions it allows (activate, cancel with its figures).
 */
export function BonusCard({ bonus, locale }: { bonus: PlayerBonus; locale: Locale }) {
  const { t, i18n } = useTranslation('bonuses');
  const titleId = useId();
  const activate = useActivateBonus();
  const [cancelling, setCancelling] = useState(false);
  const money = (cents: number) => formatMoney(cents, bonus.currency, locale);
  const title = bonusDisplayTitle(bonus, i18n);
  // A campaign's own title ("Welcome pack") gets the figures under it; a built title already is them.
  const figures = !bonus.title_generated && bonus.terms ? headline(bonus.terms, i18n) : null;
  const wagering = bonus.stage === 'handle_bets';
  const required = bonus.amount_wager_requirement_cents;
  return (
    <li className="card bonus-card" aria-labelledby={titleId}>
      <div className="bonus-card__head">
        <h3 id={titleId} className="bonus-card__title">
          {title}
        </h3>
        <span className={`badge bonus-card__stage bonus-card__stage--${bonus.stage}`}>
          {bonus.status === 'erased_by_withdraw' ? t('gifts.erased_by_withdraw') : t(`stages.${bonus.stage}`)}
        </span>
      </div>
      {figures && figures !== title && <p className="bonus-card__headline">{figures}</p>}
      {bonus.amount_cents > 0 && (
        <p className="bonus-card__amount">
          {t('gifts.amount')}: <strong>{money(bonus.amount_cents)}</strong>
        </p>
      )}
      {wagering && required > 0 && (
        <div className="bonus-card__wagering">
          <p>{t('gifts.wagered', { wagered: money(bonus.amount_wager_cents), required: money(required) })}</p>
          <progress
            className="bonus-meter__bar"
            max={required}
            value={Math.min(bonus.amount_wager_cents, required)}
            aria-label={t('meter.label')}
          />
        </div>
      )}
      {bonus.stage === 'wait' && <p className="muted">{t('gifts.queued')}</p>}
      {bonus.stage === 'wager_done' && bonus.converted_cents > 0 && (
        <p>{t('gifts.converted', { amount: money(bonus.converted_cents) })}</p>
      )}
      <p className="muted bonus-card__dates">
        {bonus.stage === 'issued' && bonus.activatable_until
          ? t('gifts.activate_until', { date: formatDate(bonus.activatable_until, locale, DATE) })
          : wagering && bonus.valid_until
            ? t('gifts.valid_until', { date: formatDate(bonus.valid_until, locale, DATE) })
            : t('gifts.received', { date: formatDate(bonus.created_at, locale, DATE) })}
      </p>
      {bonus.terms && (
        <RulesDetails
          terms={bonus.terms}
          context={{ trigger: bonus.strategy, ...(required > 0 ? { wager_requirement_cents: required } : {}) }}
        />
      )}
      <FormError message={activate.isError ? bonusErrorMessage(activate.error, i18n) : null} />
      {(bonus.activatable || bonus.cancelable) && (
        <div className="bonus-card__actions">
          {bonus.activatable && (
            <button
              type="button"
              className="btn btn--primary btn--sm"
              aria-describedby={titleId}
              disabled={activate.isPending}
              aria-busy={activate.isPending || undefined}
              onClick={() => activate.mutate(bonus.id)}
            >
              {activate.isPending ? t('gifts.activating') : t('gifts.activate')}
            </button>
          )}
          {bonus.cancelable && (
            <button
              type="button"
              className="btn btn--danger-outline btn--sm"
              aria-describedby={titleId}
              onClick={() => setCancelling(true)}
            >
              {t('gifts.cancel')}
            </button>
          )}
        </div>
      )}
      {cancelling && <CancelBonusDialog bonus={bonus} onClose={() => setCancelling(false)} />}
    </li>
  );
}
