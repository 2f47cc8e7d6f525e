import { and, eq, inArray, sql } from 'drizzle-orm';
import { CURRENCY_CODES, FUN_CURRENCY } from '@croupier/shared/currencies';
import type { Db } from '../../db/client.ts';
import { categories, gameCategories, gameLaunchIds, games, providers } from '../../db/schema/index.ts';
import { buildCatalogue, type SeedGame } from './catalogue.data.ts';
import { bumpCatalogueVersion } from './catalogue.version.ts';

type GameRow = typeof games.$inferSelect;

/** `(a, b, …) IS DISTINCT FROM (excluded.a, excluded.b, …)`: update a row only when the seed changed it. */
function changed(table: string, columns: string[]) {
  const own = columns.map((c) => `"${table}"."${c}"`).join(', ');
  const next = columns.map((c) => `excluded."${c}"`).join(', ');
  return sql.raw(`(${own}) IS DISTINCT FROM (${next})`);
}

function excluded(columns: string[]) {
  return Object.fromEntries(columns.map((c) => [c, sql.raw(`excluded."${c}"`)]));
}

const GAME_COLUMNS = [
  'provider_id',
  'seo_title',
  'title',
  'description',
  'engine',
  'theme',
  'has_demo',
  'volatility',
  'lines',
  'ways',
  'payout',
  'hit_rate',
  'devices',
  'frame_width',
  'frame_height',
  'popularity',
  'released_at',
];

/** True when the stored row already holds what the seed wants (`active` is the operator's, not compared). */
function sameGame(row: GameRow, seed: SeedGame): boolean {
  return (
    row.providerId === seed.providerId &&
    row.seoTitle === seed.seoTitle &&
    row.title === seed.title &&
    row.description === seed.description &&
    row.engine === seed.engine &&
    row.theme.symbol === seed.theme.symbol &&
    row.theme.motif === seed.theme.motif &&
    row.theme.palette.join() === seed.theme.palette.join() &&
    row.hasDemo === seed.hasDemo &&
    row.volatility === seed.volatility &&
    row.lines === seed.lines &&
    row.ways === seed.ways &&
    row.payout !== null &&
    Number(row.payout) === Number(seed.payout) &&
    row.hitRate !== null &&
    Number(row.hitRate) === Number(seed.hitRate) &&
    row.devices.join() === seed.devices.join() &&
    row.frameWidth === seed.frameWidth &&
    row.frameHeight === seed.frameHeight &&
    row.popularity === seed.popularity &&
    row.releasedAt.getTime() === seed.releasedAt.getTime()
  );
}

/**
 * Upserts the demo catalogue (catalogue.data.ts): providers, categories and games keyed by their
 * slug / identifier, collection memberships, and one launch id per game and currency (plus FUN for
 * demo play). Idempotent: it reads what is stored, then writes only the difference, so the usual
 * run on start-up is five statements and writes nothing. Rows it does not know (added by an
 * operator) are left alone, and so is a game's `active` flag. Launch ids, once given, never change.
 */
