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

/** The consumer's cursor, locked for the caller's transaction; undefined while another transaction holds it. */
export async function lockCursor(tx: Executor, consumer: string): Promise<CursorRow | undefined> {
  const [cursor] = await rows<CursorRow>(
    tx,
    sql`SELECT last_tx::text, last_id FROM event_cursors WHERE consumer = ${consumer} FOR UPDATE SKIP LOCKED`,
  );
  return cursor;
}

/**
 * Up to `limit` events after the cursor, in log order. Ordered by the column, never by the text
 * alias: as text '999' sorts after '1000'. Only events whose transaction has ended: an event
 * committed late with a smaller id than one already seen would otherwise be skipped for ever.
 * Events of transactions still running (the caller's included: it holds the cursor lock) wait for
 * a later drain.
 */
/**
 * The next events after the cursor whose writing transactions have ended. Payloads come only for
 * `types` (the consumer's): the others are stepped over by id, without shipping and parsing their
 * JSON, which is most of a consumer's cost when many consumers read one busy log.
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
 * One player's committed events of `type` that `consumer` has not applied yet (after its cursor, or
 * all of them before its first drain), oldest first, with their payloads: a request that must see
 * now what the consumer will do soon applies them itself, in its own transaction
 * (docs/events.md#reading-ahead-of-a-consumer). Unlike a drain it also sees events of transactions
 * that committed after others still running: the consumer reaches them later and, being
 * idempotent, does nothing twice. The partial index `events_deposits_by_user_idx` serves
 * `payment.deposit.succeeded`; other types would scan the player's part of the log after the cursor.
 */
export async function playerEventsAhead(
  tx: Executor,
  consumer: string,
  type: string,
  userId: number,
): Promise<EventRow[]> {
  return rows<EventRow>(
    tx,
    sql`SELECT e.id, e.tx::text AS tx, e.type, e.user_id, e.payload, e.created_at
          FROM events e
          LEFT JOIN event_cursors c ON c.consumer = ${consumer}
         WHERE e.type = ${type} AND e.user_id = ${userId}
           AND (c.consumer IS NULL OR (e.tx, e.id) > (c.last_tx, c.last_id))
         ORDER BY e.tx, e.id`,
  );
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
