import {
  DICE_OUTCOMES,
  MAX_WINNING,
  MIN_WINNING,
  multiplierBp,
  winningRolls,
  type DiceState,
} from '@croupier/games/models/dice';

export type Direction = 'over' | 'under';
export type { DiceState };

/** Targets (hundredths) whose win chance the model accepts (1 %–98 %) for a direction. */
export function targetRange(direction: Direction): { min: number; max: number } {
  return direction === 'under'
    ? { min: MIN_WINNING, max: MAX_WINNING }
    : { min: DICE_OUTCOMES - 1 - MAX_WINNING, max: DICE_OUTCOMES - 1 - MIN_WINNING };
}

export function clampTarget(target: number, direction: Direction): number {
  const { min, max } = targetRange(direction);
  return Math.min(max, Math.max(min, Math.round(target)));
}

/** Win chance in hundredths of a percent and the multiplier, exactly as the model settles them. */
export function diceOdds(target: number, direction: Direction): { chance: number; multiplier: number } {
  const winning = winningRolls(target, direction);
  return { chance: winning, multiplier: multiplierBp(winning) / 10_000 };
}

export function readDiceView(view: unknown): DiceState | null {
  const v = view as Partial<DiceState> | null;
  return v && typeof v.roll === 'number' && v.bet ? (v as DiceState) : null;
}

/** 4950 → "49.50": rolls and targets are hundredths. */
export function hundredths(value: number): string {
  return (value / 100).toFixed(2);
}
