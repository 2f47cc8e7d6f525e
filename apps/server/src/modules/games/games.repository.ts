import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jsonRows, rows, type Executor } from '../../db/sql.ts';
import {
  categories,
  favoriteGames,
  gameCategories,
  gameLaunchIds,
  games,
  playedGames,
  providers,
} from '../../db/schema/index.ts';
import type { DbOrTx } from '../player/index.ts';

export type ProviderRow = typeof providers.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;
export type GameRow = typeof games.$inferSelect;
export type GameCategoryRow = typeof gameCategories.$inferSelect;
export type GameLaunchIdRow = typeof gameLaunchIds.$inferSelect;

export interface CatalogueTables {
  providers: ProviderRow[];
  categories: CategoryRow[];
  games: GameRow[];
  members: GameCategoryRow[];
  launchIds: GameLaunchIdRow[];
}

/**
 * The whole catalogue: five reads on one connection, in a read-only repeatable-read transaction so
 * the tables agree with each other.
 */
export async function catalogueTables(db: Db): Promise<CatalogueTables> {
  const [providerRows, categoryRows, gameRows, memberRows, launchRows] = await db.transaction(
    async (tx) =>
      [
        await tx.select().from(providers),
        await tx.select().from(categories),
        await tx.select().from(games),
        await tx.select().from(gameCategories),
        await tx.select().from(gameLaunchIds),
      ] as const,
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return {
    providers: providerRows,
    categories: categoryRows,
    games: gameRows,
    members: memberRows,
    launchIds: launchRows,
  };
}

/** The player's favourite games, oldest first. */
export async function favoriteGameIds(db: DbOrTx, userId: number): Promise<number[]> {
  const found = await db
    .select({ gameId: favoriteGames.gameId })
    .from(favoriteGames)
    .where(eq(favoriteGames.userId, userId))
    .orderBy(asc(favoriteGames.createdAt), asc(favoriteGames.gameId));
  return found.map((r) => r.gameId);
}

export async function addFavorite(db: DbOrTx, userId: number, gameId: number, now: Date): Promise<void> {
  await db.insert(favoriteGames).values({ userId, gameId, createdAt: now }).onConflictDoNothing();
}

export async function removeFavorite(db: DbOrTx, userId: number, gameId: number): Promise<void> {
  await db.delete(favoriteGames).where(and(eq(favoriteGames.userId, userId), eq(favoriteGames.gameId, gameId)));
}

/** The games the player opened most recently, newest first. */
export async function recentlyPlayed(
  db: DbOrTx,
  userId: number,
  limit: number,
): Promise<{ gameId: number; lastActivityAt: Date }[]> {
  return db
    .select({ gameId: playedGames.gameId, lastActivityAt: playedGames.lastActivityAt })
    .from(playedGames)
    .where(eq(playedGames.userId, userId))
    .orderBy(desc(playedGames.lastActivityAt), desc(playedGames.gameId))
    .limit(limit);
}

export async function markPlayed(db: DbOrTx, userId: number, gameId: number, now: Date): Promise<void> {
  await db
    .insert(playedGames)
    .values({ userId, gameId, lastActivityAt: now })
    .onConflictDoUpdate({ target: [playedGames.userId, playedGames.gameId], set: { lastActivityAt: now } });
}

/**
 * What the wins feed shows of a paid win besides the event: the stakes the wallet accepted in its
 * round, and the player's nickname.
 */
export async function winStakeAndNickname(
  db: Executor,
  win: { provider: string; roundId: string; userId: number },
): Promise<{ stake: bigint; nickname: string | null }> {
  const [row] = await rows<{ stake: string; nickname: string | null }>(
    db,
    sql`SELECT (SELECT coalesce(sum(amount), 0)::text FROM wallet_requests
                WHERE provider = ${win.provider} AND round_id = ${win.roundId} AND user_id = ${win.userId}
                  AND action = 'bet' AND status = 'ok') AS stake,
               (SELECT nickname FROM users WHERE id = ${win.userId}) AS nickname`,
  );
  return { stake: BigInt(row!.stake), nickname: row!.nickname };
}

// --- personal data (docs/privacy.md#what-each-module-holds) -------------------------------------

export async function favouritesForExport(db: Executor, userId: number): Promise<unknown[]> {
  return jsonRows(
    db,
    sql`SELECT g.identifier AS game, f.created_at FROM favorite_games f JOIN games g ON g.id = f.game_id
         WHERE f.user_id = ${userId} ORDER BY f.created_at, g.identifier`,
  );
}

export async function playedGamesForExport(db: Executor, userId: number): Promise<unknown[]> {
  return jsonRows(
    db,
    sql`SELECT g.identifier AS game, p.last_activity_at FROM played_games p JOIN games g ON g.id = p.game_id
         WHERE p.user_id = ${userId} ORDER BY p.last_activity_at, g.identifier`,
  );
}

/** Erasure: favourites and the recent-games list are preferences, not records anyone must keep. */
export async function eraseGamePreferences(db: Executor, userId: number): Promise<void> {
  await db.execute(sql`DELETE FROM favorite_games WHERE user_id = ${userId}`);
  await db.execute(sql`DELETE FROM played_games WHERE user_id = ${userId}`);
}
