/**
 * The contract between the pure game models and their host: the host builds the Rng of a round,
 * validates the bet through `parseBet`, plays `open`/`act`, stores `state` as JSON and shows the
 * player only `view(state, finished)`. Models never touch money beyond integer minor units.
 */
import type { Rng } from './rng.ts';

export class GameInputError extends Error {
  constructor(
    public code: string,
    message: string,
  ) {
    super(message);
    this.name = 'GameInputError';
  }
}

export interface RoundStep<S> {
  state: S;
  finished: boolean;
  /** Total staked so far, minor units; grows on double/split. */
  stake: number;
  /** Total win, minor units, set when finished (0 before). */
  win: number;
}

export interface BetLimits {
  min: number;
  max: number;
}

export interface ModelFigures {
  /** Exact theoretical return to player as a fraction (0.99 = 99 %). */
  rtp: number;
  /** Exact share of rounds that pay anything (win > 0), as a fraction. */
  hitRate: number;
  /** The largest win of one round, as a multiple of the stake (Infinity when unbounded). */
  maxMultiplier: number;
  rules: unknown;
}

export interface GameModel<Bet, State, Action> {
  id: string;
  parseBet(input: unknown, limits: BetLimits): Bet;
  open(bet: Bet, rng: Rng): RoundStep<State>;
  act?(state: State, action: Action | unknown, rng: Rng): RoundStep<State>;
  view(state: State, finished: boolean): unknown;
  describe(): ModelFigures;
  /**
   * What an interrupted round pays (docs/reliability.md#g8-interrupted-rounds): the host may be cut between taking the stake
   * and paying the win, or the player may never come back. A round whose outcome is decided (a
   * single-step game's `open`, the step that finished a multi-step round) pays that outcome, never
   * a refund; an undecided one pays what the model says is fair, e.g. the better of the win so far
   * and the stake. `staked` is everything the wallet took in the round (doubles and splits included).
   */
  abandon(state: State, staked: number): number;
}

/**
 * `abandon` of a game decided at `open` (every single-step game): an interrupted round pays the
 * outcome it already has, never a refund of the stake (G8).
 */
export function payDecidedWin(state: { win: number }): number {
  return state.win;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function asRecord(input: unknown, what = 'bet'): Record<string, unknown> {
  if (!isRecord(input)) throw new GameInputError('invalid_bet', `The ${what} must be an object`);
  return input;
}

/** A positive integer number of minor units; anything else (floats, strings, NaN, > 2^53) is refused. */
export function parseMinorUnits(value: unknown, field = 'amount'): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) {
    throw new GameInputError('invalid_bet', `${field} must be a positive integer number of minor units`);
  }
  return value;
}

export function checkLimits(total: number, limits: BetLimits): void {
  if (total < limits.min) throw new GameInputError('bet_too_small', `The stake is below the minimum of ${limits.min}`);
  if (total > limits.max) throw new GameInputError('bet_too_large', `The stake is above the maximum of ${limits.max}`);
}

/** The common `{ amount }` bet. */
export function parseAmountBet(input: unknown, limits: BetLimits): { amount: number } {
  const amount = parseMinorUnits(asRecord(input).amount);
  checkLimits(amount, limits);
  return { amount };
}

/**
 * floor(amount × numerator / denominator) exactly, for integer inputs: wins are floored to a whole
 * minor unit and must not pick up float error (1.98 × 100 = 197.99999999999997 in doubles).
 */
export function mulDivFloor(amount: number, numerator: number, denominator: number): number {
  const product = amount * numerator;
  if (product < 2 ** 52 && product >= 0) {
    // Below 2^52 the double quotient is within one of the true one; the checks make it exact.
    let q = Math.floor(product / denominator);
    if (q * denominator > product) q--;
    else if ((q + 1) * denominator <= product) q++;
    return q;
  }
  return Number((BigInt(amount) * BigInt(numerator)) / BigInt(denominator));
}

export function invalidAction(message: string): GameInputError {
  return new GameInputError('invalid_action', message);
}
