import { MAX_ROWS, MIN_ROWS, PLINKO_TABLES, type PlinkoRisk, type PlinkoState } from '@croupier/games/models/plinko';

export type Risk = PlinkoRisk;
export const RISKS: Risk[] = ['low', 'medium', 'high'];
export { MAX_ROWS, MIN_ROWS };
export type { PlinkoState };

/** Pocket multipliers (as numbers, 5.6 = 5.6×) for a row count and risk, pocket 0 first. */
export function pocketMultipliers(rows: number, risk: Risk): number[] {
  return (PLINKO_TABLES[risk][rows] ?? []).map((h) => h / 100);
}

export function readPlinkoView(view: unknown): PlinkoState | null {
  const v = view as Partial<PlinkoState> | null;
  return v && Array.isArray(v.path) && v.bet ? (v as PlinkoState) : null;
}

/** Ball position after `step` rows, as a fraction of the board width (0 = left edge). */
export function ballX(path: number[], step: number, rows: number): number {
  const rights = path.slice(0, step).reduce((a, b) => a + b, 0);
  // Row r has r + 1 gaps between its pegs; the ball starts centred and moves half a gap per row.
  return 0.5 + (rights - step / 2) / (rows + 1);
}
