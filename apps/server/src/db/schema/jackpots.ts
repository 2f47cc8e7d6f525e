import { bigint, bigserial, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A progressive jackpot in one currency (docs/api-shapes.md#jackpots-and-winners), fed by qualifying real-money bets. */
export const jackpots = pgTable(
  'jackpots',
  {
    id: serial('id').primaryKey(),
    identifier: text('identifier').notNull(),
    name: text('name').notNull(),
    currency: text('currency').notNull(),
    state: text('state').notNull().default('active'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('jackpots_identifier_idx').on(t.identifier)],
);

/**
 * A level of a jackpot. `amount` is the cached balance of its pool ledger account (updated in the
 * same transaction as the postings). A level drops when a contribution takes it to `drop_at`, a
 * secret threshold drawn from the CSPRNG between the seed and `max_amount` at every (re)seed: a
 * "must drop by" jackpot, so every level is certain to pay out.
 */
export const jackpotLevels = pgTable(
  'jackpot_levels',
  {
    id: serial('id').primaryKey(),
    jackpotId: integer('jackpot_id')
      .notNull()
      .references(() => jackpots.id),
    identifier: text('identifier').notNull(),
    index: integer('index').notNull(),
    name: text('name').notNull(),
    /** Basis points of each qualifying stake that feed this level. */
    contributionBp: integer('contribution_bp').notNull(),
    seedAmount: bigint('seed_amount', { mode: 'bigint' }).notNull(),
    maxAmount: bigint('max_amount', { mode: 'bigint' }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    dropAt: bigint('drop_at', { mode: 'bigint' }).notNull(),
    /** Bumped on every reseed, so idempotency keys of seeds are unique per cycle. */
    cycle: integer('cycle').notNull().default(0),
  },
  (t) => [uniqueIndex('jackpot_levels_jackpot_index_idx').on(t.jackpotId, t.index)],
);

export const jackpotWins = pgTable(
  'jackpot_wins',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    jackpotId: integer('jackpot_id').notNull(),
    levelId: integer('level_id').notNull(),
    userId: integer('user_id').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('jackpot_wins_created_idx').on(t.createdAt)],
);
