import { DOUBLE_ZERO, RED, type RouletteBetItem, type RouletteState } from '@croupier/games/models/roulette';
import { obj } from '../shared/read';

/** 37 stands for 00 on the American wheel in the model's numbering. */
export { DOUBLE_ZERO };

export function numberColour(n: number): 'red' | 'black' | 'green' {
  if (n === 0 || n === DOUBLE_ZERO) return 'green';
  return RED.includes(n) ? 'red' : 'black';
}

export function numberLabel(n: number): string {
  return n === DOUBLE_ZERO ? '00' : String(n);
}

/** A spot on the layout: the bet item (without amount) it places, in the model's shape. */
export interface Spot {
  name: string;
  item: Omit<RouletteBetItem, 'amount'>;
}

export function outsideSpots(): Spot[] {
  const even: Spot[] = (['low', 'even', 'red', 'black', 'odd', 'high'] as const).map((type) => ({
    name: type,
    item: { type },
  }));
  return [
    ...even,
    ...[1, 2, 3].map((index) => ({ name: `dozen-${index}`, item: { type: 'dozen' as const, index } })),
    ...[1, 2, 3].map((index) => ({ name: `column-${index}`, item: { type: 'column' as const, index } })),
  ];
}

export function straightSpot(n: number): Spot {
  return { name: numberLabel(n), item: { type: 'straight', numbers: [n] } };
}

/**
 * How a click on a number places a chip: straight up on it, or an inside bet anchored at it. The
 * layout has numbers in columns of three (1 at the bottom, 3 at the top), so "split right" pairs n
 * with n + 3, "split up" with n + 1, a street is n's column of three, a corner is n, n + 1, n + 3,
 * n + 4 and a six line is n's street and the next. Zero combinations are not offered on the layout.
 */
export const INSIDE_MODES = ['straight', 'split-right', 'split-up', 'street', 'corner', 'line'] as const;
export type InsideMode = (typeof INSIDE_MODES)[number];

/** The numbers of the bet anchored at n in a mode, or null when n cannot anchor it. */
export function insideNumbers(mode: InsideMode, n: number): number[] | null {
  if (mode === 'straight') return [n];
  if (!Number.isInteger(n) || n < 1 || n > 36) return null;
  const first = n - ((n - 1) % 3);
  switch (mode) {
    case 'split-right':
      return n <= 33 ? [n, n + 3] : null;
    case 'split-up':
      return n % 3 !== 0 ? [n, n + 1] : null;
    case 'street':
      return [first, first + 1, first + 2];
    case 'corner':
      return n % 3 !== 0 && n <= 32 ? [n, n + 1, n + 3, n + 4] : null;
    case 'line':
      return first <= 31 ? [first, first + 1, first + 2, first + 3, first + 4, first + 5] : null;
  }
}

const MODE_TYPE: Record<Exclude<InsideMode, 'straight'>, 'split' | 'street' | 'corner' | 'line'> = {
  'split-right': 'split',
  'split-up': 'split',
  street: 'street',
  corner: 'corner',
  line: 'line',
};

/** The spot name of the bet anchored at n in a mode (`split-1-4`, `street-1-2-3`, or the number). */
export function insideSpotName(mode: InsideMode, n: number): string | null {
  const numbers = insideNumbers(mode, n);
  if (!numbers) return null;
  return mode === 'straight' ? numberLabel(n) : `${MODE_TYPE[mode]}-${numbers.join('-')}`;
}

/** Every split, street, corner and six line between 1 and 36, once each. */
export function insideSpots(): Spot[] {
  const spots = new Map<string, Spot>();
  for (const mode of INSIDE_MODES) {
    if (mode === 'straight') continue;
    for (let n = 1; n <= 36; n++) {
      const numbers = insideNumbers(mode, n);
      const name = insideSpotName(mode, n);
      if (numbers && name && !spots.has(name)) spots.set(name, { name, item: { type: MODE_TYPE[mode], numbers } });
    }
  }
  return [...spots.values()];
}

export function fiveNumberSpot(): Spot {
  return { name: 'five', item: { type: 'five', numbers: [0, DOUBLE_ZERO, 1, 2, 3] } };
}

/** Identity of a bet item regardless of its amount, to find the spot of a placed bet. */
export function itemKey(item: Omit<RouletteBetItem, 'amount'>): string {
  return `${item.type}|${item.index ?? ''}|${[...(item.numbers ?? [])].sort((a, b) => a - b).join(',')}`;
}

export type Chips = Record<string, number>;

/** The model's bet JSON for the chips on the layout: one item per spot, amounts in minor units. */
export function toBet(chips: Chips, spots: Spot[]): { bets: RouletteBetItem[] } {
  const byName = new Map(spots.map((s) => [s.name, s]));
  const bets = Object.entries(chips)
    .filter(([name, amount]) => amount > 0 && byName.has(name))
    .map(([name, amount]) => ({ ...byName.get(name)!.item, amount }));
  return { bets };
}

/** The chips of a placed bet (a round's `bet.bets`), back on the layout's spots. */
export function chipsFromBet(items: readonly RouletteBetItem[], spots: Spot[]): Chips {
  const byKey = new Map(spots.map((s) => [itemKey(s.item), s.name]));
  const chips: Chips = {};
  for (const item of items) {
    const name = byKey.get(itemKey(item));
    if (name) chips[name] = (chips[name] ?? 0) + item.amount;
  }
  return chips;
}

export function totalStake(chips: Chips): number {
  return Object.values(chips).reduce((a, b) => a + b, 0);
}

export function readRouletteRules(rules: unknown): { american: boolean } {
  return { american: obj(rules).variant === 'american' };
}

export function readRouletteView(view: unknown): RouletteState | null {
  const v = view as Partial<RouletteState> | null;
  return v && typeof v.number === 'number' && v.bet ? (v as RouletteState) : null;
}
