import { slotSymbolSet, type GameSymbolKey } from '@croupier/shared/game-symbols';
import type { SlotRules } from './slot-model';

type Role = SlotRules['symbols'][number]['role'];

const LOW_LABELS = ['A', 'K', 'Q', 'J', '10', '9', '8', '7'];

/** A reel symbol: our drawing for the scatter and high pays, a rank for the low pays; the wild says so in words. */
export type SymbolArt =
  { kind: 'wild' } | { kind: Exclude<Role, 'wild' | 'low'>; symbol: GameSymbolKey } | { kind: 'low'; text: string };

/**
 * How each model symbol looks in this theme. Symbols are abstract in the model; the catalogue
 * theme only dresses them: its set (found from the title's own symbol) gives the scatter (the
 * title's symbol) and the high pays, ranks stand for the low pays, and the wild says so.
 */
export function themeArt(themeSymbol: string, symbols: SlotRules['symbols']): Map<number, SymbolArt> {
  const set = slotSymbolSet(themeSymbol);
  const art = new Map<number, SymbolArt>();
  let high = 1;
  let low = 0;
  for (const s of symbols) {
    if (s.role === 'wild') art.set(s.id, { kind: 'wild' });
    else if (s.role === 'scatter') art.set(s.id, { kind: 'scatter', symbol: set[0]! });
    else if (s.role === 'high') art.set(s.id, { kind: 'high', symbol: set[high++ % set.length]! });
    else art.set(s.id, { kind: 'low', text: LOW_LABELS[low++ % LOW_LABELS.length]! });
  }
  return art;
}
