import { TILES, type MinesView } from '@croupier/games/models/mines';

export { TILES };
export type { MinesView };

export function readMinesView(view: unknown): MinesView | null {
  const v = view as Partial<MinesView> | null;
  return v && Array.isArray(v.revealed) && v.bet ? (v as MinesView) : null;
}

/** What a tile shows: mines only appear in the view once the round is over. */
export function tileState(view: MinesView | null, tile: number): 'gem' | 'mine' | 'hidden' {
  if (!view) return 'hidden';
  if (view.mines?.includes(tile) || view.hit === tile) return 'mine';
  return view.revealed.includes(tile) ? 'gem' : 'hidden';
}

/** The cash-out value now, floored like the model's win: stake × multiplier (hundredths). */
export function cashoutValue(view: MinesView): number {
  return Number((BigInt(view.bet.amount) * BigInt(view.multiplier)) / 100n);
}
