/**
 * Bonus terms without the wire schemas (docs/bonuses.md#data-model): the kinds, triggers and stages,
 * and the one function that turns a campaign's terms into the terms of one currency — what a bonus
 * freezes when it is issued, what the rule texts and the offers show. Plain values with no zod, so
 * browser code may import them without loading the validator (the schemas are in `api/bonuses.ts`,
 * which re-exports these).
 */

export const BONUS_KINDS = ['deposit', 'nondeposit', 'cash', 'freespins', 'cashback'] as const;
export type BonusKind = (typeof BONUS_KINDS)[number];

export const BONUS_TRIGGERS = ['deposit', 'registration', 'coupon', 'cashback', 'manual'] as const;
export type BonusTrigger = (typeof BONUS_TRIGGERS)[number];

/** A bonus's stage, exactly as the player API names it (docs/bonuses.md#bonus-stages). */
export const BONUS_STAGES = [
  'issued',
  'wait',
  'handle_bets',
  'wager_done',
  'lost',
  'expired',
  'canceled',
  'finished',
] as const;
export type BonusStage = (typeof BONUS_STAGES)[number];

/** The coarse status SoftSwiss-style clients know (docs/bonuses.md#received-status). */
export const BONUS_STATUSES = ['received', 'activated', 'used', 'expired', 'erased_by_withdraw'] as const;
export type BonusStatus = (typeof BONUS_STATUSES)[number];

export const PACK_STAGES = ['issued', 'handle_bets', 'finished', 'expired', 'canceled'] as const;
export type PackStage = (typeof PACK_STAGES)[number];

export const CODE_STATES = ['issued', 'activated', 'canceled', 'expired'] as const;
export type CodeState = (typeof CODE_STATES)[number];

export const COUPON_OUTCOMES = ['successfully_activated', 'already_activated', 'failed_to_activate'] as const;
export type CouponOutcome = (typeof COUPON_OUTCOMES)[number];

export const WAGER_BASES = ['bonus', 'bonus_and_deposit'] as const;
export type WagerBase = (typeof WAGER_BASES)[number];

/** The list tab a bonus is shown in (docs/bonuses.md#bonus-stages). */
export function bonusGroupOf(stage: BonusStage): 'active' | 'available' | 'history' {
  if (stage === 'wait' || stage === 'handle_bets') return 'active';
  return stage === 'issued' ? 'available' : 'history';
}

/** Minor units per currency code. */
export type PerCurrency = Readonly<Record<string, number>>;

/**
 * A campaign's terms as an operator configures them (the admin API validates them with
 * `BonusTermsSchema`): amounts per currency, wagering, limits, validity, and per kind the free
 * spins or the cashback.
 */
export interface BonusTerms {
  /** Deposit match in percent (a deposit bonus). */
  percent?: number;
  min_deposit_cents?: PerCurrency;
  /** A deposit bonus's cap. */
  max_bonus_cents?: PerCurrency;
  /** A fixed amount (registration, cash, manual bonuses). */
  amount_cents?: PerCurrency;
  max_bet_cents?: PerCurrency;
  max_conversion_cents?: PerCurrency;
  /** 0: wager-free. */
  wager_multiplier: number;
  wager_base?: WagerBase;
  /** Collection id → percent a bet in that collection counts. */
  weights?: Readonly<Record<string, number>>;
  default_weight?: number;
  excluded_collections?: readonly string[];
  activation_days?: number | null;
  validity_days: number;
  auto_activate?: boolean;
  freespins?: {
    count: number;
    /** Identifiers of our own slots. */
    games: readonly string[];
    bet_level_cents: PerCurrency;
    winnings_wager_multiplier: number;
    winnings_max_conversion_cents?: PerCurrency;
  };
  cashback?: { percent: number; max_cents: PerCurrency; min_loss_cents: PerCurrency };
}

/**
 * The terms of one currency, as a bonus freezes them and as the rule texts read them: every
 * per-currency amount resolved (null: none configured, e.g. no max bet), defaults applied.
 */
