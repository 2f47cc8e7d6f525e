/**
 * The rule texts of a bonus (docs/bonuses.md#rule-texts): one currency's frozen terms turned into
 * the ordered list of rules a player reads before accepting, and the generated title. Each rule is
 * a translation key and its parameters, never a sentence: the web renders `bonuses.rules.<key>`
 * in the page's language and the mails use the same list with their own texts, so no rule is
 * written anywhere but here and a campaign cannot say one thing and do another. Pure and zod-free:
 * browser code imports it.
 *
 * Parameters: a name ending in `_cents` is an amount in minor units of the terms' currency;
 * `percent` is a whole percentage; `multiplier` a wagering multiplier; `count` a number the text
 * is pluralised by; `collection` / `collections` are catalogue collection ids and `games` game
 * identifiers (`provider/slug`), which the reader names in its language.
 */
import type { BonusTrigger, CurrencyTerms } from './bonus-terms.ts';

/**
 * Keys never end in a plural suffix (`_one`, `_other`, …): the translation files would read such a
 * key as a plural form of another.
 */
export const BONUS_RULE_KEYS = [
  'email_confirmed',
  'deposit_match',
  'min_deposit',
  'bonus_amount',
  'cash_amount',
  'freespins_count',
  'freespins_games',
  'cashback_percent',
  'cashback_max',
  'cashback_min_loss',
  'wager_free',
  'freespins_winnings_cash',
  'freespins_winnings_wager',
  'wager_bonus',
  'wager_bonus_and_deposit',
  'wager_amount',
  'wager_amount_full',
  'wager_days',
  'cash_first',
  'winnings_follow_stake',
  'weight_all',
  'weight',
  'weight_rest',
  'weight_lowest',
  'excluded',
  'max_bet',
  'max_conversion',
  'cancel_removes',
  'withdrawal_removes',
  'activation_days',
] as const;
export type BonusRuleKey = (typeof BONUS_RULE_KEYS)[number];

export const BONUS_TITLE_KEYS = [
  'deposit_match',
  'deposit_amount',
  'bonus_amount',
  'cash_amount',
  'freespins',
  'freespins_winnings',
  'cashback',
  'cashback_amount',
] as const;
export type BonusTitleKey = (typeof BONUS_TITLE_KEYS)[number];

export type RuleParam = number | string | readonly string[];
export type RuleParams = Readonly<Record<string, RuleParam>>;

export interface BonusRule {
  key: BonusRuleKey;
  params: RuleParams;
}

export interface BonusTitle {
  key: BonusTitleKey;
  params: RuleParams;
}

/** What is known besides the terms: how the bonus is issued, and, for an issued bonus, its requirement. */
export interface RuleContext {
  trigger?: BonusTrigger;
  /** The requirement frozen on an issued bonus; without it the rules compute it from the terms where they can. */
  wager_requirement_cents?: number;
}

/**
 * The smallest deposit that earns a deposit bonus's whole cap (never below the minimum deposit),
 * so an offer can say what the full bonus asks to wager.
 */
function depositForFullBonus(terms: CurrencyTerms): number | null {
  if (terms.percent === null || terms.percent <= 0 || terms.max_bonus_cents === null) return null;
  const needed = Math.ceil((terms.max_bonus_cents * 100) / terms.percent);
  return Math.max(needed, terms.min_deposit_cents ?? 0);
}

const rule = (key: BonusRuleKey, params: RuleParams = {}): BonusRule => ({ key, params });

/** The amount rules of each kind: what the player gets, and for a deposit what it takes. */
function amountRules(terms: CurrencyTerms): BonusRule[] {
  switch (terms.kind) {
    case 'deposit':
      return [
        rule('deposit_match', { percent: terms.percent ?? 0, max_bonus_cents: terms.max_bonus_cents ?? 0 }),
        ...(terms.min_deposit_cents !== null
          ? [rule('min_deposit', { min_deposit_cents: terms.min_deposit_cents })]
          : []),
      ];
    case 'nondeposit':
      return [rule('bonus_amount', { amount_cents: terms.amount_cents ?? 0 })];
    case 'cash':
      return [rule('cash_amount', { amount_cents: terms.amount_cents ?? 0 })];
    case 'freespins':
      return terms.freespins
        ? [
            rule('freespins_count', { count: terms.freespins.count, bet_level_cents: terms.freespins.bet_level_cents }),
            rule('freespins_games', { games: terms.freespins.games }),
          ]
        : [];
    case 'cashback':
      return terms.cashback
        ? [
            rule('cashback_percent', { percent: terms.cashback.percent }),
            rule('cashback_max', { max_cents: terms.cashback.max_cents }),
            rule('cashback_min_loss', { min_loss_cents: terms.cashback.min_loss_cents }),
          ]
        : [];
  }
}

/** What wagering the bonus (or, for free spins, their winnings) asks for this currency, when it is known. */
function wagerAmountRule(terms: CurrencyTerms, multiplier: number, context: RuleContext): BonusRule | null {
  if (context.wager_requirement_cents !== undefined)
    return rule('wager_amount', { requirement_cents: context.wager_requirement_cents });
  if ((terms.kind === 'nondeposit' || terms.kind === 'cash') && terms.amount_cents !== null)
    return rule('wager_amount', { requirement_cents: terms.amount_cents * multiplier });
  if (terms.kind === 'deposit' && terms.max_bonus_cents !== null) {
    const deposit = depositForFullBonus(terms);
    if (deposit === null) return null;
    const base = terms.wager_base === 'bonus_and_deposit' ? terms.max_bonus_cents + deposit : terms.max_bonus_cents;
    return rule('wager_amount_full', {
      amount_cents: terms.max_bonus_cents,
      deposit_cents: deposit,
      requirement_cents: base * multiplier,
    });
  }
  // Free-spin winnings and cashback are not known before they happen.
  return null;
}

