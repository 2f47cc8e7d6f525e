import { sql } from 'drizzle-orm';
import { bigint, bigserial, customType, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** PostgreSQL's 64-bit transaction id: orders events by the transaction that wrote them. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/**
 * The durable event log (docs/events.md): every money movement and lifecycle fact, appended in the
 * same transaction as the change it reports, never updated or deleted. `tx` is the writing
 * transaction's id: consumers read only events whose transaction can no longer be running, so an
 * event committed late with a smaller id is never skipped.
 */
export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tx: xid8('tx')
      .notNull()
      .default(sql`pg_current_xact_id()`),
    type: text('type').notNull(),
    userId: integer('user_id'),
    payload: jsonb('payload').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('events_tx_id_idx').on(t.tx, t.id),
    // A withdrawal applies a player's deposits the bonus consumer has not reached yet
    // (docs/events.md#reading-ahead-of-a-consumer): deposits are few, so the index costs bets nothing.
    index('events_deposits_by_user_idx')
      .on(t.userId, t.tx, t.id)
      .where(sql`type = 'payment.deposit.succeeded'`),
  ],
);

/**
 * Where each consumer has got to in the log: the (tx, id) of the last event it applied, moved in
 * the same transaction as the consumer's effects. Failures are kept for the operator.
 */
export const eventCursors = pgTable('event_cursors', {
  consumer: text('consumer').primaryKey(),
  lastTx: xid8('last_tx')
    .notNull()
    .default(sql`'0'::xid8`),
  lastId: bigint('last_id', { mode: 'number' }).notNull().default(0),
  failures: integer('failures').notNull().default(0),
  lastError: text('last_error'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
