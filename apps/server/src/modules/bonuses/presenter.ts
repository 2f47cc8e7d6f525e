import {
  BONUS_KINDS,
  BONUS_TRIGGERS,
  BonusTermsSchema,
  termsForCurrency,
  type BonusCancelInfo,
  type BonusKind,
  type CurrencyTerms,
  type PlayerBonus,
} from '@croupier/shared/api/bonuses';
import type { BonusTrigger } from '@croupier/shared/bonus-terms';
import { formatMoney, toMajorString } from '@croupier/shared/money';
import type { BonusRow } from './bonuses.repository.ts';
import { canTransition, statusOf } from './engine.ts';
import type { PresentableBonus } from './player-bonuses.repository.ts';

const isKind = (v: string): v is BonusKind => (BONUS_KINDS as readonly string[]).includes(v);
const isTrigger = (v: string): v is BonusTrigger => (BONUS_TRIGGERS as readonly string[]).includes(v);
const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/** What issued a bonus without a campaign, by its source (docs/bonuses.md#data-model). */
const TRIGGER_OF_SOURCE: Readonly<Record<string, BonusTrigger>> = {
  payment: 'deposit',
  registration: 'registration',
  coupon: 'coupon',
  cashback: 'cashback',
};

/**
 * The terms the player was given for this bonus: its campaign's terms in the bonus's currency,
 * with what the bonus froze at issue in place of the campaign's (a campaign edited later changes
 * nothing for bonuses already issued). Null without a campaign (a manual gift) or when the
 * campaign has no terms in this currency.
 */
export function frozenTerms(p: PresentableBonus): PlayerBonus['terms'] {
  if (!p.campaign || !isKind(p.campaign.kind)) return null;
  const parsed = BonusTermsSchema.safeParse(p.campaign.terms);
  if (!parsed.success) return null;
  const terms = termsForCurrency(p.campaign.kind, parsed.data, p.bonus.currency);
  if (!terms) return null;
  return {
    ...terms,
    max_bet_cents: p.bonus.maxBet === null ? null : Number(p.bonus.maxBet),
    max_conversion_cents: p.bonus.maxConversion === null ? null : Number(p.bonus.maxConversion),
    wager_multiplier: p.bonus.wagerMultiplier,
    weights: { ...p.weights },
    default_weight: p.defaultWeight,
    excluded_collections: [...p.excludedCollections],
    freespins: terms.freespins && { ...terms.freespins, games: [...terms.freespins.games] },
  };
}

/** An amount for a title: whole amounts without decimals ("€200", "€5"). */
function titleMoney(amount: bigint | number, currency: string): string {
  return formatMoney(amount, currency, 'en').replace(/\.00(?!\d)/, '');
}

/**
 * A title for a bonus whose campaign has none in the player's language (docs/bonuses.md#rule-texts):
 * "100 % up to €200" for a deposit match, else its amount and kind ("€5 bonus"). English only for
 * now; the pages show the rules from `terms` in the player's language.
 */
export function generatedTitle(kind: BonusKind, terms: CurrencyTerms | null, amount: bigint, currency: string): string {
  switch (kind) {
    case 'deposit':
      if (terms?.percent != null && terms.max_bonus_cents !== null)
        return `${terms.percent} % up to ${titleMoney(terms.max_bonus_cents, currency)}`;
      return `${titleMoney(amount, currency)} deposit bonus`;
    case 'cash':
      return `${titleMoney(amount, currency)} cash gift`;
    case 'cashback':
      return `${titleMoney(amount, currency)} cashback`;
    case 'freespins':
      return `${titleMoney(amount, currency)} free-spin winnings`;
    case 'nondeposit':
      return `${titleMoney(amount, currency)} bonus`;
  }
}

/** The campaign's title in the player's language, else in English, else generated (and said so). */
function titleOf(
  p: PresentableBonus,
  kind: BonusKind,
  terms: CurrencyTerms | null,
): Pick<PlayerBonus, 'title' | 'title_generated'> {
  const titles = p.campaign?.titles ?? {};
  const own = titles[p.language] ?? titles.en;
  return own !== undefined
    ? { title: own, title_generated: false }
    : { title: generatedTitle(kind, terms, p.bonus.amount, p.bonus.currency), title_generated: true };
}

