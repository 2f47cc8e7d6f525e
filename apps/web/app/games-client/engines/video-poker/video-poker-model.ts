import type { HandRank, VideoPokerView } from '@croupier/games/models/video-poker';

export type { HandRank, VideoPokerView };

export function readPokerView(view: unknown): VideoPokerView | null {
  const v = view as Partial<VideoPokerView> | null;
  return v && Array.isArray(v.hand) && v.bet ? (v as VideoPokerView) : null;
}

/** The model's hold mask: bit i keeps card i. */
export function holdMask(hold: readonly boolean[]): number {
  return hold.reduce((mask, held, i) => (held ? mask | (1 << i) : mask), 0);
}

export function heldCards(mask: number | null): boolean[] {
  return [0, 1, 2, 3, 4].map((i) => mask !== null && (mask & (1 << i)) !== 0);
}

export interface PaytableRow {
  hand: HandRank;
  pays: number;
}

/**
 * Paytable rows best hand first; the three four-of-a-kind ranks collapse into one row when they
 * pay the same (Jacks or Better), as printed on a machine.
 */
export function paytableRows(rules: unknown): PaytableRow[] {
  const pays = ((rules as { pays?: Partial<Record<HandRank, number>> } | null)?.pays ?? {}) as Partial<
    Record<HandRank, number>
  >;
  const rows = (Object.entries(pays) as [HandRank, number][]).filter(([hand, p]) => hand !== 'nothing' && p > 0);
  const quads = rows.filter(([h]) => h.startsWith('four-'));
  const sameQuads = quads.length > 1 && quads.every(([, p]) => p === quads[0]![1]);
  return rows
    .filter(([h]) => !sameQuads || !h.startsWith('four-') || h === 'four-aces')
    .map(([hand, p]) => ({ hand: sameQuads && hand === 'four-aces' ? ('four-of-a-kind' as HandRank) : hand, pays: p }))
    .sort((a, b) => b.pays - a.pays);
}

/** The row a final rank is paid on (four-of-a-kind ranks share one row when they pay alike). */
export function rowOf(rank: HandRank | null, rows: PaytableRow[]): HandRank | null {
  if (!rank) return null;
  if (rows.some((r) => r.hand === rank)) return rank;
  return rank.startsWith('four-') ? ('four-of-a-kind' as HandRank) : null;
}
