import { describe, expect, it } from 'vitest';
import {
  BONUS_RULE_KEYS,
  BONUS_TITLE_KEYS,
  bonusRules,
  bonusTitle,
  issuedBonusTitle,
  type BonusRule,
} from './bonus-rules.ts';
import { termsForCurrency, type BonusKind, type BonusTerms, type CurrencyTerms } from './bonus-terms.ts';

/** One currency's terms of a campaign, as a bonus freezes them. */
function eur(kind: BonusKind, terms: BonusTerms): CurrencyTerms {
  const resolved = termsForCurrency(kind, terms, 'EUR');
  if (!resolved) throw new Error('the campaign offers nothing in EUR');
  return resolved;
}

// The demo campaigns of docs/bonuses.md#kinds-the-demo-seeds, in EUR.
const WELCOME = eur('deposit', {
  percent: 100,
  max_bonus_cents: { EUR: 20_000 },
  min_deposit_cents: { EUR: 2_000 },
  max_bet_cents: { EUR: 500 },
  wager_multiplier: 35,
  weights: { pokies: 100, table: 10, live: 0 },
  excluded_collections: ['wager0'],
  validity_days: 30,
});
const REGISTRATION = eur('nondeposit', {
  amount_cents: { EUR: 500 },
  max_conversion_cents: { EUR: 5_000 },
  wager_multiplier: 40,
  activation_days: 7,
  validity_days: 14,
});
const SPIN20 = eur('freespins', {
  wager_multiplier: 0,
  validity_days: 7,
  freespins: {
    count: 20,
    games: ['croupier/fruit-party'],
    bet_level_cents: { EUR: 20 },
    winnings_wager_multiplier: 30,
    winnings_max_conversion_cents: { EUR: 10_000 },
  },
});
const CASHBACK = eur('cashback', {
  wager_multiplier: 0,
  validity_days: 7,
  cashback: { percent: 10, max_cents: { EUR: 10_000 }, min_loss_cents: { EUR: 1_000 } },
});

const keys = (rules: BonusRule[]) => rules.map((r) => r.key);

describe('bonusRules (docs/bonuses.md#rule-texts)', () => {
  it.each<[string, CurrencyTerms, Parameters<typeof bonusRules>[1], string[]]>([
    [
      'a welcome deposit bonus',
      WELCOME,
      {},
      [
        'deposit_match',
        'min_deposit',
        'wager_bonus',
        'wager_amount_full',
        'wager_days',
        'cash_first',
        'winnings_follow_stake',
        'weight',
        'weight',
        'weight',
        'weight_rest',
        'weight_lowest',
        'excluded',
        'max_bet',
        'cancel_removes',
        'withdrawal_removes',
      ],
    ],
    [
      'a registration bonus, issued once the e-mail is confirmed',
      REGISTRATION,
      { trigger: 'registration' },
      [
        'email_confirmed',
        'bonus_amount',
        'wager_bonus',
        'wager_amount',
        'wager_days',
        'cash_first',
        'winnings_follow_stake',
        'weight_all',
        'max_conversion',
        'cancel_removes',
        'withdrawal_removes',
        'activation_days',
      ],
    ],
    [
      'free spins whose winnings are wagered',
      SPIN20,
      {},
      [
        'freespins_count',
        'freespins_games',
        'freespins_winnings_wager',
        'wager_days',
        'cash_first',
        'winnings_follow_stake',
        'weight_all',
        'max_conversion',
        'cancel_removes',
        'withdrawal_removes',
      ],
    ],
    ['wager-free cashback', CASHBACK, {}, ['cashback_percent', 'cashback_max', 'cashback_min_loss', 'wager_free']],
    [
      'a wager-free cash gift',
      eur('cash', { amount_cents: { EUR: 1_000 }, wager_multiplier: 0, validity_days: 7 }),
      {},
      ['cash_amount', 'wager_free'],
    ],
    [
      'free spins paid as cash',
      { ...SPIN20, freespins: { ...SPIN20.freespins!, winnings_wager_multiplier: 0 } },
      {},
      ['freespins_count', 'freespins_games', 'freespins_winnings_cash'],
    ],
  ])('%s: the rules in their order', (_name, terms, context, expected) => {
    const rules = bonusRules(terms, context);
    expect(keys(rules)).toEqual(expected);
    for (const r of rules) expect(BONUS_RULE_KEYS).toContain(r.key);
  });

  it('states the figures of the terms, in minor units of its currency', () => {
    const rules = bonusRules(WELCOME);
    const params = (key: string) => rules.filter((r) => r.key === key).map((r) => r.params);
    expect(params('deposit_match')).toEqual([{ percent: 100, max_bonus_cents: 20_000 }]);
    expect(params('min_deposit')).toEqual([{ min_deposit_cents: 2_000 }]);
    expect(params('wager_bonus')).toEqual([{ multiplier: 35 }]);
    // The full €200 needs a €200 deposit; ×35 of the bonus alone is €7,000.
    expect(params('wager_amount_full')).toEqual([
      { amount_cents: 20_000, deposit_cents: 20_000, requirement_cents: 700_000 },
    ]);
    expect(params('wager_days')).toEqual([{ count: 30 }]);
    // Highest weight first, ties by id; then the rest of the catalogue.
    expect(params('weight')).toEqual([
      { collection: 'pokies', percent: 100 },
      { collection: 'table', percent: 10 },
      { collection: 'live', percent: 0 },
    ]);
    expect(params('weight_rest')).toEqual([{ percent: 100 }]);
    expect(params('excluded')).toEqual([{ collections: ['wager0'] }]);
    expect(params('max_bet')).toEqual([{ max_bet_cents: 500 }]);
  });

  it('counts the deposit into the full bonus’s requirement when the base is bonus and deposit', () => {
    const terms = { ...WELCOME, percent: 50, wager_base: 'bonus_and_deposit' as const, wager_multiplier: 10 };
    const rules = bonusRules(terms);
    expect(rules.find((r) => r.key === 'wager_bonus_and_deposit')?.params).toEqual({ multiplier: 10 });
    // 50 % up to €200 needs €400: (200 + 400) × 10.
    expect(rules.find((r) => r.key === 'wager_amount_full')?.params).toEqual({
      amount_cents: 20_000,
      deposit_cents: 40_000,
      requirement_cents: 600_000,
    });
  });

  it('uses the minimum deposit when it is above what the full bonus needs', () => {
    const terms = { ...WELCOME, percent: 200, min_deposit_cents: 15_000 };
    expect(bonusRules(terms).find((r) => r.key === 'wager_amount_full')?.params).toMatchObject({
      deposit_cents: 15_000,
    });
  });

  it('states an issued bonus’s own requirement instead of an example', () => {
    const rules = bonusRules(WELCOME, { wager_requirement_cents: 175_000 });
    expect(keys(rules)).not.toContain('wager_amount_full');
    expect(rules.find((r) => r.key === 'wager_amount')?.params).toEqual({ requirement_cents: 175_000 });
  });

  it('computes a fixed bonus’s requirement, and the cap of free-spin winnings', () => {
    expect(bonusRules(REGISTRATION).find((r) => r.key === 'wager_amount')?.params).toEqual({
      requirement_cents: 20_000,
    });
    expect(bonusRules(SPIN20).find((r) => r.key === 'max_conversion')?.params).toEqual({
      max_conversion_cents: 10_000,
    });
    expect(bonusRules(SPIN20).find((r) => r.key === 'freespins_count')?.params).toEqual({
      count: 20,
      bet_level_cents: 20,
    });
  });

  it('leaves out what the terms do not set: no minimum, no max bet, no cap, no deadline', () => {
    const terms = { ...WELCOME, min_deposit_cents: null, max_bet_cents: null, excluded_collections: [], weights: {} };
    const found = keys(bonusRules(terms));
    for (const absent of ['min_deposit', 'max_bet', 'max_conversion', 'excluded', 'weight', 'activation_days'])
      expect(found).not.toContain(absent);
    expect(found).toContain('weight_all');
  });
});

