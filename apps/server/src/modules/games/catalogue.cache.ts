import { createHash } from 'node:crypto';
import type { Collection, Device, Game, GameCurrencyIds, Provider, VolatilityRating } from '@croupier/shared/api/games';
import { CURRENCY_CODES, FUN_CURRENCY } from '@croupier/shared/currencies';
import type { Db } from '../../db/client.ts';
import type { GameDescriptionPart } from '@croupier/shared/game-description';
import { buildCatalogue, HIDDEN_COLLECTIONS, hash32 } from './catalogue.data.ts';
import { catalogueVersion } from './catalogue.version.ts';
import { renderGameArt } from './game-art.ts';
import { catalogueTables } from './games.repository.ts';

/**
 * The lobby reads from an in-memory copy of the catalogue.
 *
 * Why: the catalogue is small (a few hundred games, a few thousand launch ids), read on almost every
 * page and written only by the seed or an operator. Every lobby call (games_filter, select,
 * collections, providers, allowed lists, artwork) is then answered without a database round trip:
 * filtering a few hundred rows in memory takes microseconds, and each game's JSON is serialised once
 * per load and spliced into responses as a string. A real operator caches the catalogue the same way.
 *
 * Freshness: the copy is rebuilt when the in-process catalogue version changes (the seed bumps it
 * after writing anything) and, for writes made by another process, refreshed in the background once
 * it is older than the time-to-live (stale-while-revalidate; a failed refresh keeps the old copy).
 * Per-player data (favourites, recent games) is never cached: those calls read their own rows and
 * resolve the games through this copy.
 */

export interface CachedGame {
  id: number;
  identifier: string;
  providerId: string;
  providerTitle: string;
  seoTitle: string;
  title: string;
  /** Lower-cased, accents stripped: what title search matches against. */
  searchTitle: string;
  engine: string;
  theme: { palette: [string, string, string]; symbol: string; motif: string };
  hasDemo: boolean;
  volatility: string | null;
  lines: number | null;
  ways: number | null;
  payout: number | null;
  hitRate: number | null;
  devices: Device[];
  popularity: number;
  releasedAt: number;
  active: boolean;
  /** Category ids, in category order. */
  categories: string[];
  /** Launch id per currency code (and FUN). */
  launchIds: Record<string, number>;
  /** Cache-busting version of the artwork (`?v=`). */
  artVersion: string;
  object: Game;
  /** `JSON.stringify(object)`, computed once. */
  json: string;
}

export interface CachedCategory {
  id: string;
  title: string;
  section: string | null;
  position: number;
  /** Active members, by position in the category (ties: default lobby order). */
  members: CachedGame[];
  positionOf: Map<number, number>;
}

export interface CachedList {
  json: string;
  etag: string;
}

export interface CatalogueSnapshot {
  version: number;
  loadedAt: number;
  /** Active games in the default lobby order: popularity desc, then title. */
  games: CachedGame[];
  byId: Map<number, CachedGame>;
  byIdentifier: Map<string, CachedGame>;
  /** Active games by seo title. */
  bySeoTitle: Map<string, CachedGame[]>;
  byLaunchId: Map<number, CachedGame>;
  categories: Map<string, CachedCategory>;
  lists: {
    providers: CachedList;
    collections: Record<Device | 'all', CachedList>;
    allowed: Record<Device, CachedList>;
  };
}

export const searchable = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Default lobby order: popularity desc, then title, then id (total and deterministic). */
export function defaultOrder(a: CachedGame, b: CachedGame): number {
  return b.popularity - a.popularity || collator.compare(a.title, b.title) || a.id - b.id;
}

const listOf = (value: unknown): CachedList => {
  const json = JSON.stringify(value);
  return { json, etag: `"${createHash('sha1').update(json).digest('base64url')}"` };
};

function decimal(value: string | null): number | null {
  return value === null ? null : Number(value);
}

