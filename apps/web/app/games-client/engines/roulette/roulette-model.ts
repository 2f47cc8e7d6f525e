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
  const even: Spot[] = (['low', 'even', 'red', 'black', 'odd', 'high'] as const).map((type) => ({ name: type, item: { type } }));
  return [
    ...even,
    ...[1, 2, 3].map((index) => ({ name: `dozen-${index}`, item: { type: 'dozen' as const, index } })),
    ...[1, 2, 3].map((index) => ({ name: `column-${index}`, item: { type: 'column' as const, index } })),
  ];
}

export function straightSpot(n: number): Spot {
  return { name: numberLabel(n), item: { type: 'straight', numbers: [n] } };
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
