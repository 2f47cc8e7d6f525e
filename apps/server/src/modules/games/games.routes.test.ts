import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Collection, Game, GamesFilterRequest, GamesFilterResponse, Provider } from '@croupier/shared/api/games';
import { CURRENCY_CODES } from '@croupier/shared/currencies';
import { gameCategories, games } from '../../db/schema/index.ts';
import { buildTestApp, createClient, type TestApp } from '../../../test/build-test-app.ts';
import {
  AllowedGamesSchema,
  CollectionSchema,
  GameSchema,
  GamesFilterResponseSchema,
  GamesSelectResponseSchema,
  ProviderSchema,
} from '@croupier/shared/api/games';
import { z } from 'zod';
import { expectContract } from '../../../test/contract.ts';
import { buildCatalogue } from './catalogue.data.ts';
import { tolerateForcedDrop } from './test-factories.ts';

const catalogue = buildCatalogue();
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
const GAME_KEYS = [
  'id',
  'identifier',
  'title',
  'name',
  'slug',
  'seo_title',
  'gameSlug',
  'provider',
  'producer',
  'preview',
  'categories',
  'collections',
  'has_demo_mode',
  'demo',
  'real',
  'currencies',
  'devices',
  'unfinished_games_for',
  'volatility_rating',
  'lines',
  'ways',
  'payout',
  'hit_rate',
  'frameWidth',
  'frameHeight',
  'description',
  'description_parts',
  'uniq_seo_title',
].sort();

