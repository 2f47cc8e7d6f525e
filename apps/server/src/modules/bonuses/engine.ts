/**
 * The bonus engine's rules as pure functions (docs/bonuses.md#states): which stage may follow
 * which, what a bonus must wager, what a conversion pays out, and where the bonus part of a win
 * goes. No I/O: the service and the in-bet SQL (`sql/`) follow these.
 */

import { BONUS_STAGES, conversion, type BonusStage } from '@croupier/shared/bonus-terms';

export const STAGES = BONUS_STAGES;
export type Stage = BonusStage;

export type CancelReason = 'player' | 'withdrawal' | 'operator' | 'self_exclusion' | 'erasure';

/** The stage table of docs/bonuses.md#bonus-stages: each stage and the stages that may follow it. */
const NEXT: Readonly<Record<Stage, readonly Stage[]>> = {
  issued: ['handle_bets', 'wait', 'finished', 'expired', 'canceled'],
  wait: ['handle_bets', 'expired', 'canceled'],
  handle_bets: ['wager_done', 'lost', 'expired', 'canceled'],
  wager_done: [],
  lost: [],
  expired: [],
  canceled: [],
  finished: [],
};

export function canTransition(from: Stage, to: Stage): boolean {
  return NEXT[from].includes(to);
}

export function isFinal(stage: Stage): boolean {
  return NEXT[stage].length === 0;
}

/** Stages a bonus may still be canceled from: the open ones. */
export const OPEN_STAGES: readonly Stage[] = STAGES.filter((s) => canTransition(s, 'canceled'));

/** The tab a list shows a bonus in. */
export function groupOf(stage: Stage): 'active' | 'available' | 'history' {
  if (stage === 'wait' || stage === 'handle_bets') return 'active';
  return stage === 'issued' ? 'available' : 'history';
}

/** The coarse status SoftSwiss-style clients know (docs/bonuses.md#received-status). */
export function statusOf(
  stage: Stage,
  cancelReason: CancelReason | null,
): 'received' | 'activated' | 'used' | 'expired' | 'erased_by_withdraw' {
  switch (stage) {
    case 'issued':
      return 'received';
    case 'wait':
    case 'handle_bets':
      return 'activated';
    case 'expired':
      return 'expired';
    case 'canceled':
      return cancelReason === 'withdrawal' ? 'erased_by_withdraw' : 'used';
    default:
      return 'used';
  }
}

/**
 * What a bonus must wager: its amount (plus the deposit, for a `bonus_and_deposit` base) times the
 * multiplier. 0 for a wager-free gift.
 */
export function wagerRequirement(
  amount: bigint,
  multiplier: number,
  base: 'bonus' | 'bonus_and_deposit' = 'bonus',
  deposit = 0n,
): bigint {
  if (!Number.isInteger(multiplier) || multiplier < 0) throw new RangeError(`bad wager multiplier ${multiplier}`);
  if (amount < 0n || deposit < 0n) throw new RangeError('amounts are never negative');
  return (base === 'bonus_and_deposit' ? amount + deposit : amount) * BigInt(multiplier);
}

/** What of the cap is still open: null for no cap, never negative. */
export function capLeft(maxConversion: bigint | null, converted: bigint): bigint | null {
  if (maxConversion === null) return null;
  return maxConversion > converted ? maxConversion - converted : 0n;
}

// The conversion rule is shared with the wallet, which ends a wallet's bonus money by it.
export { conversion };

/**
 * Where the bonus part of a win or a refund goes, by the stage of the bonus whose money was
 * staked (docs/bonuses.md#movements, the routing table): back to the bonus while it is wagered,
 * to cash up to the cap left once converted, to `bonus_funding` once it ended otherwise.
 */
export function routeBonusPart(
  stage: Stage,
  part: bigint,
  cap: bigint | null,
): { toBonus: bigint; toCash: bigint; toFunding: bigint } {
  if (part < 0n) throw new RangeError('a win part is never negative');
  switch (stage) {
    case 'handle_bets':
      return { toBonus: part, toCash: 0n, toFunding: 0n };
    case 'wager_done':
      return { toBonus: 0n, ...conversion(part, cap) };
    case 'canceled':
    case 'expired':
    case 'lost':
      return { toBonus: 0n, toCash: 0n, toFunding: part };
    default:
      // No money was ever staked from a bonus in these stages.
      throw new RangeError(`no stake is funded by a bonus in stage ${stage}`);
  }
}

/** Whether the wagering of a bonus in `handle_bets` is done. */
export function wageringDone(wagered: bigint, requirement: bigint): boolean {
  return wagered >= requirement;
}
