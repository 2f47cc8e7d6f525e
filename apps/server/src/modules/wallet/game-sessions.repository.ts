import { sql } from 'drizzle-orm';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import type { Executor } from '../../db/sql.ts';

/**
 * The casino side of a game launch: a random session token bound to player, currency, game and
 * provider. The provider sends it with every bet; only its SHA-256 is stored.
 */
export async function createGameSession(
  db: Executor,
  input: { userId: number; currency: string; gameId: number; provider: string; now: Date; minutes: number },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const expiresAt = new Date(input.now.getTime() + input.minutes * 60_000);
  await db.execute(
    sql`INSERT INTO game_sessions (token_hash, user_id, currency, game_id, provider, created_at, expires_at)
        VALUES (${sha256(token)}, ${input.userId}, ${input.currency}, ${input.gameId}, ${input.provider}, ${input.now}, ${expiresAt})`,
  );
  return { token, expiresAt };
}

export interface GameSessionRow {
  userId: number;
  currency: string;
  gameId: number;
  provider: string;
  expiresAt: Date;
}

export async function findGameSession(db: Executor, token: string): Promise<GameSessionRow | null> {
  const found = await db.execute(
    sql`SELECT user_id, currency, game_id, provider, expires_at FROM game_sessions WHERE token_hash = ${sha256(token)}`,
  );
  const r = found.rows[0] as
    { user_id: number; currency: string; game_id: number; provider: string; expires_at: Date | string } | undefined;
  return r
    ? {
        userId: Number(r.user_id),
        currency: r.currency,
        gameId: Number(r.game_id),
        provider: r.provider,
        expiresAt: new Date(r.expires_at),
      }
    : null;
}

/** Removes a session whose launch was refused before its token was handed out. */
export async function discardGameSession(db: Executor, token: string): Promise<void> {
  await db.execute(sql`DELETE FROM game_sessions WHERE token_hash = ${sha256(token)}`);
}

/** Erasure: the player's game sessions end with their account (docs/privacy.md#erasure). */
export async function deleteGameSessionsOf(db: Executor, userId: number): Promise<void> {
  await db.execute(sql`DELETE FROM game_sessions WHERE user_id = ${userId}`);
}