describe('games lobby API', () => {
  let t: TestApp;
  let api: ReturnType<typeof createClient>;
  beforeAll(async () => {
    t = await buildTestApp();
    tolerateForcedDrop(t.database);
    api = createClient(t.app);
  });
  afterAll(async () => t.close());

  const filter = async (body: GamesFilterRequest) => {
    const res = await api.post('/api/games_filter', body);
    expect(res.statusCode, res.body).toBe(200);
    return expectContract(GamesFilterResponseSchema, res.json());
  };
  const filterAll = async (body: GamesFilterRequest) => {
    const out: Game[] = [];
    for (let page = 1; ; page++) {
      const res = await filter({ ...body, page, page_size: 100 });
      out.push(...res.data);
      if (res.pagination.next_page === null) return out;
    }
  };

  describe('allowed lists', () => {
    it('lists identifiers per device, leaving desktop-only games out of mobile', async () => {
      const desktop = await api.get('/api/games/allowed_desktop');
      const mobile = await api.get('/api/games/allowed_mobile');
      expect(desktop.statusCode).toBe(200);
      expect(desktop.headers['cache-control']).toMatch(/public, max-age=\d+/);
      const d = desktop.json() as string[];
      const m = mobile.json() as string[];
      expectContract(AllowedGamesSchema, d);
      expectContract(AllowedGamesSchema, m);
      expect(d).toHaveLength(catalogue.games.length);
      const desktopOnly = catalogue.games.filter((g) => !g.devices.includes('mobile')).map((g) => g.identifier);
      expect(desktopOnly.length).toBeGreaterThan(0);
      expect(m).toHaveLength(d.length - desktopOnly.length);
      for (const id of desktopOnly) {
        expect(d).toContain(id);
        expect(m).not.toContain(id);
      }
    });

    it('answers 304 to a matching If-None-Match', async () => {
      const first = await api.get('/api/games/allowed_mobile');
      const again = await api.get('/api/games/allowed_mobile', { 'if-none-match': String(first.headers.etag) });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    });
  });

  it('lists providers sorted by title, with game counts', async () => {
    const res = await api.get('/api/games/providers');
    expect(res.statusCode).toBe(200);
    const list = res.json() as Provider[];
    expectContract(z.array(ProviderSchema), list);
    expect(list.length).toBeGreaterThanOrEqual(8);
    expect(list.map((p) => p.title)).toEqual([...list.map((p) => p.title)].sort((a, b) => a.localeCompare(b, 'en')));
    for (const p of list) expect(Object.keys(p).sort()).toEqual(['games_count', 'id', 'title']);
    expect(list.reduce((n, p) => n + p.games_count, 0)).toBe(catalogue.games.length);
    expect(list.find((p) => p.id === 'turbo-games')?.games_count).toBe(4);
  });

  it('lists collections with counts and sections, for any locale', async () => {
    const res = await api.get('/api/games/collections?l=de');
    expect(res.statusCode).toBe(200);
    const list = res.json() as Collection[];
    expectContract(z.array(CollectionSchema), list);
    for (const slug of SPEC_SLUGS) expect(list.map((c) => c.id)).toContain(slug);
    const byId = new Map(list.map((c) => [c.id, c]));
    expect(byId.get('pokies')).toMatchObject({ title: 'Pokies', section: 'pokies', games_count: 200 });
    expect(byId.get('live')).toMatchObject({ section: 'live', games_count: 12 });
    expect(byId.get('roulette')?.section).toBeNull();
    const filtered = await filter({
      device: 'desktop',
      filter: { categories: { identifiers: ['jackpot'], strategy: 'OR' } },
    });
    expect(filtered.pagination.total_count).toBe(byId.get('jackpot')!.games_count);
    const mobile = (await api.get('/api/games/collections?device=mobile')).json() as Collection[];
    expect(mobile.find((c) => c.id === 'pokies')!.games_count).toBeLessThan(200);
  });

  describe('POST /api/games_filter', () => {
    it('pages a category in its own order with SoftSwiss pagination', async () => {
      const res = await filter({
        device: 'desktop',
        filter: { categories: { identifiers: ['pokies'], strategy: 'OR' } },
        page: 1,
        page_size: 40,
      });
      expect(res.data).toHaveLength(40);
      expect(res.pagination).toEqual({
        current_page: 1,
        next_page: 2,
        prev_page: null,
        total_pages: 5,
        total_count: 200,
      });
      const all = await filterAll({ device: 'desktop', filter: { categories: { identifiers: ['pokies'] } } });
      const expected = await t.database.db
        .select({ identifier: games.identifier })
        .from(gameCategories)
        .innerJoin(games, eq(games.id, gameCategories.gameId))
        .where(eq(gameCategories.categoryId, 'pokies'))
        .orderBy(asc(gameCategories.position));
      expect(all.map((g) => g.identifier)).toEqual(expected.map((r) => r.identifier));
      expect(all.every((g) => g.categories.includes('pokies'))).toBe(true);
    });

    it('serializes the full game object', async () => {
      const [game] = (await filter({ device: 'desktop', filter: { title: 'Turbo Mines' } })).data;
      expect(game).toBeDefined();
      expect(Object.keys(game!).sort()).toEqual(GAME_KEYS);
      expect(game).toMatchObject({
        identifier: 'turbo-games/turbo-mines',
        title: 'Turbo Mines',
        name: 'Turbo Mines',
        slug: 'turbo-mines',
        seo_title: 'turbo-mines',
        gameSlug: 'turbo-mines',
        provider: 'turbo-games',
        producer: 'turbo-games',
        has_demo_mode: true,
        devices: ['desktop', 'mobile'],
        unfinished_games_for: [],
        frameWidth: 1280,
        frameHeight: 720,
        uniq_seo_title: true,
        lines: null,
        ways: null,
        // The same description as facts, for readers of other languages (docs/web-shell.md#game-descriptions).
        description_parts: [{ key: 'table', params: { title: 'Turbo Mines', game: 'mines' } }],
      });
      expect(typeof game!.id).toBe('number');
      expect(game!.payout).toMatch(/^\d{2}\.\d{2}$/);
      expect(game!.hit_rate).toMatch(/^\d{2}\.\d{2}$/);
      expect(game!.preview).toMatch(/^\/game-art\/turbo-games\/turbo-mines\.svg\?v=\w+$/);
      expect(game!.categories).toContain('instant');
      expect(game!.collections).toContainEqual({ id: 'instant', title: 'Instant win' });
      expect(Object.keys(game!.real).sort()).toEqual([...CURRENCY_CODES].sort());
      expect(Object.keys(game!.currencies).sort()).toEqual([...CURRENCY_CODES, 'FUN'].sort());
      expect(game!.demo).toBe(game!.currencies.FUN!.id);
      const ids = Object.values(game!.currencies).map((c) => c.id);
      expect(new Set(ids).size).toBe(ids.length);
    });

    it('gives live games no demo', async () => {
      const live = await filterAll({ device: 'desktop', filter: { categories: { identifiers: ['live'] } } });
      expect(live).toHaveLength(12);
      for (const g of live) {
        expect(g.has_demo_mode).toBe(false);
        expect(g.demo).toBeNull();
        expect(g.currencies.FUN).toBeUndefined();
      }
    });

    it('ORs and ANDs categories', async () => {
      const either = await filterAll({
        device: 'desktop',
        filter: { categories: { identifiers: ['roulette', 'blackjack'], strategy: 'OR' } },
      });
      expect(either).toHaveLength(10);
      expect(new Set(either.map((g) => g.identifier)).size).toBe(10);
      expect(either.every((g) => g.categories.includes('roulette') || g.categories.includes('blackjack'))).toBe(true);
      const both = await filterAll({
        device: 'desktop',
        filter: { categories: { identifiers: ['pokies', 'megaways'], strategy: 'AND' } },
      });
      const megaways = await filterAll({ device: 'desktop', filter: { categories: { identifiers: ['megaways'] } } });
      expect(both.length).toBeGreaterThan(0);
      expect(both.map((g) => g.identifier).sort()).toEqual(megaways.map((g) => g.identifier).sort());
      expect(both.every((g) => g.categories.includes('megaways') && g.categories.includes('pokies'))).toBe(true);
      const none = await filter({ device: 'desktop', filter: { categories: { identifiers: ['no-such-collection'] } } });
      expect(none.pagination).toEqual({
        current_page: 1,
        next_page: null,
        prev_page: null,
        total_pages: 0,
        total_count: 0,
      });
    });

    it('filters by providers (any of)', async () => {
      const turbo = await filterAll({ device: 'desktop', filter: { providers: ['turbo-games'] } });
      expect(turbo.map((g) => g.identifier).sort()).toEqual([
        'turbo-games/rocket',
        'turbo-games/turbo-dice',
        'turbo-games/turbo-mines',
        'turbo-games/turbo-plinko',
      ]);
      const two = await filter({ device: 'desktop', filter: { providers: ['turbo-games', 'velvet-room-live'] } });
      expect(two.pagination.total_count).toBe(16);
      // Other clients send an empty providers list beside categories.
      const withEmpty = await filter({
        device: 'desktop',
        filter: { categories: { identifiers: ['live'], strategy: 'OR' }, providers: [] },
      });
      expect(withEmpty.pagination.total_count).toBe(12);
    });

    it('searches titles case-insensitively, with no wildcard meaning', async () => {
      const res = await filter({ device: 'desktop', filter: { title: 'ROULETTE' } });
      const expected = catalogue.games.filter((g) => g.title.toLowerCase().includes('roulette')).length;
      expect(res.pagination.total_count).toBe(expected);
      expect(res.data.every((g) => g.title.toLowerCase().includes('roulette'))).toBe(true);
      for (const wildcard of ['%', '_', '%roulette', 'r_ulette', '.*']) {
        expect((await filter({ device: 'desktop', filter: { title: wildcard } })).pagination.total_count).toBe(0);
      }
      // Without paging the default page size (docs/player-app.md#paging: 40) applies.
      const broad = await filter({ device: 'desktop', filter: { title: 'e' } });
      expect(broad.data).toHaveLength(40);
    });

    it('orders by popularity then title without a category, and honours sort.type title', async () => {
      const all = await filterAll({ device: 'desktop' });
      expect(all).toHaveLength(catalogue.games.length);
      expect(all[0]!.identifier).toBe('turbo-games/rocket');
      const popularity = new Map(catalogue.games.map((g) => [g.identifier, g.popularity]));
      for (let i = 1; i < all.length; i++)
        expect(popularity.get(all[i - 1]!.identifier)!).toBeGreaterThanOrEqual(popularity.get(all[i]!.identifier)!);
      const byTitle = await filter({
        device: 'desktop',
        filter: { categories: { identifiers: ['roulette'] } },
        sort: { type: 'title', direction: 'ASC' },
      });
      const titles = byTitle.data.map((g) => g.title);
      expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, 'en')));
    });

    it('filters by device, volatility, currency and the declared extras', async () => {
      const mobile = await filter({ device: 'mobile', page_size: 1 });
      expect(mobile.pagination.total_count).toBe(catalogue.games.filter((g) => g.devices.includes('mobile')).length);
      const veryHigh = await filterAll({ device: 'desktop', filter: { volatility_rating: ['very-high'] } });
      expect(veryHigh.length).toBeGreaterThan(0);
      expect(veryHigh.every((g) => g.volatility_rating === 'very-high')).toBe(true);
      const fun = await filter({
        device: 'desktop',
        filter: { currencies: ['FUN'] },
        without_territorial_restrictions: true,
        sort: { type: 'global', direction: 'DESC', top_categories: ['top'] },
      });
      expect(fun.pagination.total_count).toBe(catalogue.games.length - 12);
      const lines = await filterAll({ device: 'desktop', filter: { lines: 20, payout: 96, hit_rate: 20 } });
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.every((g) => g.lines === 20 && Number(g.payout) >= 96 && Number(g.hit_rate) >= 20)).toBe(true);
    });

    it('pages to the end: last page has next_page null, past the end is empty', async () => {
      const body = {
        device: 'desktop' as const,
        filter: { categories: { identifiers: ['pokies'], strategy: 'OR' as const } },
        page_size: 30,
      };
      const second = await filter({ ...body, page: 2 });
      expect(second.pagination).toEqual({
        current_page: 2,
        next_page: 3,
        prev_page: 1,
        total_pages: 7,
        total_count: 200,
      });
      const last = await filter({ ...body, page: 7 });
      expect(last.data).toHaveLength(20);
      expect(last.pagination).toEqual({
        current_page: 7,
        next_page: null,
        prev_page: 6,
        total_pages: 7,
        total_count: 200,
      });
      const past = await filter({ ...body, page: 8 });
      expect(past.data).toEqual([]);
      expect(past.pagination).toEqual({
        current_page: 8,
        next_page: null,
        prev_page: 7,
        total_pages: 7,
        total_count: 200,
      });
      const firstTwo = [...(await filter({ ...body, page: 1 })).data, ...second.data].map((g) => g.identifier);
      expect(new Set(firstTwo).size).toBe(60);
    });

    it('refuses bad page sizes, pages, unknown keys and malformed JSON with 400', async () => {
      for (const bad of [{ page_size: 0 }, { page_size: 101 }, { page: 0 }, { page: 1.5 }, { page_size: '40' }]) {
        const res = await api.post('/api/games_filter', { device: 'desktop', ...bad });
        expect(res.statusCode, JSON.stringify(bad)).toBe(400);
        expect(res.json()).toMatchObject({ code: 'validation_error' });
      }
      expect((await api.post('/api/games_filter', { device: 'desktop', page_size: 100 })).statusCode).toBe(200);
      expect((await api.post('/api/games_filter', { device: 'desktop', page_size: 1 })).statusCode).toBe(200);

      const unknown = await api.post('/api/games_filter', { device: 'desktop', fliter: {} });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().errors).toEqual({ fliter: ['is not permitted'] });
      const unknownInFilter = await api.post('/api/games_filter', { device: 'desktop', filter: { colour: 'red' } });
      expect(unknownInFilter.statusCode).toBe(400);
      expect((await api.post('/api/games_filter', { device: 'tv' })).statusCode).toBe(400);
      expect((await api.post('/api/games_filter', { filter: {} })).statusCode).toBe(400);
      expect(
        (
          await api.post('/api/games_filter', {
            device: 'desktop',
            filter: { categories: { identifiers: ['top'], strategy: 'XOR' } },
          })
        ).statusCode,
      ).toBe(400);

      const malformed = await api.post('/api/games_filter', '{"device": "desktop",');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toMatchObject({ code: 'malformed_json' });
    });

    it('answers JSON to the SoftSwiss v2 Accept header', async () => {
      const res = await api.post(
        '/api/games_filter',
        { device: 'desktop', page_size: 2 },
        { accept: 'application/vnd.s.v2+json' },
      );
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect((res.json() as GamesFilterResponse).data).toHaveLength(2);
    });
  });

  describe('select', () => {
    it('returns games keyed by identifier, skipping unknown ones', async () => {
      const res = await api.post('/api/games_filter/select', {
        game_ids: ['turbo-games/rocket', 'croupier-originals/european-roulette', 'nobody/nothing'],
      });
      expect(res.statusCode).toBe(200);
      const map = res.json() as Record<string, Game>;
      expectContract(GamesSelectResponseSchema, map);
      expect(Object.keys(map).sort()).toEqual(['croupier-originals/european-roulette', 'turbo-games/rocket']);
      expect(map['turbo-games/rocket']!.title).toBe('Rocket');
      const empty = await api.post('/api/games_filter/select', { game_ids: [] });
      expect(empty.json()).toEqual({});
    });

    it('respects the device when given', async () => {
      const desktopOnly = catalogue.games.find((g) => !g.devices.includes('mobile'))!.identifier;
      expect(
        Object.keys((await api.post('/api/games_filter/select', { game_ids: [desktopOnly], device: 'mobile' })).json()),
      ).toEqual([]);
      expect(
        Object.keys(
          (await api.post('/api/games_filter/select', { game_ids: [desktopOnly], device: 'desktop' })).json(),
        ),
      ).toEqual([desktopOnly]);
    });

    it('selects by seo titles', async () => {
      const res = await api.post('/api/games_filter/select_by_seo_titles', {
        game_seo_titles: ['rocket', 'jacks-or-better', 'unknown'],
        without_territorial_restrictions: true,
      });
      expect(res.statusCode).toBe(200);
      const map = res.json() as Record<string, Game>;
      expectContract(GamesSelectResponseSchema, map);
      expect(Object.keys(map).sort()).toEqual(['croupier-originals/jacks-or-better', 'turbo-games/rocket']);
      expect(map['croupier-originals/jacks-or-better']).toMatchObject({
        provider: 'croupier-originals',
        seo_title: 'jacks-or-better',
      });
    });

    it('validates its bodies', async () => {
      expect((await api.post('/api/games_filter/select', { game_ids: 'turbo-games/rocket' })).statusCode).toBe(400);
      expect((await api.post('/api/games_filter/select', { game_ids: [], extra: 1 })).statusCode).toBe(400);
      expect((await api.post('/api/games_filter/select_by_seo_titles', {})).statusCode).toBe(400);
    });
  });

  describe('random', () => {
    it('picks a game of the collection', async () => {
      for (let i = 0; i < 5; i++) {
        const res = await api.get('/api/games/random?identifier=live');
        expect(res.statusCode).toBe(200);
        expect((res.json() as Game).categories).toContain('live');
      }
      const any = await api.get('/api/games/random');
      expect(any.statusCode).toBe(200);
      expect((any.json() as Game).identifier).toMatch(/^[a-z0-9-]+\/[a-z0-9-]+$/);
      expectContract(GameSchema, any.json());
    });

    it('answers 404 for an unknown collection', async () => {
      const res = await api.get('/api/games/random?identifier=nope');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'collection_not_found' });
    });
  });

  describe('artwork', () => {
    it('serves the preview SVG with long cache headers', async () => {
      const [game] = (await filter({ device: 'desktop', filter: { title: 'Rocket' } })).data;
      const res = await api.get(game!.preview);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.body.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(res.body).toContain('>Rocket<');
      expect(res.body).toContain('CROUPIER TURBO');
      expect(Buffer.byteLength(res.body)).toBeLessThan(4096);
      const again = await api.get(game!.preview, { 'if-none-match': String(res.headers.etag) });
      expect(again.statusCode).toBe(304);
      // Without the version it is still served, with a shorter lifetime.
      const unversioned = await api.get('/game-art/turbo-games/rocket.svg');
      expect(unversioned.statusCode).toBe(200);
      expect(unversioned.headers['cache-control']).toBe('public, max-age=3600');
      expect(unversioned.body).toBe(res.body);
    });

    it('answers 404 for unknown games and other extensions', async () => {
      expect((await api.get('/game-art/turbo-games/nothing.svg')).statusCode).toBe(404);
      expect((await api.get('/game-art/nobody/rocket.svg')).statusCode).toBe(404);
      expect((await api.get('/game-art/turbo-games/rocket.png')).statusCode).toBe(404);
      expect((await api.get('/game-art/turbo-games/rocket')).statusCode).toBe(404);
    });
  });
});