describe('rule keys', () => {
  it('never end in a plural suffix, which the translation files would read as a plural form', () => {
    for (const key of [...BONUS_RULE_KEYS, ...BONUS_TITLE_KEYS])
      expect(key).not.toMatch(/_(zero|one|two|few|many|other)$/);
  });
});

describe('bonusTitle', () => {
  it.each<[CurrencyTerms, ReturnType<typeof bonusTitle>]>([
    [WELCOME, { key: 'deposit_match', params: { percent: 100, max_bonus_cents: 20_000 } }],
    [REGISTRATION, { key: 'bonus_amount', params: { amount_cents: 500 } }],
    [SPIN20, { key: 'freespins', params: { count: 20 } }],
    [CASHBACK, { key: 'cashback', params: { percent: 10, max_cents: 10_000 } }],
    [
      eur('cash', { amount_cents: { EUR: 1_000 }, wager_multiplier: 0, validity_days: 7 }),
      { key: 'cash_amount', params: { amount_cents: 1_000 } },
    ],
  ])('%#: generated from the terms', (terms, expected) => {
    expect(bonusTitle(terms)).toEqual(expected);
  });
});

describe('issuedBonusTitle', () => {
  it.each<[Parameters<typeof issuedBonusTitle>[0], ReturnType<typeof issuedBonusTitle>]>([
    [
      { kind: 'deposit', amount_cents: 5_000, terms: WELCOME },
      { key: 'deposit_match', params: { percent: 100, max_bonus_cents: 20_000 } },
    ],
    [
      { kind: 'deposit', amount_cents: 5_000, terms: null },
      { key: 'deposit_amount', params: { amount_cents: 5_000 } },
    ],
    [
      { kind: 'nondeposit', amount_cents: 500, terms: REGISTRATION },
      { key: 'bonus_amount', params: { amount_cents: 500 } },
    ],
    [
      { kind: 'cash', amount_cents: 1_000, terms: null },
      { key: 'cash_amount', params: { amount_cents: 1_000 } },
    ],
    [
      { kind: 'cashback', amount_cents: 1_200, terms: CASHBACK },
      { key: 'cashback_amount', params: { amount_cents: 1_200 } },
    ],
    [
      { kind: 'freespins', amount_cents: 340, terms: SPIN20 },
      { key: 'freespins_winnings', params: { amount_cents: 340 } },
    ],
  ])('%#: what the gift gave, a deposit match by its terms', (bonus, expected) => {
    expect(issuedBonusTitle(bonus)).toEqual(expected);
  });
});
