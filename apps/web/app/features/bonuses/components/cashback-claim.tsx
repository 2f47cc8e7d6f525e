import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import type { Locale } from '@croupier/shared/locales';
import { useModal } from '../../../components/modal/modal-context';
import { toasts } from '../../../components/toast/toast-store';
import { FormError } from '../../../components/ui/form-error';
import { href } from '../../../config/paths';
import { formatDate, formatMoney } from '../../../i18n/format';
import { useTranslation } from '../../../i18n/runtime';
import { useActivateBonus } from '../api/activate-bonus';
import { useBonuses, type PlayerBonus } from '../api/get-bonuses';
import { markCashbackOffered } from '../lib/cashback-offers';
import { bonusDisplayTitle } from '../lib/rule-text';
import { announceOnce, bonusErrorMessage, cashbackWeek, isClaimableCashback } from '../lib/bonuses-logic';
import { RulesList } from './rules-list';
import './bonuses.css';

const DATE: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };
const DEADLINE: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/**
 * The cashback popup's content (docs/bonuses.md#what-the-player-sees): the week an issued cashback
 * pays back, that week's net cash loss, its amount and every rule, and the claim. A wager-free cashback becomes cash at once
 * and says so with the wager-free toast; one with wagering starts (or queues) as a bonus. Whatever
 * the player does, this bonus's popup does not open by itself again in this browser session.
 */
export function CashbackClaim({ id, locale }: { id: number; locale: Locale }) {
  const { t, i18n } = useTranslation('bonuses');
  const titleId = useId();
  const modal = useModal();
  const bonuses = useBonuses();
  const activate = useActivateBonus();
  // The claimed bonus stays on screen while the popup closes (the list reloads under it).
  const [claimed, setClaimed] = useState<PlayerBonus | null>(null);

  useEffect(() => markCashbackOffered(id), [id]);

  if (bonuses.isPending) return <p role="status">{t('gifts.loading')}</p>;
  if (bonuses.isError)
    return (
      <div role="alert">
        <p>{t('gifts.error')}</p>
        <button type="button" className="btn btn--secondary btn--sm" onClick={() => void bonuses.refetch()}>
          {t('gifts.retry')}
        </button>
      </div>
    );

  const bonus = claimed ?? bonuses.data.find((b) => b.id === id) ?? null;
  if (!bonus || !isClaimableCashback(bonus))
    return (
      <div className="bonus-cashback">
        <p>{t('cashback.unavailable')}</p>
        <Link
          className="btn btn--secondary"
          to={href('gifts', locale)}
          onClick={() => modal?.close({ immediate: true })}
        >
          {t('cashback.to_gifts')}
        </Link>
      </div>
    );

  const money = (cents: number) => formatMoney(cents, bonus.currency, locale);
  const week = cashbackWeek(bonus.created_at);
  const required = bonus.amount_wager_requirement_cents;

  function claim(target: PlayerBonus) {
    activate.mutate(target.id, {
      onSuccess: (result) => {
        setClaimed(target);
        const amount = money(result.amount_cents);
        if (result.stage === 'finished') {
          if (announceOnce(`${result.id}:finished`))
            toasts.add({ type: 'success', text: t('toasts.wager_free', { amount }) });
        } else {
          const multiplier =
            result.terms?.wager_multiplier ??
            Math.round(result.amount_wager_requirement_cents / Math.max(1, result.amount_cents));
          toasts.add({
            type: 'success',
            text: t(result.stage === 'wait' ? 'cashback.claimed_queued' : 'cashback.claimed_wager', {
              amount,
              multiplier,
            }),
            url: href('gifts', locale),
          });
        }
        modal?.close({ immediate: true });
      },
    });
  }

  return (
    <div className="bonus-cashback" aria-labelledby={titleId}>
      <p id={titleId} className="bonus-cashback__week">
        {week
          ? t('cashback.week', { from: formatDate(week.from, locale, DATE), to: formatDate(week.to, locale, DATE) })
          : bonusDisplayTitle(bonus, i18n)}
      </p>
      {bonus.cashback_loss_cents !== null && (
        <p className="muted" data-testid="cashback-loss">
          {t('cashback.loss', { loss: money(bonus.cashback_loss_cents) })}
        </p>
      )}
      <p className="bonus-cashback__amount" data-testid="cashback-amount">
        {money(bonus.amount_cents)}
      </p>
      {bonus.activatable_until && (
        <p className="muted">
          {t('cashback.claim_until', { date: formatDate(bonus.activatable_until, locale, DEADLINE) })}
        </p>
      )}
      {bonus.terms && (
        <>
          <h3 className="bonus-card__subtitle">{t('gifts.rules')}</h3>
          <RulesList
            terms={bonus.terms}
            context={{ trigger: bonus.strategy, ...(required > 0 ? { wager_requirement_cents: required } : {}) }}
          />
        </>
      )}
      <FormError message={activate.isError ? bonusErrorMessage(activate.error, i18n) : null} />
      <div className="form__actions bonus-dialog__actions">
        <button type="button" className="btn btn--ghost" onClick={() => modal?.close()}>
          {t('cashback.later')}
        </button>
        <button
          type="button"
          className="btn btn--primary"
          aria-describedby={titleId}
          disabled={activate.isPending || claimed !== null || !bonus.activatable}
          aria-busy={activate.isPending || undefined}
          onClick={() => claim(bonus)}
        >
          {activate.isPending ? t('cashback.claiming') : t('cashback.claim')}
        </button>
      </div>
    </div>
  );
}