export interface CurrencyTerms {
  kind: BonusKind;
  currency: string;
  percent: number | null;
  min_deposit_cents: number | null;
  max_bonus_cents: number | null;
  amount_cents: number | null;
  max_bet_cents: number | null;
  max_conversion_cents: number | null;
  wager_multiplier: number;
  wager_base: WagerBase;
  weights: Readonly<Record<string, number>>;
  default_weight: number;
  excluded_collections: readonly string[];
  activation_days: number | null;
  validity_days: number;
  auto_activate: boolean;
  freespins: {
    count: number;
    games: readonly string[];
    bet_level_cents: number;
    winnings_wager_multiplier: number;
    winnings_max_conversion_cents: number | null;
  } | null;
  cashback: { percent: number; max_cents: number; min_loss_cents: number } | null;
}

export const DEFAULT_WEIGHT = 100;

const pick = (map: PerCurrency | undefined, currency: string): number | null => map?.[currency] ?? null;

/**
 * A campaign's terms in one currency, or null when the campaign offers nothing in it: a deposit
 * match needs a cap, a fixed bonus an amount, free spins a bet level, cashback a cap and a minimum.
 */
export function termsForCurrency(kind: BonusKind, terms: BonusTerms, currency: string): CurrencyTerms | null {
  const resolved: CurrencyTerms = {
    kind,
    currency,
    percent: terms.percent ?? null,
    min_deposit_cents: pick(terms.min_deposit_cents, currency),
    max_bonus_cents: pick(terms.max_bonus_cents, currency),
    amount_cents: pick(terms.amount_cents, currency),
    max_bet_cents: pick(terms.max_bet_cents, currency),
    max_conversion_cents: pick(terms.max_conversion_cents, currency),
    wager_multiplier: terms.wager_multiplier,
    wager_base: terms.wager_base ?? 'bonus',
    weights: terms.weights ?? {},
    default_weight: terms.default_weight ?? DEFAULT_WEIGHT,
    excluded_collections: terms.excluded_collections ?? [],
    activation_days: terms.activation_days ?? null,
    validity_days: terms.validity_days,
    auto_activate: terms.auto_activate ?? false,
    freespins: null,
    cashback: null,
  };
  if (terms.freespins) {
    const betLevel = pick(terms.freespins.bet_level_cents, currency);
    if (betLevel === null) return null;
    resolved.freespins = {
      count: terms.freespins.count,
      games: terms.freespins.games,
      bet_level_cents: betLevel,
      winnings_wager_multiplier: terms.freespins.winnings_wager_multiplier,
      winnings_max_conversion_cents: pick(terms.freespins.winnings_max_conversion_cents, currency),
    };
  }
  if (terms.cashback) {
    const max = pick(terms.cashback.max_cents, currency);
    const min = pick(terms.cashback.min_loss_cents, currency);
    if (max === null || min === null) return null;
    resolved.cashback = { percent: terms.cashback.percent, max_cents: max, min_loss_cents: min };
  }
  switch (kind) {
    case 'deposit':
      return resolved.percent !== null && resolved.max_bonus_cents !== null ? resolved : null;
    case 'nondeposit':
    case 'cash':
      return resolved.amount_cents !== null ? resolved : null;
    case 'freespins':
      return resolved.freespins ? resolved : null;
    case 'cashback':
      return resolved.cashback ? resolved : null;
  }
}

/**
 * A deposit bonus's amount for a deposit: the match, floored, up to the cap; 0 below the minimum.
 */
export function depositBonusAmount(terms: CurrencyTerms, depositCents: number): number {
  if (terms.percent === null || terms.max_bonus_cents === null) return 0;
  if (terms.min_deposit_cents !== null && depositCents < terms.min_deposit_cents) return 0;
  return Math.min(Math.floor((depositCents * terms.percent) / 100), terms.max_bonus_cents);
}

/**
 * A conversion of bonus money `amount` with `cap` left (null: no cap): the cash part, capped, and
 * the rest that returns to `bonus_funding` (docs/bonuses.md#movements). The engine and the wallet
 * both end bonus money by this one rule.
 */
export function conversion(amount: bigint, cap: bigint | null): { toCash: bigint; toFunding: bigint } {
  if (amount < 0n) throw new RangeError('a conversion is never negative');
  const toCash = cap === null ? amount : amount < cap ? amount : cap < 0n ? 0n : cap;
  return { toCash, toFunding: amount - toCash };
}
