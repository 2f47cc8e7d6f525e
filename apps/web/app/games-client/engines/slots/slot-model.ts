import type { SlotRules, SlotSpin, SlotState } from '@croupier/games/models/slots';

export type { SlotRules, SlotSpin, SlotState };

/** The round's view is the model's whole state (a slot round hides nothing). */
export function readSlotView(view: unknown): SlotState | null {
  const v = view as Partial<SlotState> | null;
  return v && Array.isArray(v.spins) && v.bet ? (v as SlotState) : null;
}

/** Cells `reel:row` on the winning lines of one spin, for the highlight. */
export function winningCells(spin: SlotSpin, rules: SlotRules): Set<string> {
  const cells = new Set<string>();
  for (const w of spin.lineWins) {
    const line = rules.paylines[w.line];
    if (!line) continue;
    for (let reel = 0; reel < Math.min(w.count, line.length); reel++) cells.add(`${reel}:${line[reel]}`);
  }
  return cells;
}

/** Money for `units` line-bet multiples at total bet `amount`, floored like the model's win. */
export function unitsToMinor(amount: number, units: number, lines: number): number {
  return Number((BigInt(amount) * BigInt(units)) / BigInt(lines));
}

/**
 * The win counter after `played` spins of the round: the model floors the round's win once over
 * all its units, so the running figure does the same and ends exactly on the round's win.
 */
export function winAfter(state: SlotState, played: number, lines: number): number {
  const units = state.spins.slice(0, played).reduce((a, s) => a + s.units, 0);
  return unitsToMinor(state.bet.amount, units, lines);
}

/**
 * Where the reels rest before the first spin: reel r stands (r + 1) twelfths of the way round its
 * strip. Deterministic, so the machine never looks empty, and it shows only symbols the reels
 * really carry; at these stops no model pays a line (slot-model.test.ts), so the resting reels
 * never look like a win, and each shows the scatter: the title's own symbol.
 */
export function restingStops(rules: Pick<SlotRules, 'strips'>): number[] {
  return rules.strips.map((strip, reel) => Math.floor(((reel + 1) * strip.length) / 12) % strip.length);
}

/** The symbols in view at the resting stops (the window of stop s is strip[s], strip[s + 1], strip[s + 2]). */
export function restingWindow(rules: Pick<SlotRules, 'strips' | 'rows'>): number[][] {
  const stops = restingStops(rules);
  return rules.strips.map((strip, reel) =>
    Array.from({ length: rules.rows }, (_, row) => strip[(stops[reel]! + row) % strip.length]!),
  );
}