/** Reads the whole catalogue (one consistent snapshot of its tables) and builds the snapshot. */
export async function loadCatalogue(db: Db, version: number): Promise<CatalogueSnapshot> {
  const {
    providers: providerRows,
    categories: categoryRows,
    games: gameRows,
    members: memberRows,
    launchIds: launchRows,
  } = await catalogueTables(db);

  const providerTitle = new Map(providerRows.map((p) => [p.id, p.title]));
  const categoryOrder = [...categoryRows].sort((a, b) => a.position - b.position || a.id.localeCompare(b.id));
  const categoryRank = new Map(categoryOrder.map((c, i) => [c.id, i]));
  const categoryTitle = new Map(categoryRows.map((c) => [c.id, c.title]));

  const categoriesOf = new Map<number, string[]>();
  for (const m of memberRows) {
    const list = categoriesOf.get(m.gameId) ?? [];
    list.push(m.categoryId);
    categoriesOf.set(m.gameId, list);
  }
  const launchOf = new Map<number, Record<string, number>>();
  for (const l of launchRows) {
    const map = launchOf.get(l.gameId) ?? {};
    map[l.currency] = l.id;
    launchOf.set(l.gameId, map);
  }

  // A seeded game's description as facts (docs/web-shell.md#game-descriptions), only while the
  // stored text is still the seed's: an edited or operator-added description is free text.
  const seeded = new Map(buildCatalogue().games.map((g) => [g.identifier, g]));
  const partsOf = (identifier: string, description: string): GameDescriptionPart[] | null => {
    const seed = seeded.get(identifier);
    return seed && seed.description === description ? seed.descriptionParts : null;
  };

  const byId = new Map<number, CachedGame>();
  const byIdentifier = new Map<string, CachedGame>();
  const bySeoTitle = new Map<string, CachedGame[]>();
  const byLaunchId = new Map<number, CachedGame>();
  for (const row of gameRows) {
    const cats = (categoriesOf.get(row.id) ?? []).sort(
      (a, b) => (categoryRank.get(a) ?? 0) - (categoryRank.get(b) ?? 0),
    );
    const launchIds = launchOf.get(row.id) ?? {};
    const real: GameCurrencyIds = {};
    for (const code of CURRENCY_CODES) {
      const id = launchIds[code];
      if (id !== undefined) real[code] = { id };
    }
    // Demo play needs a FUN id and is never offered for live games (docs/api-shapes.md#game-object).
    const funId = row.hasDemo && !cats.includes('live') ? launchIds[FUN_CURRENCY] : undefined;
    const currencies: GameCurrencyIds = funId === undefined ? { ...real } : { ...real, [FUN_CURRENCY]: { id: funId } };
    const provTitle = providerTitle.get(row.providerId) ?? row.providerId;
    // The artwork's own bytes version its URL: a new drawing or layout reaches every cache too.
    const artVersion = hash32(renderGameArt({ title: row.title, providerTitle: provTitle, theme: row.theme })).toString(
      36,
    );
    const object: Game = {
      id: row.id,
      identifier: row.identifier,
      title: row.title,
      name: row.title,
      slug: row.seoTitle,
      seo_title: row.seoTitle,
      gameSlug: row.seoTitle,
      provider: row.providerId,
      producer: row.providerId,
      preview: `/game-art/${encodeURIComponent(row.providerId)}/${encodeURIComponent(row.seoTitle)}.svg?v=${artVersion}`,
      categories: cats,
      collections: cats.map((id) => ({ id, title: categoryTitle.get(id) ?? id })),
      has_demo_mode: funId !== undefined,
      demo: funId ?? null,
      real,
      currencies,
      devices: row.devices.filter((d): d is Device => d === 'desktop' || d === 'mobile'),
      unfinished_games_for: [],
      volatility_rating: (row.volatility as VolatilityRating | null) ?? null,
      lines: row.lines,
      ways: row.ways,
      payout: row.payout,
      hit_rate: row.hitRate,
      frameWidth: row.frameWidth,
      frameHeight: row.frameHeight,
      description: row.description,
      description_parts: partsOf(row.identifier, row.description),
      uniq_seo_title: true,
    };
    const game: CachedGame = {
      id: row.id,
      identifier: row.identifier,
      providerId: row.providerId,
      providerTitle: provTitle,
      seoTitle: row.seoTitle,
      title: row.title,
      searchTitle: searchable(row.title),
      engine: row.engine,
      theme: row.theme,
      hasDemo: funId !== undefined,
      volatility: row.volatility,
      lines: row.lines,
      ways: row.ways,
      payout: decimal(row.payout),
      hitRate: decimal(row.hitRate),
      devices: object.devices,
      popularity: row.popularity,
      releasedAt: row.releasedAt.getTime(),
      active: row.active,
      categories: cats,
      launchIds,
      artVersion,
      object,
      json: JSON.stringify(object),
    };
    byId.set(game.id, game);
    byIdentifier.set(game.identifier, game);
    for (const id of Object.values(launchIds)) byLaunchId.set(id, game);
    if (game.active) {
      const same = bySeoTitle.get(game.seoTitle) ?? [];
      same.push(game);
      bySeoTitle.set(game.seoTitle, same);
    }
  }

  const active = [...byId.values()].filter((g) => g.active).sort(defaultOrder);
  const defaultRank = new Map(active.map((g, i) => [g.id, i]));

  const categoryMap = new Map<string, CachedCategory>();
  for (const c of categoryOrder) {
    categoryMap.set(c.id, {
      id: c.id,
      title: c.title,
      section: c.section,
      position: c.position,
      members: [],
      positionOf: new Map(),
    });
  }
  for (const m of memberRows) {
    const category = categoryMap.get(m.categoryId);
    const game = byId.get(m.gameId);
    if (!category || !game?.active) continue;
    category.members.push(game);
    category.positionOf.set(game.id, m.position);
  }
  for (const category of categoryMap.values()) {
    category.members.sort(
      (a, b) =>
        category.positionOf.get(a.id)! - category.positionOf.get(b.id)! ||
        defaultRank.get(a.id)! - defaultRank.get(b.id)!,
    );
  }

  const countBy = (list: CachedGame[], device?: Device) =>
    device ? list.filter((g) => g.devices.includes(device)).length : list.length;
  const providerList: Provider[] = [...providerRows]
    .sort((a, b) => a.position - b.position || collator.compare(a.title, b.title))
    .map((p) => ({ id: p.id, title: p.title, games_count: active.filter((g) => g.providerId === p.id).length }));
  const collectionsFor = (device?: Device): Collection[] =>
    [...categoryMap.values()]
      .filter((c) => !HIDDEN_COLLECTIONS.has(c.id))
      .map((c) => ({
        id: c.id,
        title: c.title,
        games_count: countBy(c.members, device),
        section: c.section,
      }));
  const allowed = (device: Device) => active.filter((g) => g.devices.includes(device)).map((g) => g.identifier);

  return {
    version,
    loadedAt: performance.now(),
    games: active,
    byId,
    byIdentifier,
    bySeoTitle,
    byLaunchId,
    categories: categoryMap,
    lists: {
      providers: listOf(providerList),
      collections: {
        all: listOf(collectionsFor()),
        desktop: listOf(collectionsFor('desktop')),
        mobile: listOf(collectionsFor('mobile')),
      },
      allowed: { desktop: listOf(allowed('desktop')), mobile: listOf(allowed('mobile')) },
    },
  };
}

