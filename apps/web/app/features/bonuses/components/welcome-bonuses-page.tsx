import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { Locale } from '@croupier/shared/locales';
import { href, PATHS } from '../../../config/paths';
import { localePath } from '../../../i18n/locale-path';
import { useTranslation } from '../../../i18n/runtime';
import { useOffers, type BonusOffer } from '../api/get-offers';
import type { OfferType } from '../api/query-keys';
import { offerCurrencies, visibleOffers } from '../lib/bonuses-logic';
import { OfferCard } from './offer-card';
import './bonuses.css';

/** The single bonus page of an offer (docs/bonuses.md#what-the-player-sees). */
export const offerPath = (code: string) => `${PATHS.welcomeBonuses}/${encodeURIComponent(code)}`;

interface OffersState {
  offers: { offer: BonusOffer; type: OfferType }[];
  pending: boolean;
  error: boolean;
  retry: () => void;
}

/** The deposit and registration offers together, never the hidden ones. */
function useAllOffers(): OffersState {
  const deposit = useOffers('deposit');
  const registration = useOffers('registration');
  return {
    offers: [
      ...visibleOffers(deposit.data).map((offer) => ({ offer, type: 'deposit' as const })),
      ...visibleOffers(registration.data).map((offer) => ({ offer, type: 'registration' as const })),
    ],
    pending: deposit.isPending || registration.isPending,
    error: deposit.isError && registration.isError,
    retry: () => {
      void deposit.refetch();
      void registration.refetch();
    },
  };
}

/**
 * The currency amounts are shown in: the player's wallet, else the one a guest picked, else the
 * guess from their country, else the first one the offers have.
 */
function useShownCurrency(offers: readonly BonusOffer[], playerCurrency: string | null, guess: string) {
  const [picked, setPicked] = useState<string | null>(null);
  const available = offerCurrencies(offers);
  const wanted = playerCurrency ?? picked ?? guess;
  const currency = playerCurrency || available.length === 0 || available.includes(wanted) ? wanted : available[0]!;
  return { currency, available, pick: setPicked };
}

export interface WelcomeBonusesProps {
  locale: Locale;
  signedIn: boolean;
  /** The signed-in player's wallet currency; null for a guest. */
  playerCurrency: string | null;
  /** A guest's likely currency (their country's). */
  guessedCurrency: string;
}

function States({ state }: { state: OffersState }) {
  const { t } = useTranslation('bonuses');
  if (state.pending) return <p role="status">{t('welcome.loading')}</p>;
  if (state.error)
    return (
      <div role="alert">
        <p>{t('welcome.error')}</p>
        <button type="button" className="btn btn--secondary btn--sm" onClick={state.retry}>
          {t('gifts.retry')}
        </button>
      </div>
    );
  return null;
}

/**
 * /welcome-bonuses (public): every deposit and registration offer with its rules, in the player's
 * currency or, for a guest, one they choose.
 */
export function WelcomeBonusesPage({ locale, signedIn, playerCurrency, guessedCurrency }: WelcomeBonusesProps) {
  const { t } = useTranslation('bonuses');
  const ids = { title: useId(), currency: useId() };
  const state = useAllOffers();
  const shown = useShownCurrency(
    state.offers.map((o) => o.offer),
    playerCurrency,
    guessedCurrency,
  );
  const here = href('welcomeBonuses', locale);
  return (
    <section className="container page bonuses" aria-labelledby={ids.title}>
      <h1 id={ids.title}>{t('welcome.title')}</h1>
      <p>{t('welcome.intro')}</p>
      {!playerCurrency && shown.available.length > 1 && (
        <div className="field bonus-currency">
          <label className="field__label" htmlFor={ids.currency}>
            {t('welcome.currency')}
          </label>
          <select
            id={ids.currency}
            className="select"
            value={shown.currency}
            onChange={(e) => shown.pick(e.target.value)}
          >
            {shown.available.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </div>
      )}
      <States state={state} />
      {!state.pending && !state.error && state.offers.length === 0 && <p className="muted">{t('welcome.empty')}</p>}
      {state.offers.length > 0 && (
        <ul className="bonus-list">
          {state.offers.map(({ offer, type }) => (
            <OfferCard
              key={`${type}-${offer.id}`}
              offer={offer}
              type={type}
              currency={shown.currency}
              signedIn={signedIn}
              locale={locale}
              rules="disclosure"
              detailsHref={localePath(offerPath(offer.id), locale)}
              returnPath={here}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

/** /welcome-bonuses/<code>: one offer with all its rules and the button that selects it. */
export function WelcomeBonusPage({
  code,
  locale,
  signedIn,
  playerCurrency,
  guessedCurrency,
}: WelcomeBonusesProps & { code: string }) {
  const { t } = useTranslation('bonuses');
  const state = useAllOffers();
  const found = state.offers.find(({ offer }) => offer.id.toUpperCase() === code.toUpperCase()) ?? null;
  const shown = useShownCurrency(found ? [found.offer] : [], playerCurrency, guessedCurrency);
  const back = (
    <Link className="bonus-back" to={href('welcomeBonuses', locale)}>
      ← {t('welcome.back')}
    </Link>
  );
  if (state.pending || (state.error && !found))
    return (
      <section className="container page bonuses">
        {back}
        <States state={state} />
      </section>
    );
  if (!found)
    return (
      <section className="container page bonuses" aria-labelledby="bonus-missing">
        {back}
        <h1 id="bonus-missing">{t('welcome.not_found_title')}</h1>
        <p>{t('welcome.not_found_text')}</p>
      </section>
    );
  return (
    <div className="container page bonuses">
      {back}
      <OfferCard
        offer={found.offer}
        type={found.type}
        currency={shown.currency}
        signedIn={signedIn}
        locale={locale}
        rules="open"
        standalone
        returnPath={localePath(offerPath(found.offer.id), locale)}
      />
    </div>
  );
}
