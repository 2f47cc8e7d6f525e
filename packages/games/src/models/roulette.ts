/**
 * Roulette, European (0–36) and American (0–36 and 00, stored as 37). The winning number is one
 * `rng.int(37 | 38)`; `spin` and `settle` are separate because the live tables draw one number per
 * round for every player at the table. Every bet covering c numbers pays 36/c − 1 to 1, so each
 * returns 36/37 (European) or 36/38 (American); the American five-number bet (0, 00, 1, 2, 3) pays
 * 6 to 1 and returns 35/38.
 */
import {
  asRecord,
  checkLimits,
  GameInputError,
  parseMinorUnits,
  type BetLimits,
  type GameModel,
  type RoundStep,
  payDecidedWin,
} from '../model.ts';
import type { Rng } from '../rng.ts';

export type RouletteVariant = 'european' | 'american';
export const DOUBLE_ZERO = 37;
export const RED = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];
export const MAX_BETS = 200;

export type InsideType = 'straight' | 'split' | 'street' | 'corner' | 'line' | 'five';
export type OutsideType = 'dozen' | 'column' | 'red' | 'black' | 'even' | 'odd' | 'low' | 'high';

/**
 * One bet: inside bets name their `numbers` (00 = 37); dozen and column name `index` 1–3; the
 * even-money bets need neither.
 */
export interface RouletteBetItem {
  type: InsideType | OutsideType;
  numbers?: number[];
  index?: number;
  amount: number;
}

export interface RouletteBet {
  /** Total of all items: the round's stake. */
  amount: number;
  bets: RouletteBetItem[];
}

export interface RouletteState {
  variant: RouletteVariant;
  bet: RouletteBet;
  number: number;
  /** Win per item, in the order of `bet.bets` (stake included when it wins). */
  wins: number[];
  win: number;
}

/** Payout to 1 of each bet type (the stake comes back on top). */
export const PAYOUTS: Record<InsideType | OutsideType, number> = {
  straight: 35,
  split: 17,
  street: 11,
  corner: 8,
  line: 5,
  five: 6,
  dozen: 2,
  column: 2,
  red: 1,
  black: 1,
  even: 1,
  odd: 1,
  low: 1,
  high: 1,
};

const key = (numbers: readonly number[]) => [...numbers].sort((a, b) => a - b).join(',');

/** Every legal inside-bet set per type, keyed by its sorted numbers. */
function insideSets(variant: RouletteVariant): Record<InsideType, Set<string>> {
  const sets: Record<InsideType, Set<string>> = {
    straight: new Set(),
    split: new Set(),
    street: new Set(),
    corner: new Set(),
    line: new Set(),
    five: new Set(),
  };
  const zeros = variant === 'american' ? [0, DOUBLE_ZERO] : [0];
  for (const z of zeros) sets.straight.add(key([z]));
  for (let n = 1; n <= 36; n++) {
    sets.straight.add(key([n]));
    if (n % 3 !== 0) sets.split.add(key([n, n + 1]));
    if (n <= 33) sets.split.add(key([n, n + 3]));
    if (n % 3 !== 0 && n <= 32) sets.corner.add(key([n, n + 1, n + 3, n + 4]));
  }
  for (let row = 0; row < 12; row++) sets.street.add(key([3 * row + 1, 3 * row + 2, 3 * row + 3]));
  for (let row = 0; row < 11; row++) sets.line.add(key([1, 2, 3, 4, 5, 6].map((x) => x + 3 * row)));
  if (variant === 'european') {
    [
      [0, 1],
      [0, 2],
      [0, 3],
    ].forEach((s) => sets.split.add(key(s)));
    [
      [0, 1, 2],
      [0, 2, 3],
    ].forEach((s) => sets.street.add(key(s)));
    sets.corner.add(key([0, 1, 2, 3]));
  } else {
    [
      [0, 1],
      [0, 2],
      [DOUBLE_ZERO, 2],
      [DOUBLE_ZERO, 3],
      [0, DOUBLE_ZERO],
    ].forEach((s) => sets.split.add(key(s)));
    [
      [0, 1, 2],
      [0, DOUBLE_ZERO, 2],
      [DOUBLE_ZERO, 2, 3],
    ].forEach((s) => sets.street.add(key(s)));
    sets.five.add(key([0, DOUBLE_ZERO, 1, 2, 3]));
  }
  return sets;
}

const SETS = { european: insideSets('european'), american: insideSets('american') };

export function pockets(variant: RouletteVariant): number {
  return variant === 'american' ? 38 : 37;
}

export function spin(rng: Rng, variant: RouletteVariant = 'european'): number {
  return rng.int(pockets(variant));
}

