import { describe, expect, it } from 'vitest';
import { DEFAULT_SLOT_SET, GAME_SYMBOLS, SLOT_SYMBOL_SETS, isGameSymbol, slotSymbolSet } from './game-symbols.ts';

const TAGS = new Set(['path', 'circle', 'ellipse', 'rect', 'polygon', 'g']);
const ATTRIBUTES = new Set([
  'd',
  'fill',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-dasharray',
  'opacity',
  'transform',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'x',
  'y',
  'width',
  'height',
  'points',
]);

/** Every tag of the markup, checked against a closed vocabulary: shapes only, no text or links. */
function checkMarkup(svg: string): void {
  const stack: string[] = [];
  const tag = /<(\/?)([a-z-]+)((?:\s+[a-z-]+="[^"<>]*")*)\s*(\/?)>/y;
  let i = 0;
  while (i < svg.length) {
    expect(svg[i], svg.slice(i, i + 30)).toBe('<');
    tag.lastIndex = i;
    const m = tag.exec(svg);
    if (!m) throw new Error(`malformed markup at ${i}: ${svg.slice(i, i + 40)}`);
    const [whole, closing, name, attrs, selfClosing] = m;
    expect(TAGS, name).toContain(name);
    for (const [, attr] of attrs!.matchAll(/([a-z-]+)="/g)) expect(ATTRIBUTES, attr).toContain(attr);
    if (closing) expect(stack.pop()).toBe(name);
    else if (!selfClosing) stack.push(name!);
    i += whole.length;
  }
  expect(stack).toEqual([]);
}

describe('game symbols', () => {
  it('are shapes only: well-formed markup of a closed vocabulary, no text, small', () => {
    for (const [key, symbol] of Object.entries(GAME_SYMBOLS)) {
      checkMarkup(symbol.svg);
      expect(symbol.svg, key).not.toMatch(/NaN|undefined/);
      expect(symbol.label.length, key).toBeGreaterThan(0);
      expect(symbol.svg.length, key).toBeLessThan(1600);
    }
  });

  it('give every slot theme five or more distinct drawn symbols', () => {
    for (const [theme, set] of Object.entries(SLOT_SYMBOL_SETS)) {
      expect(new Set(set).size, theme).toBe(set.length);
      expect(set.length, theme).toBeGreaterThanOrEqual(5);
      for (const key of set) expect(isGameSymbol(key), `${theme}: ${key}`).toBe(true);
    }
  });

  it('every theme has a symbol of its own, so a title symbol finds its theme', () => {
    const sets = Object.values(SLOT_SYMBOL_SETS) as readonly (readonly string[])[];
    for (const set of sets) {
      const own = set.filter((key) => sets.filter((s) => s.includes(key)).length === 1);
      expect(own.length, set.join()).toBeGreaterThan(0);
      for (const key of own) expect(slotSymbolSet(key)).toEqual([key, ...set.filter((s) => s !== key)]);
    }
  });

  it('an unknown symbol (an operator emoji) gets the default set', () => {
    expect(slotSymbolSet('🎰')).toBe(DEFAULT_SLOT_SET);
    expect(isGameSymbol('🎰')).toBe(false);
    expect(isGameSymbol('toString')).toBe(false);
  });
});
