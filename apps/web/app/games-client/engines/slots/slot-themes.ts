import type { SlotRules } from './slot-model';

type Role = SlotRules['symbols'][number]['role'];

/**
 * The symbol sets of the catalogue's slot themes (apps/server/src/modules/games/catalogue.data.ts):
 * a title's `theme.symbol` is one of its theme's set, which finds the whole set. Symbols are
 * abstract in the model; the theme only dresses them.
 */
const SETS: string[][] = [
  ['🏺', '☥', '🐍', '🐪', '🔺'],
  ['❄️', '🐺', '🪓', '🌌', '🛡️'],
  ['🐉', '🐯', '🏮', '🎋', '🐼', '🧧'],
  ['🐙', '🐚', '🐠', '🔱', '🐬', '🪸'],
  ['🍒', '🍋', '🔔', '🍉', '⭐', '🍇'],
  ['🪐', '🌌', '👽', '☄️', '🛰️', '🌠'],
  ['🤠', '🐎', '🌵', '💰', '🪙', '🐂'],
  ['🍭', '🍬', '🧁', '🍩', '🍫', '🍰'],
  ['🦜', '⚓', '💀', '🗺️', '☠️', '🧭'],
  ['🍀', '🌈', '🪙', '🎻', '🎩', '🐴'],
  ['💎', '👑', '💍', '🔷', '🔶'],
  ['🦇', '🌕', '🕯️', '🧛', '🥀', '🐈'],
  ['🐆', '🌞', '🗿', '🪶', '🐍', '🌽'],
  ['🦁', '🐘', '🦒', '🦏', '🦓', '🐃'],
  ['🗡️', '🏯', '🌸', '🦊', '🎎', '👺'],
  ['⚡', '🏛️', '🦉', '🔱', '🪽', '🏺'],
  ['⚙️', '🕰️', '🎩', '🔧', '🗝️', '🎈'],
  ['🐲', '🧙', '🦄', '🔮', '🍄', '🧚'],
  ['🎉', '🎭', '🪩', '🎺', '🪅', '💃'],
  ['💰', '🏦', '💵', '🔐', '🪙', '🎰'],
];

const LOW_LABELS = ['A', 'K', 'Q', 'J', '10', '9', '8', '7'];

export interface SymbolArt {
  glyph: string;
  kind: Role;
}

/** How each model symbol looks in this theme: high pays in the theme's emoji, low pays as ranks. */
export function themeArt(themeSymbol: string, symbols: SlotRules['symbols']): Map<number, SymbolArt> {
  const set = SETS.find((s) => s.includes(themeSymbol)) ?? [themeSymbol, '💎', '🔔', '⭐', '🍀'];
  const lead = set.includes(themeSymbol) ? [themeSymbol, ...set.filter((s) => s !== themeSymbol)] : set;
  const art = new Map<number, SymbolArt>();
  let high = 1;
  let low = 0;
  for (const s of symbols) {
    if (s.role === 'wild') art.set(s.id, { glyph: 'WILD', kind: 'wild' });
    else if (s.role === 'scatter') art.set(s.id, { glyph: lead[0]!, kind: 'scatter' });
    else if (s.role === 'high') art.set(s.id, { glyph: lead[high++ % lead.length]!, kind: 'high' });
    else art.set(s.id, { glyph: LOW_LABELS[low++ % LOW_LABELS.length]!, kind: 'low' });
  }
  return art;
}
