import { useId } from 'react';
import { Link } from 'react-router';
import type { Locale } from '@croupier/shared/locales';
import { FormError } from '../../../components/ui/form-error';
import { href } from '../../../config/paths';
import { formatMoney } from '../../../i18n/format';
import { useTranslation } from '../../../i18n/runtime';
import { useDismissOffer } from '../api/dismiss-offer';
import type { BonusOffer } from '../api/get-offers';
import type { OfferType } from '../api/query-keys';
import { useChooseDepositBonus } from '../api/set-bonus-code';
import { bonusErrorMessage, offerTerms } from '../lib/bonuses-logic';
import { offerDisplayTitle, offerHeadline } from '../lib/rule-text';
import { RulesDetails, RulesList } from './rules-list';

export interface OfferCardProps {
  offer: BonusOffer;
  type: OfferType;
  /** The currency whose terms are shown (the player's, or the one a guest picked). */
  currency: string;
  signedIn: boolean;
  locale: Locale;
  /** All rules written out (the single bonus page), or behind a disclosure (lists). */
  rules: 'open' | 'disclosure';
  /** The single bonus page of this offer, linked from lists. */
  detailsHref?: string;
  /** Where a guest comes back to after signing up. */
  returnPath: string;
  /** The card is the page itself (the single bonus page: its title is the page's h1), or one item of a list. */
  standalone?: boolean;
}

/**
 * One offer (docs/bonuses.md#what-the-player-sees): its generated headline, minimum deposit and rules
 * in the shown currency, and what the visitor can do with it — choose a deposit offer for the next
 * deposit, sign up for it, or say it is not wanted.
 */
export function OfferCard({
  offer,
  type,
  currency,
  signedIn,
  locale,
  rules,
  detailsHref,
  returnPath,
  standalone = false,
}: OfferCardProps) {
  const { t, i18n } = useTranslation('bonuses');
  const titleId = useId();
  const choose = useChooseDepositBonus();
  const dismiss = useDismissOffer();
  const terms = offerTerms(offer, currency);
  const Heading = standalone ? 'h1' : 'h3';
  const title = offerDisplayTitle(offer, terms, i18n);
  const figures = offerHeadline(offer, terms, i18n);
  const context = type === 'registration' ? ({ trigger: 'registration' } as const) : {};
  const error = choose.isError ? choose.error : dismiss.isError ? dismiss.error : null;
  const Tag = standalone ? 'article' : 'li';
  return (
    <Tag className="card bonus-card bonus-offer" aria-labelledby={titleId}>
      <div className="bonus-card__head">
        <Heading id={titleId} className="bonus-card__title">
          {title}
        </Heading>
        <span className="badge">{t(`offers.${type}`)}</span>
      </div>
      {terms ? (
        <>
          {figures && <p className="bonus-card__headline">{figures}</p>}
          {terms.min_deposit_cents !== null && (
            <p>{t('offers.min_deposit', { amount: formatMoney(terms.min_deposit_cents, currency, locale) })}</p>
          )}
          {rules === 'open' ? (
            <RulesList terms={terms} context={context} />
          ) : (
            <RulesDetails terms={terms} context={context} />
          )}
        </>
      ) : (
        <p className="muted">{t('offers.no_currency', { currency })}</p>
      )}
      <FormError message={error ? bonusErrorMessage(error, i18n) : null} />
      <div className="bonus-card__actions">
        {detailsHref && (
          <Link className="btn btn--ghost btn--sm" to={detailsHref} aria-describedby={titleId}>
            {t('welcome.see')}
          </Link>
        )}
        {!signedIn ? (
          <Link className="btn btn--primary btn--sm" to={href('signUp', locale, { redirect: returnPath })}>
            {t('offers.sign_up')}
          </Link>
        ) : type === 'registration' ? (
          <p className="muted">{t('offers.new_players')}</p>
        ) : offer.selected ? (
          <>
            <p className="bonus-offer__chosen" role="status">
              {t('offers.chosen')}
            </p>
            <Link className="btn btn--primary btn--sm" to={href('deposit', locale)} preventScrollReset>
              {t('offers.deposit_now')}
            </Link>
          </>
        ) : (
          terms && (
            <button
              type="button"
              className="btn btn--primary btn--sm"
              aria-describedby={titleId}
              disabled={choose.isPending}
              aria-busy={choose.isPending || undefined}
              onClick={() => choose.mutate(offer.id)}
            >
              {t('offers.choose')}
            </button>
          )
        )}
        {signedIn && (
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            aria-describedby={titleId}
            disabled={dismiss.isPending}
            onClick={() => dismiss.mutate({ type, id: offer.id })}
          >
            {t('offers.dismiss')}
          </button>
        )}
      </div>
    </Tag>
  );
}
