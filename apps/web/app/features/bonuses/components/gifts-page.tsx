import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { Locale } from '@croupier/shared/locales';
import { href } from '../../../config/paths';
import { useTranslation } from '../../../i18n/runtime';
import { useBonuses } from '../api/get-bonuses';
import { useFreespins } from '../api/get-freespins';
import { useOffers } from '../api/get-offers';
import { GIFT_TABS, giftsOfTab, visibleOffers, type GiftTab } from '../lib/bonuses-logic';
import { BonusCard } from './bonus-card';
import { OfferCard } from './offer-card';
import { PackCard } from './pack-card';
import './bonuses.css';

/**
 * The page body of /users/gifts (docs/bonuses.md#what-the-player-sees): the player's bonuses and
 * free-spin packs in three tabs — active (being wagered or queued), available (to activate, with
 * the deposit offers the player can choose) and history — each gift with its rules and actions.
 */
export function GiftsPage({ currency, locale }: { currency: string; locale: Locale }) {
  const { t } = useTranslation('bonuses');
  const id = useId();
  const bonuses = useBonuses();
  const packs = useFreespins();
  const offers = useOffers('deposit');
  const [tab, setTab] = useState<GiftTab>('active');
  // A pack just activated: the active tab shows it, its "Play the spins" link takes the focus.
  const [played, setPlayed] = useState<number | null>(null);
  const tabRefs = useRef<Partial<Record<GiftTab, HTMLButtonElement | null>>>({});

  const loading = bonuses.isPending || packs.isPending;
  const failed = bonuses.isError || packs.isError;
  const deposits = visibleOffers(offers.data);
  const counts = Object.fromEntries(
    GIFT_TABS.map((name) => {
      const gifts = giftsOfTab(name, bonuses.data ?? [], packs.data ?? []);
      const extra = name === 'available' ? deposits.length : 0;
      return [name, gifts.bonuses.length + gifts.packs.length + extra];
    }),
  ) as Record<GiftTab, number>;
  const shown = giftsOfTab(tab, bonuses.data ?? [], packs.data ?? []);

  function onTabKey(event: KeyboardEvent) {
    const index = GIFT_TABS.indexOf(tab);
    const next =
      event.key === 'ArrowRight'
        ? GIFT_TABS[(index + 1) % GIFT_TABS.length]
        : event.key === 'ArrowLeft'
          ? GIFT_TABS[(index + GIFT_TABS.length - 1) % GIFT_TABS.length]
          : event.key === 'Home'
            ? GIFT_TABS[0]
            : event.key === 'End'
              ? GIFT_TABS[GIFT_TABS.length - 1]
              : undefined;
    if (!next) return;
    event.preventDefault();
    setTab(next);
    tabRefs.current[next]?.focus();
  }

  return (
    <section className="container page bonuses" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{t('gifts.title')}</h1>
      <p>{t('gifts.intro')}</p>
      <div className="bonus-tabs" role="tablist" aria-label={t('gifts.tabs_label')}>
        {GIFT_TABS.map((name) => (
          <button
            key={name}
            ref={(el) => {
              tabRefs.current[name] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`${id}-panel`}
            tabIndex={tab === name ? 0 : -1}
            className="bonus-tabs__tab"
            onClick={() => setTab(name)}
            onKeyDown={onTabKey}
          >
            {t(`gifts.tab_${name}`)}
            {!loading && !failed && <span className="bonus-tabs__count">{counts[name]}</span>}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tab}`} tabIndex={0}>
        {loading ? (
          <p role="status">{t('gifts.loading')}</p>
        ) : failed ? (
          <div role="alert">
            <p>{t('gifts.error')}</p>
            <button
              type="button"
              className="btn btn--secondary btn--sm"
              onClick={() => {
                void bonuses.refetch();
                void packs.refetch();
              }}
            >
              {t('gifts.retry')}
            </button>
          </div>
        ) : counts[tab] === 0 ? (
          <p className="muted">{t(`gifts.empty_${tab}`)}</p>
        ) : (
          <ul className="bonus-list">
            {shown.packs.map((pack) => (
              <PackCard
                key={`pack-${pack.id}`}
                pack={pack}
                locale={locale}
                focusPlay={played === pack.id}
                onActivated={(ready) => {
                  if (ready.stage !== 'handle_bets') return;
                  setTab('active');
                  setPlayed(ready.id);
                }}
              />
            ))}
            {shown.bonuses.map((bonus) => (
              <BonusCard key={`bonus-${bonus.id}`} bonus={bonus} locale={locale} />
            ))}
            {tab === 'available' &&
              deposits.map((offer) => (
                <OfferCard
                  key={`offer-${offer.id}`}
                  offer={offer}
                  type="deposit"
                  currency={currency}
                  signedIn
                  locale={locale}
                  rules="disclosure"
                  returnPath={href('gifts', locale)}
                />
              ))}
          </ul>
        )}
      </div>
    </section>
  );
}
