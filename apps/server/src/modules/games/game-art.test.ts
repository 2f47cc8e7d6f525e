import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Game } from '@croupier/shared/api/games';
import { games } from '../../db/schema/index.ts';
import { buildTestApp, createClient, type TestApp } from '../../../test/build-test-app.ts';
import { buildCatalogue, hash32 } from './catalogue.data.ts';
import { bumpCatalogueVersion } from './catalogue.version.ts';
import { escapeXml, renderGameArt, wrapTitle } from './game-art.ts';
import { GAME_SYMBOLS, isGameSymbol, type GameSymbolKey } from '@croupier/shared/game-symbols';
import { tolerateForcedDrop } from './test-factories.ts';

/**
 * A small XML well-formedness check: every tag closes in order, attribute values are quoted, and
 * text and attributes hold no raw `<` or bare `&`.
 */
function assertWellFormed(xml: string) {
  const stack: string[] = [];
  const tag = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/y;
  let i = 0;
  while (i < xml.length) {
    if (xml[i] === '<') {
      tag.lastIndex = i;
      const m = tag.exec(xml);
      if (!m) throw new Error(`malformed tag at ${i}: ${xml.slice(i, i + 40)}`);
      const [whole, closing, name, attrs, selfClosing] = m;
      for (const value of attrs!.matchAll(/="([^"]*)"/g)) {
        if (/&(?!(amp|lt|gt|quot|apos|#\d+);)/.test(value[1]!)) throw new Error(`bare & in attribute: ${value[1]}`);
      }
      if (closing) {
        if (stack.pop() !== name) throw new Error(`unbalanced </${name}>`);
      } else if (!selfClosing) stack.push(name!);
      i += whole.length;
    } else {
      const next = xml.indexOf('<', i);
      const text = xml.slice(i, next === -1 ? xml.length : next);
      if (/&(?!(amp|lt|gt|quot|apos|#\d+);)/.test(text)) throw new Error(`bare & in text: ${text}`);
      if (text.includes('>')) throw new Error(`raw > in text: ${text}`);
      i = next === -1 ? xml.length : next;
    }
  }
  if (stack.length) throw new Error(`unclosed: ${stack.join(',')}`);
}

describe('game artwork', () => {
  it('renders every catalogue game as a small, well-formed SVG', () => {
    const catalogue = buildCatalogue();
    const providerTitle = new Map(catalogue.providers.map((p) => [p.id, p.title]));
    for (const g of catalogue.games) {
      const svg = renderGameArt({ title: g.title, providerTitle: providerTitle.get(g.providerId)!, theme: g.theme });
      expect(Buffer.byteLength(svg), g.identifier).toBeLessThan(4096);
      assertWellFormed(svg);
      expect(svg).toContain(`fill="${g.theme.palette[2]}"`);
      // The symbol is our drawing: nothing on the tile needs an emoji font.
      expect(isGameSymbol(g.theme.symbol), g.identifier).toBe(true);
      expect(svg).toContain(GAME_SYMBOLS[g.theme.symbol as GameSymbolKey].svg);
      expect(svg).not.toMatch(/\p{Extended_Pictographic}|Emoji/u);
      // Deterministic.
      expect(renderGameArt({ title: g.title, providerTitle: providerTitle.get(g.providerId)!, theme: g.theme })).toBe(
        svg,
      );
    }
  });

  it('escapes text and attributes and replaces unsafe colours', () => {
    const svg = renderGameArt({
      title: `Tom & Jerry's <script>alert("x")</script>`,
      providerTitle: 'A&B <Studio>',
      theme: { palette: ['red" onload="alert(1)', '#123456', 'url(javascript:x)'], symbol: '<&>', motif: 'unknown' },
    });
    assertWellFormed(svg);
    expect(svg).not.toContain('<script');
    expect(svg).not.toContain('onload');
    expect(svg).not.toContain('javascript');
    expect(svg).toContain('Tom &amp; Jerry&apos;s &lt;script&gt;');
    expect(svg).toContain('A&amp;B &lt;STUDIO&gt;');
    // A symbol we have not drawn is never printed as text: the title's initial stands in.
    expect(svg).not.toContain('&lt;&amp;&gt;');
    expect(svg).toMatch(/<text [^>]*>T<\/text>/);
    const emoji = renderGameArt({
      title: 'slot',
      providerTitle: 'Studio',
      theme: { palette: ['#101010', '#202020', '#f0f0f0'], symbol: '🎰', motif: 'dots' },
    });
    expect(emoji).not.toMatch(/\p{Extended_Pictographic}|Emoji/u);
    expect(emoji).toMatch(/<text [^>]*>S<\/text>/);
    expect(escapeXml('a\u0000b\u001fc')).toBe('abc');
  });

  it('wraps long titles into at most three lines', () => {
    expect(wrapTitle('Rocket')).toEqual(['Rocket']);
    expect(wrapTitle('Temple of the Jade Tiger')).toEqual(['Temple of the', 'Jade Tiger']);
    const long = wrapTitle('One Two Three Four Five Six Seven Eight Nine Ten Eleven Twelve');
    expect(long).toHaveLength(3);
    expect(long[2]!.endsWith('…')).toBe(true);
  });

  describe('served', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp();
      tolerateForcedDrop(t.database);
    });
    afterAll(async () => t.close());

    it('escapes a stored title with markup, and sees catalogue writes after a version bump', async () => {
      const api = createClient(t.app);
      await t.database.db.insert(games).values({
        identifier: 'croupier-originals/markup-test',
        providerId: 'croupier-originals',
        seoTitle: 'markup-test',
        title: `Bits & <b>"Bobs"</b>`,
        engine: 'slot-low',
        theme: { palette: ['#101010', '#202020', '#f0f0f0'], symbol: '🎰', motif: 'dots' },
        payout: '96.00',
        hitRate: '30.00',
      });
      bumpCatalogueVersion();
      const selected = (
        await api.post('/api/games_filter/select', { game_ids: ['croupier-originals/markup-test'] })
      ).json() as Record<string, Game>;
      const game = selected['croupier-originals/markup-test'];
      expect(game?.title).toBe(`Bits & <b>"Bobs"</b>`);
      const res = await api.get(game!.preview);
      expect(res.statusCode).toBe(200);
      assertWellFormed(res.body);
      expect(res.body).toContain('Bits &amp; &lt;b&gt;&quot;Bobs&quot;&lt;/b&gt;');
      expect(res.body).not.toContain('<b>');
      // The preview URL is versioned by the artwork's bytes, so a new drawing reaches every cache.
      expect(new URL(game!.preview, 'http://localhost').searchParams.get('v')).toBe(hash32(res.body).toString(36));
    });
  });
});
