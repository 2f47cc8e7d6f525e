import type { EventPayload, EventType } from '@croupier/shared/events';
import { sql } from 'drizzle-orm';
import { jsonRows, rows, type Executor } from '../db/sql.ts';

export interface CursorRow {
  last_tx: string;
  last_id: string | number;
}

export interface EventRow {
  id: string | number;
  tx: string;
  type: string;
  user_id: number | null;
  payload: Record<string, unknown>;
  created_at: Date | string;
}

/**
 * Appends an event inside the caller's transaction: it exists exactly when the change it reports
 * does. Types and payloads are the shared contract's (`@croupier/shared/events`).
 */
export async function appendEvent<T extends EventType>(
  tx: Executor,
  event: {
    type: T;
    userId?: number | null;
    payload: EventPayload<T>;
    /**
     * When it happened by the app's clock (`ctx.clock`), for events whose time a consumer compares
     * with other app times (a bonus campaign's window, docs/bonuses.md#through-the-event-log-exactly-once);
     * unset: the database's `now()`.
     */
    at?: Date;
  },
) {
  await tx.execute(
    sql`INSERT INTO events (type, user_id, payload, created_at)
        VALUES (${event.type}, ${event.userId ?? null}, ${JSON.stringify(event.payload)}::jsonb,
                COALESCE(${event.at ?? null}::timestamptz, now()))`,
  );
}

export async function ensureCursor(db: Executor, consumer: string): Promise<void> {
  await db.execute(sql`INSERT INTO event_cursors (consumer) VALUES (${consumer}) ON CONFLICT (consumer) DO NOTHING`);
}

/**
 * The consumer's cursor, held for the caller's transaction; undefined while another transaction
 * holds it. The hold is a transaction-scoped advisory lock, not a row lock: locking a row assigns
 * the transaction an id at once, and a consumer's transaction holding an id holds back
 * `pg_snapshot_xmin`, i.e. what every other consumer may read (`eventsAfter`), for its whole batch.
 * With the advisory lock a batch takes an id only at its first write — for a consumer whose handler
 * only reads (the wins feed, most of the wagering checks), at the cursor's move just before commit.
 * Advisory locks are released after the commit is visible, so the next holder's cursor read (its
 * own statement, hence its own snapshot in READ COMMITTED) sees where the last one left it.
 */
export async function lockCursor(tx: Executor, consumer: string): Promise<CursorRow | undefined> {
  const [held] = await rows<{ held: boolean }>(
    tx,
    sql`SELECT pg_try_advisory_xact_lock(hashtextextended(${`croupier.event_cursor:${consumer}`}, 0)) AS held`,
  );
  if (!held?.held) return undefined;
  const [cursor] = await rows<CursorRow>(
    tx,
    sql`SELECT last_tx::text, last_id FROM event_cursors WHERE consumer = ${consumer}`,
  );
  return cursor;
}

/**
 * Up to `limit` events after the cursor, in log order, whose writing transactions have ended.
 * Ordered by the column, never by the text alias: as text '999' sorts after '1000'. Only events
 * older than every transaction still running: an event committed late with a smaller id than one
 * already seen would otherwise be skipped for ever; those of transactions still running (the
 * caller's own, once it has written) wait for a later drain. Payloads come only for `types` (the
 * consumer's): the others are stepped over by id, without shipping and parsing their JSON.
 */
export async function eventsAfter(
  tx: Executor,
  cursor: CursorRow,
  limit: number,
  types: readonly string[],
): Promise<EventRow[]> {
  const wanted = sql.join(
    types.map((t) => sql`${t}`),
    sql`, `,
  );
  return rows<EventRow>(
    tx,
    sql`SELECT e.id, e.tx::text AS tx, e.type, e.user_id,
               CASE WHEN e.type IN (${types.length > 0 ? wanted : sql`NULL`}) THEN e.payload END AS payload, e.created_at
          FROM events e
        WHERE (e.tx, e.id) > (${cursor.last_tx}::xid8, ${cursor.last_id}::bigint)
          AND e.tx < pg_snapshot_xmin(pg_current_snapshot())
        ORDER BY e.tx, e.id LIMIT ${limit}`,
  );
}