/** Which gift list shows a bonus. */
function typeOf(bonus: BonusRow, kind: BonusKind, trigger: BonusTrigger): PlayerBonus['type'] {
  if (kind === 'freespins' || bonus.source === 'freespins') return 'fs';
  if (kind === 'deposit' || trigger === 'deposit') return 'deposit';
  return trigger === 'registration' ? 'registration' : 'bonus';
}

/** The deadline of an open bonus: activation for one issued or waiting, wagering for one being wagered. */
function deadlineOf(bonus: BonusRow): Date | null {
  return bonus.stage === 'handle_bets' ? bonus.validUntil : bonus.activatableUntil;
}

/** The wallet's bonus money that belongs to this bonus: all of it while it is wagered, else none. */
export function bonusMoneyOf(p: PresentableBonus): bigint {
  if (p.bonus.stage !== 'handle_bets' || !p.wallet) return 0n;
  const money = p.wallet.amount - p.wallet.cash;
  return money > 0n ? money : 0n;
}

/** The bonus object (docs/bonuses.md#the-calls): lists, actions and `bonuses_changes`. */
export function presentBonus(p: PresentableBonus, now: Date): PlayerBonus {
  const { bonus } = p;
  if (!isKind(bonus.kind)) throw new Error(`bonus ${bonus.id} has an unknown kind ${bonus.kind}`);
  const kind = bonus.kind;
  const trigger: BonusTrigger =
    p.campaign && isTrigger(p.campaign.trigger) ? p.campaign.trigger : (TRIGGER_OF_SOURCE[bonus.source] ?? 'manual');
  const terms = frozenTerms(p);
  const deadline = deadlineOf(bonus);
  const inTime = deadline === null || deadline > now;
  return {
    id: bonus.id,
    ...titleOf(p, kind, terms),
    amount_cents: Number(bonus.amount),
    currency: bonus.currency,
    stage: bonus.stage,
    amount_wager_requirement_cents: Number(bonus.wagerRequirement),
    amount_wager_cents: Number(bonus.wagered),
    strategy: trigger,
    created_at: bonus.issuedAt.toISOString(),
    valid_until: iso(bonus.validUntil),
    activatable_until: iso(bonus.activatableUntil),
    activatable: bonus.stage === 'issued' && inTime,
    // Past its deadline an open bonus is as good as expired: the expiry job ends it within a minute.
    cancelable: canTransition(bonus.stage, 'canceled') && inTime,
    group_key: p.campaign?.groupKey ?? null,
    kind,
    type: typeOf(bonus, kind, trigger),
    status: statusOf(bonus.stage, bonus.cancelReason),
    bonus_balance_cents: Number(bonusMoneyOf(p)),
    max_bet_cents: bonus.maxBet === null ? null : Number(bonus.maxBet),
    max_conversion_cents: bonus.maxConversion === null ? null : Number(bonus.maxConversion),
    converted_cents: Number(bonus.converted),
    cashback_loss_cents: bonus.loss === null ? null : Number(bonus.loss),
    terms,
  };
}

/**
 * What cancelling a bonus would take (`cancel_info`, docs/bonuses.md#the-calls), in decimal strings
 * of major units: its bonus money while it is wagered (none otherwise), the part of it above the
 * amount granted (its winnings, never negative), and the cash, which stays and is what can be
 * withdrawn.
 */
export function presentCancelInfo(p: PresentableBonus): BonusCancelInfo {
  const { bonus } = p;
  const money = bonusMoneyOf(p);
  const winnings = money > bonus.amount ? money - bonus.amount : 0n;
  const cash = p.wallet?.cash ?? 0n;
  const major = (v: bigint) => toMajorString(v, bonus.currency);
  return {
    id: bonus.id,
    total_withdrawal_amount: major(cash),
    current_balance: major(p.wallet?.amount ?? 0n),
    cash_balance: major(cash),
    bonus_balance: major(money),
    bonus_winnings: major(winnings),
    currency: bonus.currency,
  };
}