/** Weights by collection, highest first (then by id), so the same terms always read the same. */
function weightRules(terms: CurrencyTerms): BonusRule[] {
  const weights = Object.entries(terms.weights).sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0));
  if (weights.length === 0) return [rule('weight_all', { percent: terms.default_weight })];
  return [
    ...weights.map(([collection, percent]) => rule('weight', { collection, percent })),
    rule('weight_rest', { percent: terms.default_weight }),
    rule('weight_lowest'),
  ];
}

/**
 * The ordered rules of one currency's terms: how the gift is issued, its amount (minimum deposit
 * and match, fixed amount, spins, cashback), then wagering (multiplier and base, the amount for
 * this bonus, days), cash first, where winnings go, weights by collection, excluded games, max
 * bet, max conversion, what cancel and withdrawal remove, and the activation deadline.
 */
export function bonusRules(terms: CurrencyTerms, context: RuleContext = {}): BonusRule[] {
  const rules: BonusRule[] = [];
  if (context.trigger === 'registration') rules.push(rule('email_confirmed'));
  rules.push(...amountRules(terms));

  const freespins = terms.kind === 'freespins' ? terms.freespins : null;
  const multiplier = freespins ? freespins.winnings_wager_multiplier : terms.wager_multiplier;
  if (multiplier === 0) {
    rules.push(rule(freespins ? 'freespins_winnings_cash' : 'wager_free'));
  } else {
    if (freespins) rules.push(rule('freespins_winnings_wager', { multiplier }));
    else
      rules.push(
        rule(terms.wager_base === 'bonus_and_deposit' ? 'wager_bonus_and_deposit' : 'wager_bonus', { multiplier }),
      );
    const amount = wagerAmountRule(terms, multiplier, context);
    if (amount) rules.push(amount);
    rules.push(rule('wager_days', { count: terms.validity_days }));
    rules.push(rule('cash_first'), rule('winnings_follow_stake'));
    rules.push(...weightRules(terms));
    if (terms.excluded_collections.length > 0)
      rules.push(rule('excluded', { collections: [...terms.excluded_collections].sort() }));
    if (terms.max_bet_cents !== null) rules.push(rule('max_bet', { max_bet_cents: terms.max_bet_cents }));
    const cap = freespins ? freespins.winnings_max_conversion_cents : terms.max_conversion_cents;
    if (cap !== null) rules.push(rule('max_conversion', { max_conversion_cents: cap }));
    rules.push(rule('cancel_removes'), rule('withdrawal_removes'));
  }

  if (terms.activation_days !== null) rules.push(rule('activation_days', { count: terms.activation_days }));
  return rules;
}

/** The title a campaign without its own gets ("100 % up to €200"), as a key and its parameters. */
export function bonusTitle(terms: CurrencyTerms): BonusTitle {
  switch (terms.kind) {
    case 'deposit':
      return {
        key: 'deposit_match',
        params: { percent: terms.percent ?? 0, max_bonus_cents: terms.max_bonus_cents ?? 0 },
      };
    case 'nondeposit':
      return { key: 'bonus_amount', params: { amount_cents: terms.amount_cents ?? 0 } };
    case 'cash':
      return { key: 'cash_amount', params: { amount_cents: terms.amount_cents ?? 0 } };
    case 'freespins':
      return { key: 'freespins', params: { count: terms.freespins?.count ?? 0 } };
    case 'cashback':
      return {
        key: 'cashback',
        params: { percent: terms.cashback?.percent ?? 0, max_cents: terms.cashback?.max_cents ?? 0 },
      };
  }
}

/** What an issued bonus's title is made of: its kind, its own amount and, when it has them, its terms. */
export interface IssuedBonusFacts {
  kind: CurrencyTerms['kind'];
  /** The bonus's amount in minor units of its currency. */
  amount_cents: number;
  terms: CurrencyTerms | null;
}

/**
 * The title of an issued bonus whose campaign has none: a deposit match by its terms ("100 % up to
 * €200"), every other gift by what it gave ("€5 bonus", "€12 cashback", "€3.40 free-spin winnings"),
 * as the server's English title says it (docs/bonuses.md#the-calls).
 */
export function issuedBonusTitle(bonus: IssuedBonusFacts): BonusTitle {
  const amount = { amount_cents: bonus.amount_cents };
  switch (bonus.kind) {
    case 'deposit':
      return bonus.terms?.percent != null && bonus.terms.max_bonus_cents !== null
        ? bonusTitle(bonus.terms)
        : { key: 'deposit_amount', params: amount };
    case 'nondeposit':
      return { key: 'bonus_amount', params: amount };
    case 'cash':
      return { key: 'cash_amount', params: amount };
    case 'cashback':
      return { key: 'cashback_amount', params: amount };
    case 'freespins':
      return { key: 'freespins_winnings', params: amount };
  }
}
