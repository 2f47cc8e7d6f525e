import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENCY_CODES } from '@croupier/shared/currencies';
import { categories, gameCategories, gameLaunchIds, games, providers } from '../../db/schema/index.ts';
import type { Database } from '../../db/client.ts';
import { openTestDatabase } from '../../../test/build-test-app.ts';
import { buildCatalogue, hash32, slugify } from './catalogue.data.ts';
import { loadCatalogue } from './catalogue.cache.ts';
import { seedGameCatalogue } from './catalogue.seed.ts';
import { catalogueVersion } from './catalogue.version.ts';
import { tolerateForcedDrop } from './test-factories.ts';

/** Game category slugs (docs/player-app.md#category-slugs). */
const SPEC_SLUGS = [
  'new',
  'top',
  'recommended',
  'megaways',
  'live',
  'pokies',
  'blackjack',
  'roulette',
  'baccarat',
  'poker',
  'jackpot',
];

describe('catalogue data', () => {
  const catalogue = buildCatalogue();

  it('has at least 220 original games from at least 8 studios, with unique identifiers and seo titles', () => {
    expect(catalogue.games.length).toBeGreaterThanOrEqual(220);
    expect(catalogue.providers.length).toBeGreaterThanOrEqual(8);
    expect(new Set(catalogue.games.map((g) => g.identifier)).size).toBe(catalogue.games.length);
    expect(new Set(catalogue.games.map((g) => g.seoTitle)).size).toBe(catalogue.games.length);
    expect(new Set(catalogue.games.map((g) => g.title.toLowerCase())).size).toBe(catalogue.games.length);
    for (const p of catalogue.providers) expect(p.id).toBe(slugify(p.id));
    for (const g of catalogue.games) {
      expect(g.identifier).toBe(`${g.providerId}/${g.seoTitle}`);
      expect(g.seoTitle).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(g.theme.palette).toHaveLength(3);
      for (const c of g.theme.palette) expect(c).toMatch(/^#[0-9a-f]{6}$/);
      expect(g.payout).toMatch(/^\d{2}\.\d{2}$/);
      expect(g.releasedAt.getTime()).toBeLessThanOrEqual(Date.parse('2026-11-01T00:00:00Z'));
      expect(g.releasedAt.getTime()).toBeGreaterThan(Date.parse('2024-10-31T00:00:00Z'));
    }
  });

  it('covers every engine, with live games and no demo for them only', () => {
    const engines = new Set(catalogue.games.map((g) => g.engine));
    for (const e of [
      'slot-low',
      'slot-medium',
      'slot-high',
      'roulette',
      'blackjack',
      'video-poker',
      'dice',
      'mines',
      'plinko',
      'baccarat',
      'crash',
      'live-roulette',
    ]) {
      expect(engines).toContain(e);
    }
    expect(catalogue.games.find((g) => g.identifier === 'turbo-games/rocket')?.engine).toBe('crash');
    for (const g of catalogue.games) expect(g.hasDemo).toBe(g.engine !== 'live-roulette');
    // Several themes per slot engine.
    const symbolsByEngine = (engine: string) =>
      new Set(catalogue.games.filter((g) => g.engine === engine).map((g) => g.theme.symbol));
    for (const e of ['slot-low', 'slot-medium', 'slot-high']) expect(symbolsByEngine(e).size).toBeGreaterThan(10);
  });

  it('puts every category slug of docs/player-app.md#category-slugs in the catalogue, each with games, pokies and live sections set', () => {
    const ids = catalogue.categories.map((c) => c.id);
    for (const slug of SPEC_SLUGS) {
      expect(ids).toContain(slug);
      expect(catalogue.memberships.filter((m) => m.categoryId === slug).length).toBeGreaterThan(0);
    }
    const section = (id: string) => catalogue.categories.find((c) => c.id === id)?.section;
    expect(section('pokies')).toBe('pokies');
    expect(section('megaways')).toBe('pokies');
    expect(section('live')).toBe('live');
    const live = new Set(catalogue.memberships.filter((m) => m.categoryId === 'live').map((m) => m.identifier));
    expect([...live].every((id) => catalogue.games.find((g) => g.identifier === id)?.engine === 'live-roulette')).toBe(
      true,
    );
  });

  it('gives every game its description as facts too: a pokie’s setting, spins and jackpot, a table game’s rules', () => {
    const jackpots = new Set(catalogue.memberships.filter((m) => m.categoryId === 'jackpot').map((m) => m.identifier));
    for (const g of catalogue.games) {
      const [first, ...rest] = g.descriptionParts;
      if (g.engine.startsWith('slot-')) {
        expect(first).toMatchObject({
          key: 'slot',
          params: { title: g.title, volatility: g.volatility, lines: g.lines },
        });
        const reels = first?.key === 'slot' ? first.params.reels : null;
        expect(g.description).toContain(`${reels}-reel pokie with ${g.lines} paylines`);
        expect(['free_spins', 'free_spins_multiplied']).toContain(rest[0]?.key);
        expect(rest.some((p) => p.key === 'jackpot')).toBe(jackpots.has(g.identifier));
      } else {
        expect(first).toMatchObject({ key: 'table', params: { title: g.title } });
        expect(rest.map((p) => p.key)).toEqual(g.engine === 'live-roulette' ? ['live_no_demo'] : []);
      }
    }
  });

  it('is deterministic: hashing, not randomness', () => {
    expect(hash32('Aurora Fortune')).toBe(hash32('Aurora Fortune'));
    const fingerprint = hash32(JSON.stringify(catalogue));
    expect(fingerprint).toBe(hash32(JSON.stringify(buildCatalogue())));
  });
});

describe('seedGameCatalogue', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    tolerateForcedDrop(database);
  });
  afterAll(async () => drop());

  // Sequential on purpose: one pool connection at a time (see the report on the test harness drop race).
  const counts = async () => {
    const db = database.db;
    const n = async (
      table: typeof games | typeof providers | typeof categories | typeof gameCategories | typeof gameLaunchIds,
    ) => (await db.select({ n: count() }).from(table))[0]!.n;
    return {
      games: await n(games),
      providers: await n(providers),
      categories: await n(categories),
      memberships: await n(gameCategories),
      launchIds: await n(gameLaunchIds),
    };
  };

  it('was run by the template: at least 200 games, 8 providers and the documented category slugs', async () => {
    const n = await counts();
    expect(n.games).toBeGreaterThanOrEqual(200);
    expect(n.providers).toBeGreaterThanOrEqual(8);
    const ids = (await database.db.select({ id: categories.id }).from(categories)).map((r) => r.id);
    for (const slug of SPEC_SLUGS) expect(ids).toContain(slug);
  });

  it('is idempotent: running it twice more writes nothing and keeps every count', async () => {
    const before = await counts();
    const version = catalogueVersion();
    const first = await seedGameCatalogue(database.db);
    const second = await seedGameCatalogue(database.db);
    expect(first.catalogueWrites).toBe(0);
    expect(second.catalogueWrites).toBe(0);
    expect(catalogueVersion()).toBe(version);
    expect(await counts()).toEqual(before);
  });

  it('gives one launch id per game and currency, plus FUN exactly for demo games', async () => {
    const rows = await database.db
      .select({
        hasDemo: games.hasDemo,
        n: count(),
        fun: sql<number>`count(*) filter (where ${gameLaunchIds.currency} = 'FUN')`.mapWith(Number),
      })
      .from(games)
      .innerJoin(gameLaunchIds, eq(gameLaunchIds.gameId, games.id))
      .groupBy(games.id, games.hasDemo);
    expect(rows.length).toBe(buildCatalogue().games.length);
    for (const r of rows) {
      expect(r.n).toBe(CURRENCY_CODES.length + (r.hasDemo ? 1 : 0));
      expect(r.fun).toBe(r.hasDemo ? 1 : 0);
    }
  });

  it('repairs drift, keeps launch ids stable and leaves the operator’s active flag alone', async () => {
    const db = database.db;
    const [rocket] = await db.select().from(games).where(eq(games.identifier, 'turbo-games/rocket'));
    const launchBefore = await db.select().from(gameLaunchIds).where(eq(gameLaunchIds.gameId, rocket!.id));
    await db.update(games).set({ title: 'Renamed', active: false }).where(eq(games.id, rocket!.id));
    await db
      .delete(gameCategories)
      .where(and(eq(gameCategories.gameId, rocket!.id), eq(gameCategories.categoryId, 'crash')));
    await db.insert(gameCategories).values({ gameId: rocket!.id, categoryId: 'blackjack', position: 0 });
    await db.delete(gameLaunchIds).where(and(eq(gameLaunchIds.gameId, rocket!.id), eq(gameLaunchIds.currency, 'USD')));
    await db.insert(gameLaunchIds).values({ gameId: rocket!.id, currency: 'XYZ' });
    await db.update(providers).set({ title: 'Someone Else' }).where(eq(providers.id, 'turbo-games'));

    const version = catalogueVersion();
    const result = await seedGameCatalogue(db);
    expect(result.catalogueWrites).toBeGreaterThan(0);
    expect(catalogueVersion()).toBeGreaterThan(version);

    const [after] = await db.select().from(games).where(eq(games.id, rocket!.id));
    expect(after!.title).toBe('Rocket');
    expect(after!.active).toBe(false);
    const cats = (await db.select().from(gameCategories).where(eq(gameCategories.gameId, rocket!.id)))
      .map((r) => r.categoryId)
      .sort();
    const wanted = buildCatalogue()
      .memberships.filter((m) => m.identifier === 'turbo-games/rocket')
      .map((m) => m.categoryId)
      .sort();
    expect(wanted).toContain('crash');
    expect(cats).toEqual(wanted);
    const launchAfter = await db.select().from(gameLaunchIds).where(eq(gameLaunchIds.gameId, rocket!.id));
    expect(launchAfter.map((r) => r.currency).sort()).toEqual(launchBefore.map((r) => r.currency).sort());
    // Untouched ids keep their values.
    const idOf = (rows: typeof launchBefore, cur: string) => rows.find((r) => r.currency === cur)?.id;
    expect(idOf(launchAfter, 'EUR')).toBe(idOf(launchBefore, 'EUR'));
    expect(idOf(launchAfter, 'FUN')).toBe(idOf(launchBefore, 'FUN'));
    const [prov] = await db.select().from(providers).where(eq(providers.id, 'turbo-games'));
    expect(prov!.title).toBe('Croupier Turbo');
    expect((await seedGameCatalogue(db)).catalogueWrites).toBe(0);
  });

  it('serves a seeded game’s description as facts, and a description edited since as free text', async () => {
    const db = database.db;
    const seeded = buildCatalogue().games.find((g) => g.identifier === 'turbo-games/turbo-mines')!;
    const [mines] = await db.select().from(games).where(eq(games.identifier, seeded.identifier));
    let snapshot = await loadCatalogue(db, catalogueVersion());
    expect(snapshot.byIdentifier.get(seeded.identifier)!.object.description_parts).toEqual(seeded.descriptionParts);

    await db.update(games).set({ description: 'Our own words.' }).where(eq(games.id, mines!.id));
    snapshot = await loadCatalogue(db, catalogueVersion());
    expect(snapshot.byIdentifier.get(seeded.identifier)!.object).toMatchObject({
      description: 'Our own words.',
      description_parts: null,
    });
    await seedGameCatalogue(db);
  });
});
