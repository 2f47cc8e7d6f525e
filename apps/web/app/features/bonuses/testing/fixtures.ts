import type { BonusCancelInfo, BonusOffer, PlayerBonus } from '@croupier/shared/api/bonuses';
import { termsForCurrency, type BonusKind, type BonusTerms } from '@croupier/shared/bonus-terms';
import { testBonus, testPack } from '../../../testing/bonuses';

type WireTerms = NonNullable<PlayerBonus['terms']>;

/** One currency's terms of a campaign, as the server sends them. */
export function termsIn(kind: BonusKind, terms: BonusTerms, currency = 'EUR'): WireTerms {
  const resolved = termsForCurrency(kind, terms, currency);
  if (!resolved) throw new Error(`the campaign offers nothing in ${currency}`);
  // The wire type has plain arrays where the shared one has read-only ones.
  return resolved as WireTerms;
}

/** The welcome offer of docs/bonuses.md#kinds-the-demo-seeds: 100 % up to €200, minimum €20, ×35, max bet €5. */
export const WELCOME_TERMS: BonusTerms = {
  percent: 100,
  max_bonus_cents: { EUR: 20_000, USD: 20_000 },
  min_deposit_cents: { EUR: 2_000, USD: 2_000 },
  max_bet_cents: { EUR: 500, USD: 500 },
  wager_multiplier: 35,
  weights: { pokies: 100, live: 0 },
  excluded_collections: ['wager0'],
  validity_days: 30,
};

export const RELOAD_TERMS: BonusTerms = {
  percent: 50,
  max_bonus_cents: { EUR: 10_000 },
  min_deposit_cents: { EUR: 2_000 },
  wager_multiplier: 35,
  validity_days: 30,
};

/** The weekly cashback of docs/bonuses.md#kinds-the-demo-seeds: 10 % of net cash losses, wager-free, up to €100, minimum loss €10. */
export const CASHBACK_TERMS: BonusTerms = {
  wager_multiplier: 0,
  validity_days: 7,
  activation_days: 7,
  cashback: { percent: 10, max_cents: { EUR: 10_000 }, min_loss_cents: { EUR: 1_000 } },
};

/** An issued cashback for the week of Monday 1 to Sunday 7 March 2027 (issued the next Monday). */
export function cashbackBonus(over: Partial<PlayerBonus> = {}): PlayerBonus {
  return bonus({
    id: 21,
    title: '€12 cashback',
    title_generated: true,
    amount_cents: 1_200,
    stage: 'issued',
    status: 'received',
    kind: 'cashback',
    type: 'bonus',
    strategy: 'cashback',
    amount_wager_requirement_cents: 0,
    amount_wager_cents: 0,
    created_at: '2027-03-08T00:10:00Z',
    valid_until: null,
    activatable_until: '2027-03-15T12:00:00Z',
    activatable: true,
    bonus_balance_cents: 0,
    max_bet_cents: null,
    cashback_loss_cents: 120_00,
    terms: termsIn('cashback', CASHBACK_TERMS),
    ...over,
  });
}

export function bonus(over: Partial<PlayerBonus> = {}): PlayerBonus {
  return testBonus({ terms: termsIn('deposit', WELCOME_TERMS), ...over });
}

export function offer(over: Partial<BonusOffer> = {}, terms: BonusTerms = WELCOME_TERMS): BonusOffer {
  const id = over.id ?? 'WELCOME100';
  return {
    id,
    title: 'Welcome offer',
    title_generated: false,
    group_key: null,
    bonuses: [{ title: 'Welcome offer', type: 'deposit', conditions: [], attributes: [], result_bonus: [] }],
    kind: 'deposit',
    terms: Object.keys(terms.max_bonus_cents ?? { EUR: 0 }).map((currency) => termsIn('deposit', terms, currency)),
    selected: false,
    ...over,
  };
}

export const pack = testPack;

export function cancelInfo(over: Partial<BonusCancelInfo> = {}): BonusCancelInfo {
  return {
    id: 1,
    total_withdrawal_amount: '80.00',
    current_balance: '125.00',
    cash_balance: '80.00',
    bonus_balance: '45.00',
    bonus_winnings: '12.00',
    currency: 'EUR',
    ...over,
  };
}