export async function seedGameCatalogue(db: Db): Promise<Record<string, number>> {
  const catalogue = buildCatalogue();
  let writes = 0;

  const result = await db.transaction(async (tx) => {
    writes += (
      await tx
        .insert(providers)
        .values(catalogue.providers)
        .onConflictDoUpdate({
          target: providers.id,
          set: excluded(['title', 'position']),
          setWhere: changed('providers', ['title', 'position']),
        })
        .returning({ id: providers.id })
    ).length;

    writes += (
      await tx
        .insert(categories)
        .values(catalogue.categories)
        .onConflictDoUpdate({
          target: categories.id,
          set: excluded(['title', 'position', 'section']),
          setWhere: changed('categories', ['title', 'position', 'section']),
        })
        .returning({ id: categories.id })
    ).length;

    // Games: upsert only the new or changed ones.
    const identifiers = catalogue.games.map((g) => g.identifier);
    const stored = await tx.select().from(games).where(inArray(games.identifier, identifiers));
    const storedBy = new Map(stored.map((r) => [r.identifier, r]));
    const idOf = new Map(stored.map((r) => [r.identifier, r.id]));
    const stale = catalogue.games.filter((g) => {
      const row = storedBy.get(g.identifier);
      return !row || !sameGame(row, g);
    });
    if (stale.length) {
      const written = await tx
        .insert(games)
        .values(stale)
        .onConflictDoUpdate({
          target: games.identifier,
          set: excluded(GAME_COLUMNS),
          setWhere: changed('games', GAME_COLUMNS),
        })
        .returning({ id: games.id, identifier: games.identifier });
      writes += written.length;
      for (const r of written) idOf.set(r.identifier, r.id);
    }
    const gameId = (identifier: string) => {
      const id = idOf.get(identifier);
      if (id === undefined) throw new Error(`catalogue seed: game ${identifier} was not stored`);
      return id;
    };
    const seededIds = identifiers.map(gameId);

    // Collection memberships of seeded games in seeded categories: add or move the wanted ones, drop the rest.
    const seededCategories = new Set(catalogue.categories.map((c) => c.id));
    const wanted = new Map(
      catalogue.memberships.map((m) => [
        `${gameId(m.identifier)}:${m.categoryId}`,
        { gameId: gameId(m.identifier), categoryId: m.categoryId, position: m.position },
      ]),
    );
    const current = (await tx.select().from(gameCategories).where(inArray(gameCategories.gameId, seededIds))).filter(
      (r) => seededCategories.has(r.categoryId),
    );
    const currentBy = new Map(current.map((r) => [`${r.gameId}:${r.categoryId}`, r]));
    const upserts = [...wanted.entries()]
      .filter(([key, m]) => currentBy.get(key)?.position !== m.position)
      .map(([, m]) => m);
    if (upserts.length) {
      writes += (
        await tx
          .insert(gameCategories)
          .values(upserts)
          .onConflictDoUpdate({
            target: [gameCategories.gameId, gameCategories.categoryId],
            set: excluded(['position']),
          })
          .returning({ gameId: gameCategories.gameId })
      ).length;
    }
    const unwanted = current.filter((r) => !wanted.has(`${r.gameId}:${r.categoryId}`));
    if (unwanted.length) {
      const keys = sql.join(
        unwanted.map((r) => sql`(${r.gameId}::integer, ${r.categoryId}::text)`),
        sql`, `,
      );
      writes += (
        await tx
          .delete(gameCategories)
          .where(sql`(${gameCategories.gameId}, ${gameCategories.categoryId}) IN (VALUES ${keys})`)
          .returning({ gameId: gameCategories.gameId })
      ).length;
    }

    // Launch ids: one per currency, plus FUN for demo play.
    const wantedLaunch = new Set(
      catalogue.games.flatMap((g) =>
        [...CURRENCY_CODES, ...(g.hasDemo ? [FUN_CURRENCY] : [])].map(
          (currency) => `${gameId(g.identifier)}:${currency}`,
        ),
      ),
    );
    const launchRows = await tx.select().from(gameLaunchIds).where(inArray(gameLaunchIds.gameId, seededIds));
    const haveLaunch = new Set(launchRows.map((r) => `${r.gameId}:${r.currency}`));
    const missing = catalogue.games.flatMap((g) =>
      [...CURRENCY_CODES, ...(g.hasDemo ? [FUN_CURRENCY] : [])]
        .map((currency) => ({ gameId: gameId(g.identifier), currency }))
        .filter((r) => !haveLaunch.has(`${r.gameId}:${r.currency}`)),
    );
    if (missing.length) {
      writes += (
        await tx.insert(gameLaunchIds).values(missing).onConflictDoNothing().returning({ id: gameLaunchIds.id })
      ).length;
    }
    const obsolete = launchRows.filter((r) => !wantedLaunch.has(`${r.gameId}:${r.currency}`)).map((r) => r.id);
    if (obsolete.length) {
      writes += (
        await tx
          .delete(gameLaunchIds)
          .where(and(inArray(gameLaunchIds.id, obsolete), eq(sql`true`, true)))
          .returning({ id: gameLaunchIds.id })
      ).length;
    }

    return {
      providers: catalogue.providers.length,
      categories: catalogue.categories.length,
      games: catalogue.games.length,
      gameLaunchIds: wantedLaunch.size,
    };
  });

  if (writes > 0) bumpCatalogueVersion();
  return { ...result, catalogueWrites: writes };
}