export interface CatalogueCache {
  /** The current snapshot; loads it on first use or after a version bump. */
  get(): Promise<CatalogueSnapshot>;
  /** Drops the snapshot: the next `get` reloads. */
  invalidate(): void;
  /** Stops background refreshes and waits for a load in flight (app shutdown). */
  close(): Promise<void>;
}

export function createCatalogueCache(
  db: Db,
  options: { ttlMs?: number; onRefreshError?: (error: unknown) => void } = {},
): CatalogueCache {
  const ttlMs = options.ttlMs ?? 60_000;
  let current: CatalogueSnapshot | null = null;
  let loading: Promise<CatalogueSnapshot> | null = null;
  let closed = false;

  function load(): Promise<CatalogueSnapshot> {
    loading ??= loadCatalogue(db, catalogueVersion())
      .then((snapshot) => {
        current = snapshot;
        return snapshot;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  }

  return {
    async get() {
      const snapshot = current;
      if (!snapshot || snapshot.version !== catalogueVersion()) return load();
      if (performance.now() - snapshot.loadedAt > ttlMs && !loading && !closed) {
        load().catch((error: unknown) => options.onRefreshError?.(error));
      }
      return snapshot;
    },
    invalidate() {
      current = null;
    },
    async close() {
      closed = true;
      await loading?.catch(() => undefined);
    },
  };
}
