import { describe, expect, it } from 'vitest';
import { buildCatalogue } from '../../../apps/server/src/modules/games/catalogue.data.ts';
import { catalogueFigures, percent2, resolveModel, type SlotRules } from './index.ts';
import { createProvablyFairRng } from './provably-fair.ts';

describe('catalogue ↔ models', () => {
  const games = buildCatalogue().games;

  it('every catalogue title resolves to a model whose exact figures are the catalogue payout and hit rate', () => {
    for (const g of games) {
      const model = resolveModel(g.engine, g.seoTitle);
      expect(model.id).toBeTruthy();
      expect({ title: g.title, payout: g.payout, hitRate: g.hitRate }).toEqual({
        title: g.title,
        ...catalogueFigures(g.engine, g.seoTitle),
      });
    }
  });

  it('every slot title states the paylines and reels of its model, on the game page and in its description', () => {
    // The game page shows `lines` (and `ways`) from the catalogue; the game's rules panel shows
    // `describe().rules.lines`. One number for both, for every slot title.
    const slots = games.filter((g) => g.engine.startsWith('slot-'));
    expect(slots.length).toBeGreaterThan(100);
    for (const g of slots) {
      const rules = resolveModel(g.engine, g.seoTitle).describe().rules as SlotRules;
      expect({ title: g.title, lines: g.lines, ways: g.ways }).toEqual({
        title: g.title,
        lines: rules.lines,
        ways: null,
      });
      expect(
        [...g.description.matchAll(/(\d+) paylines/g)].map((m) => Number(m[1])),
        g.title,
      ).toEqual([rules.lines]);
      expect(
        [...g.description.matchAll(/(\d+)-reel/g)].map((m) => Number(m[1])),
        g.title,
      ).toEqual([rules.reels]);
      expect(g.description, g.title).not.toMatch(/ways to win/);
      expect(g.description, g.title).toContain(
        `${rules.freeSpins.slice(0, -1).join(', ')} or ${rules.freeSpins.at(-1)} free spins`,
      );
    }
  });

  it('refuses unknown engines and titles', () => {
    expect(() => resolveModel('keno', 'x')).toThrow();
    expect(() => resolveModel('video-poker', 'deuces-wild')).toThrow();
  });

  it('same (seed, nonce) at stake 10 and 100000 gives the same outcome in every model (G4)', () => {
    const engines = [...new Set(games.map((g) => `${g.engine}|${g.seoTitle}`))].filter(
      (k, i, all) => all.findIndex((x) => x.split('|')[0] === k.split('|')[0]) === i,
    );
    const bets: Record<string, Record<string, unknown>> = {
      roulette: { bets: [{ type: 'red', amount: 0 }] },
      'live-roulette': { bets: [{ type: 'red', amount: 0 }] },
      dice: { target: 4950, direction: 'under' },
      mines: { mines: 3 },
      plinko: { rows: 12, risk: 'medium' },
      baccarat: { side: 'banker' },
      crash: { autoCashout: 2 },
    };
    for (const key of engines) {
      const [engine, title] = key.split('|') as [string, string];
      const model = resolveModel(engine, title);
      const bet = (amount: number) => {
        const extra = bets[engine] ?? {};
        const input = 'bets' in extra ? { bets: [{ type: 'red', amount }] } : { amount, ...extra };
        return model.parseBet(input, { min: 1, max: 1_000_000 });
      };
      const rng = () => createProvablyFairRng({ serverSeed: 'same', clientSeed: 'seed', nonce: 42 });
      const small = model.open(bet(10), rng());
      const large = model.open(bet(100_000), rng());
      const strip = (s: unknown) =>
        JSON.stringify(s, (k, v) => (['amount', 'win', 'wins', 'stake', 'bet', 'bets'].includes(k) ? undefined : v));
      expect(strip(small.state), engine).toBe(strip(large.state));
    }
  });

  it('percent2 rounds to 2 decimals', () => {
    expect(percent2(36 / 37)).toBe('97.30');
    expect(percent2(0.99)).toBe('99.00');
  });
});
