/**
 * Dice: a roll of 0–9999 (shown 0.00–99.99) from one `rng.int(10000)`, so each roll has exactly
 * the same pre-image count (no float scaling as in `floor(f · 10001)`). The player wins "under"
 * when roll < target and "over" when roll > target; the multiplier is 99 / (win chance in %)
 * floored to 4 decimals, so every target returns at most 99 %.
 */
import {
  asRecord,
  checkLimits,
  GameInputError,
  mulDivFloor,
  parseMinorUnits,
  type BetLimits,
  type GameModel,
  type RoundStep,
  payDecidedWin,
} from '../model.ts';
import type { Rng } from '../rng.ts';

export const DICE_OUTCOMES = 10_000;
/** Winning rolls allowed: 1 % to 98 % win chance. */
export const MIN_WINNING = 100;
export const MAX_WINNING = 9_800;

export interface DiceBet {
  amount: number;
  /** In hundredths (4950 = 49.50): the roll must be strictly below (under) or above (over) it. */
  target: number;
  direction: 'over' | 'under';
}

export interface DiceState {
  bet: DiceBet;
  /** 0–9999; shown as roll / 100. */
  roll: number;
  won: boolean;
  /** Multiplier in ten-thousandths (19800 = 1.98×). */
  multiplierBp: number;
  win: number;
}

export function winningRolls(target: number, direction: 'over' | 'under'): number {
  return direction === 'under' ? target : DICE_OUTCOMES - 1 - target;
}

/** floor(10⁴ · 99 / chance%) = floor(99 · 10⁸ / (winning · 100))… in integer ten-thousandths. */
export function multiplierBp(winning: number): number {
  return Math.floor((9900 * 10_000) / winning);
}

/** Exact RTP of one target, before the per-bet floor to a minor unit. */
export function diceRtp(target: number, direction: 'over' | 'under'): number {
  const w = winningRolls(target, direction);
  return (w / DICE_OUTCOMES) * (multiplierBp(w) / 10_000);
}

export const REFERENCE_DICE_BET = { target: 4950, direction: 'under' } as const;

export const diceModel: GameModel<DiceBet, DiceState, never> = {
  id: 'dice',
  parseBet(input: unknown, limits: BetLimits): DiceBet {
    const r = asRecord(input);
    const amount = parseMinorUnits(r.amount);
    const { target, direction } = r;
    if (direction !== 'over' && direction !== 'under')
      throw new GameInputError('invalid_bet', 'direction must be "over" or "under"');
    if (typeof target !== 'number' || !Number.isInteger(target) || target < 0 || target > DICE_OUTCOMES - 1)
      throw new GameInputError('invalid_bet', 'target must be an integer 0–9999 (hundredths)');
    const w = winningRolls(target, direction);
    if (w < MIN_WINNING || w > MAX_WINNING)
      throw new GameInputError('invalid_bet', 'The win chance must be between 1 % and 98 %');
    checkLimits(amount, limits);
    return { amount, target, direction };
  },
  open(bet: DiceBet, rng: Rng): RoundStep<DiceState> {
    const roll = rng.int(DICE_OUTCOMES);
    const won = bet.direction === 'under' ? roll < bet.target : roll > bet.target;
    const bp = multiplierBp(winningRolls(bet.target, bet.direction));
    const win = won ? mulDivFloor(bet.amount, bp, 10_000) : 0;
    return { state: { bet, roll, won, multiplierBp: bp, win }, finished: true, stake: bet.amount, win };
  },
  abandon: payDecidedWin,
  view(state: DiceState) {
    return state;
  },
  describe() {
    const { target, direction } = REFERENCE_DICE_BET;
    return {
      rtp: diceRtp(target, direction),
      hitRate: winningRolls(target, direction) / DICE_OUTCOMES,
      maxMultiplier: multiplierBp(MIN_WINNING) / 10_000,
      rules: {
        outcomes: DICE_OUTCOMES,
        minWinning: MIN_WINNING,
        maxWinning: MAX_WINNING,
        houseEdge: 0.01,
        /** The figures above are for this bet; `diceRtp(target, direction)` gives any other. */
        reference: REFERENCE_DICE_BET,
      },
    };
  },
};
