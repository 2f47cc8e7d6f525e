import type { BaccaratSide, BaccaratState } from '@croupier/games/models/baccarat';

export const SIDES: BaccaratSide[] = ['player', 'tie', 'banker'];
export type Side = BaccaratSide;
export type { BaccaratState };

export function readBaccaratView(view: unknown): BaccaratState | null {
  const v = view as Partial<BaccaratState> | null;
  return v && Array.isArray(v.player) && Array.isArray(v.banker) && v.bet ? (v as BaccaratState) : null;
}

/** "Pays 1:1", "0.95:1" from the rules' per-unit returns in hundredths (stake included). */
export function payoutText(hundredths: number | undefined): string | null {
  if (typeof hundredths !== 'number' || hundredths <= 100) return null;
  const profit = (hundredths - 100) / 100;
  return `${Number.isInteger(profit) ? profit : profit.toFixed(2)}:1`;
}