/** Does `item` win on `number`? 0 and 00 lose every outside bet. */
export function covers(item: Pick<RouletteBetItem, 'type' | 'numbers' | 'index'>, number: number): boolean {
  const inside = number >= 1 && number <= 36;
  switch (item.type) {
    case 'dozen':
      return inside && Math.ceil(number / 12) === item.index;
    case 'column':
      return inside && ((number - 1) % 3) + 1 === item.index;
    case 'red':
      return inside && RED.includes(number);
    case 'black':
      return inside && !RED.includes(number);
    case 'even':
      return inside && number % 2 === 0;
    case 'odd':
      return inside && number % 2 === 1;
    case 'low':
      return inside && number <= 18;
    case 'high':
      return inside && number >= 19;
    default:
      return (item.numbers ?? []).includes(number);
  }
}

/** Win per item and in total for the winning `number`. */
export function settle(bets: readonly RouletteBetItem[], number: number): { wins: number[]; win: number } {
  const wins = bets.map((b) => (covers(b, number) ? b.amount * (PAYOUTS[b.type] + 1) : 0));
  return { wins, win: wins.reduce((a, b) => a + b, 0) };
}

export function parseRouletteBet(input: unknown, limits: BetLimits, variant: RouletteVariant): RouletteBet {
  const raw = asRecord(input).bets;
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > MAX_BETS)
    throw new GameInputError('invalid_bet', `bets must list 1–${MAX_BETS} bets`);
  const bets = raw.map((value): RouletteBetItem => {
    const r = asRecord(value, 'bet item');
    const amount = parseMinorUnits(r.amount);
    const type = r.type as RouletteBetItem['type'];
    if (typeof type !== 'string' || !(type in PAYOUTS))
      throw new GameInputError('invalid_bet', `Unknown bet type ${String(r.type)}`);
    if (type === 'dozen' || type === 'column') {
      if (r.index !== 1 && r.index !== 2 && r.index !== 3)
        throw new GameInputError('invalid_bet', `${type} needs index 1, 2 or 3`);
      return { type, index: r.index, amount };
    }
    if (type in SETS[variant] && ['straight', 'split', 'street', 'corner', 'line', 'five'].includes(type)) {
      const numbers = r.numbers;
      if (!Array.isArray(numbers) || !numbers.every((n) => Number.isInteger(n)))
        throw new GameInputError('invalid_bet', `${type} needs its numbers`);
      const sorted = [...(numbers as number[])].sort((a, b) => a - b);
      if (!SETS[variant][type as InsideType].has(key(sorted)))
        throw new GameInputError('invalid_bet', `${sorted.join(', ')} is not a ${type} bet on this wheel`);
      return { type, numbers: sorted, amount };
    }
    return { type, amount };
  });
  const total = bets.reduce((a, b) => a + b.amount, 0);
  if (!Number.isSafeInteger(total)) throw new GameInputError('invalid_bet', 'The stake is too large');
  checkLimits(total, limits);
  return { amount: total, bets };
}

/** Return of one unit on a bet type, exactly. */
export function betRtp(variant: RouletteVariant, type: RouletteBetItem['type']): number {
  const n = pockets(variant);
  const covered = {
    straight: 1,
    split: 2,
    street: 3,
    corner: 4,
    line: 6,
    five: 5,
    dozen: 12,
    column: 12,
    red: 18,
    black: 18,
    even: 18,
    odd: 18,
    low: 18,
    high: 18,
  }[type];
  return (covered * (PAYOUTS[type] + 1)) / n;
}

export interface RouletteModel extends GameModel<RouletteBet, RouletteState, never> {
  variant: RouletteVariant;
  spin(rng: Rng): number;
  settle(bets: readonly RouletteBetItem[], number: number): { wins: number[]; win: number };
}

export function createRouletteModel(
  variant: RouletteVariant,
  id: string = variant === 'american' ? 'roulette-american' : 'roulette-european',
): RouletteModel {
  const n = pockets(variant);
  return {
    id,
    variant,
    spin: (rng) => spin(rng, variant),
    settle,
    parseBet: (input, limits) => parseRouletteBet(input, limits, variant),
    open(bet: RouletteBet, rng: Rng): RoundStep<RouletteState> {
      const number = spin(rng, variant);
      const { wins, win } = settle(bet.bets, number);
      return { state: { variant, bet, number, wins, win }, finished: true, stake: bet.amount, win };
    },
    abandon: payDecidedWin,
    view(state: RouletteState) {
      return state;
    },
    describe() {
      const types = Object.keys(PAYOUTS).filter(
        (t) => variant === 'american' || t !== 'five',
      ) as RouletteBetItem['type'][];
      return {
        // Every bet but the American five-number bet returns 36/n; that one is listed per type.
        rtp: 36 / n,
        // The figure for an even-money bet (red).
        hitRate: 18 / n,
        maxMultiplier: PAYOUTS.straight + 1,
        rules: {
          variant,
          pockets: n,
          /** 37 stands for 00 on the American wheel. */
          doubleZero: variant === 'american' ? DOUBLE_ZERO : null,
          red: RED,
          payouts: Object.fromEntries(types.map((t) => [t, PAYOUTS[t]])),
          rtpByType: Object.fromEntries(types.map((t) => [t, betRtp(variant, t)])),
          maxBets: MAX_BETS,
        },
      };
    },
  };
}
