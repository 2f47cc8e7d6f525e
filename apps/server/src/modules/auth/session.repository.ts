import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { randomPublicId } from '../../lib/crypto.ts';
import type { DbOrTx, User } from '../player/index.ts';

export type SessionRow = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;

/**
 * The unexpired session of a token hash, with its player. Every signed-in request runs this
 * lookup: prepared once per returned function, so neither drizzle's query builder nor the
 * database's planner repeats work per request.
 */
export function prepareLoadSession(
  db: Db,
): (id: string, now: Date) => Promise<{ sessions: SessionRow; users: User | null } | undefined> {
  const query = db
    .select()
    .from(sessions)
    .leftJoin(users, eq(sessions.userId, users.id))
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('croupier_load_session');
  return async (id, now) => (await query.execute({ id, now }))[0];
}

/**
 * Inserts a session under a random public id (docs/auth.md#active-sessions). Two live sessions drawing
 * the same one of 2^52 ids is as good as impossible; should it happen, the unique index refuses the
 * row and another id is drawn.
 */
export async function insertSession(db: DbOrTx, values: Omit<NewSession, 'publicId'>): Promise<void> {
  for (let tries = 1; ; tries += 1) {
    const inserted = await db
      .insert(sessions)
      .values({ ...values, publicId: randomPublicId() })
      .onConflictDoNothing({ target: sessions.publicId })
      .returning({ id: sessions.id });
    if (inserted.length > 0) return;
    if (tries >= 3) throw new Error('sessions: three random public ids in a row were taken');
  }
}

export async function deleteSession(db: DbOrTx, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

export async function touchSession(db: DbOrTx, id: string, now: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
}

export async function markSessionSteppedUp(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db.update(sessions).set({ stepUpAt: at }).where(eq(sessions.id, id));
}

export async function deleteSessionsOfUser(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Returns the ids of the sessions it ended. */
export async function deleteOtherSessionsOfUser(db: DbOrTx, userId: number, keep: string): Promise<string[]> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keep)))
    .returning({ id: sessions.id });
  return ended.map((row) => row.id);
}

/**
 * The player's signed-in sessions that still work (unexpired, used within the idle timeout), the
 * most recently used first. Half-finished two-factor sign-ins are no sessions of the player yet.
 */
export async function listSessionsOfUser(
  db: DbOrTx,
  userId: number,
  now: Date,
  seenSince: Date,
): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, seenSince)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.publicId));
}

/** Ends one session of the player by its public id; the internal id of the ended session, or null. */
export async function deleteSessionOfUser(db: DbOrTx, userId: number, publicId: number): Promise<string | null> {
  const [row] = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.publicId, publicId)))
    .returning({ id: sessions.id });
  return row?.id ?? null;
}

/**
 * The ids among `ids` of sessions unexpired, seen since `seenSince` (the idle timeout) and of a
 * player not disabled: the sockets of every other id must close.
 */
export async function liveSessionIds(
  db: DbOrTx,
  ids: readonly string[],
  now: Date,
  seenSince: Date,
): Promise<Set<string>> {
  const found = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        inArray(sessions.id, [...ids]),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, seenSince),
        isNull(users.disabledAt),
      ),
    );
  return new Set(found.map((r) => r.id));
}