/**
 * For the consumers of one wake, in one statement: moves the cursor of each one that is behind the
 * log's readable end but has no event of its types in between straight to that end (handling
 * nothing: there is nothing for it), and answers the names of those that do have something to read.
 * Under load most consumers have nothing of their types in most wakes; without this each of them
 * would open a transaction, take its cursor and page through the log in batches, on every wake.
 *
 * It never needs the cursor's advisory lock, because a cursor moves here only over events that can
 * never concern the consumer: everything before the horizon has ended and is visible to this
 * statement, so "none of its types in (cursor, end]" is final, and it moves forward only (checked
 * again on the row as locked). A batch of the same consumer running meanwhile read at most events
 * its own snapshot showed; any event of its types it handled lies after this statement's end, so
 * its own cursor move either lands past that end or — if it handled none — moves back at most over
 * events it has nothing to do with. Rows are locked in the consumers' order, and a batch locks its
 * own cursor row only for its final move: two wakes' statements wait for each other (briefly, by
 * then only a commit) and never deadlock.
 */
export async function consumersWithWork(
  db: Executor,
  consumers: readonly { name: string; types: readonly string[] }[],
): Promise<Set<string>> {
  if (consumers.length === 0) return new Set();
  const textArray = (values: readonly string[]) =>
    sql`ARRAY[${sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    )}]::text[]`;
  const wanted = sql.join(
    consumers.map((c) => sql`(${c.name}::text, ${textArray(c.types)})`),
    sql`, `,
  );
  const found = await rows<{ consumer: string }>(
    db,
    sql`WITH horizon AS MATERIALIZED (SELECT pg_snapshot_xmin(pg_current_snapshot()) AS h),
             wanted (consumer, types) AS (VALUES ${wanted}),
             head AS MATERIALIZED (
               SELECT e.tx, e.id FROM events e WHERE e.tx < (SELECT h FROM horizon) ORDER BY e.tx DESC, e.id DESC LIMIT 1),
             behind AS MATERIALIZED (
               SELECT c.consumer, w.types, c.last_tx, c.last_id
                 FROM event_cursors c JOIN wanted w ON w.consumer = c.consumer, head
                WHERE (c.last_tx, c.last_id) < (head.tx, head.id)),
             idle AS (
               SELECT c.consumer FROM event_cursors c JOIN behind b ON b.consumer = c.consumer
                WHERE NOT EXISTS (
                        SELECT 1 FROM events e
                         WHERE (e.tx, e.id) > (b.last_tx, b.last_id) AND e.tx < (SELECT h FROM horizon)
                           AND e.type = ANY (b.types))
                ORDER BY c.consumer
                  FOR UPDATE OF c),
             moved AS (
               UPDATE event_cursors c SET last_tx = head.tx, last_id = head.id, updated_at = now()
                 FROM idle, head
                WHERE c.consumer = idle.consumer AND (c.last_tx, c.last_id) < (head.tx, head.id)
                RETURNING c.consumer)
        SELECT b.consumer FROM behind b WHERE b.consumer NOT IN (SELECT consumer FROM idle)`,
  );
  return new Set(found.map((r) => r.consumer));
}

/** Moves the cursor past `last` and clears the consumer's failure record. */
export async function advanceCursor(tx: Executor, consumer: string, last: EventRow): Promise<void> {
  await tx.execute(
    sql`UPDATE event_cursors SET last_tx = ${last.tx}::xid8, last_id = ${last.id}::bigint, failures = 0, last_error = NULL, updated_at = now()
        WHERE consumer = ${consumer}`,
  );
}

export async function recordConsumerFailure(db: Executor, consumer: string, message: string): Promise<void> {
  await db.execute(
    sql`UPDATE event_cursors SET failures = failures + 1, last_error = ${message}, updated_at = now()
        WHERE consumer = ${consumer}`,
  );
}

/** The events about one player, oldest first (their export: docs/privacy.md#what-each-module-holds). */
export async function eventsOfPlayer(db: Executor, userId: number): Promise<unknown[]> {
  return jsonRows(db, sql`SELECT id, type, payload, created_at FROM events WHERE user_id = ${userId} ORDER BY id`);
}
