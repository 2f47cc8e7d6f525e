import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { playerAccounts } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Ledger accounts (docs/decisions/006). Players have a cash and a bonus account per currency whose
 * balances are cached in `player_accounts`; system accounts (house, provider clearing, payment
 * clearing, jackpot pools) keep no cached balance — their balance is the sum of their postings —
 * so that no single hot row serialises every bet of the casino.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    /** player_cash | player_bonus | house | provider_clearing | payment_clearing | payout_reserve | jackpot_pool | bonus_funding */
    kind: text('kind').notNull(),
    currency: text('currency').notNull(),
    /** Player id for player kinds; provider id, jackpot level id or 'main' for system kinds. */
    ref: text('ref').notNull(),
    playerAccountId: integer('player_account_id').references(() => playerAccounts.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ledger_accounts_kind_currency_ref_idx').on(t.kind, t.currency, t.ref)],
);

/**
 * One money movement. Immutable (a trigger refuses UPDATE and DELETE); corrections are new
 * transactions pointing at the one they reverse. `idempotency_key` is unique in the database and
 * `payload_hash` lets a retry with different content be told apart from a true duplicate.
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** bet | win | rollback | deposit | withdrawal | jackpot_contribution | jackpot_win | adjustment */
    kind: text('kind').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    payloadHash: text('payload_hash').notNull(),
    userId: integer('user_id'),
    currency: text('currency').notNull(),
    reversesId: bigint('reverses_id', { mode: 'number' }),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_transactions_idempotency_key_idx').on(t.idempotencyKey),
    index('ledger_transactions_user_idx').on(t.userId, t.createdAt),
  ],
);

/** Postings: signed amounts in minor units; the postings of a transaction sum to zero. Immutable. */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    index('ledger_postings_transaction_idx').on(t.transactionId),
    index('ledger_postings_account_idx').on(t.accountId),
  ],
);

/**
 * Seamless-wallet requests by (provider, transaction id): the first answer is stored byte for byte
 * so a duplicate gets exactly it (docs/reliability.md#w5-idempotency), `payload_hash` detects a reused id with other
 * content (W6), and a rollback of an unknown bet leaves a `tombstone` row under the bet's id so
 * the late bet is refused (W9).
 */
export const walletRequests = pgTable(
  'wallet_requests',
  {
    provider: text('provider').notNull(),
    txId: text('tx_id').notNull(),
    /** bet | win | rollback */
    action: text('action').notNull(),
    /** ok | refused | tombstone | rolled_back */
    status: text('status').notNull(),
    roundId: text('round_id').notNull(),
    userId: integer('user_id').notNull(),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** For a rollback: the bet it cancels. */
    referenceTxId: text('reference_tx_id'),
    payloadHash: text('payload_hash'),
    responseStatus: integer('response_status').notNull(),
    responseBody: text('response_body').notNull(),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }),
    /** For a bet: how much came from cash and from bonus money, so a rollback restores exactly that. */
    cashAmount: bigint('cash_amount', { mode: 'bigint' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** The provider's game id, carried into the event log's wallet events. */
    game: text('game'),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.txId] }),
    index('wallet_requests_round_idx').on(t.provider, t.roundId),
    // A player's bets and wins in a window, read inside every bet by the loss and wager limits.
    index('wallet_requests_user_window_idx').on(t.userId, t.currency, t.createdAt),
  ],
);

/**
 * Game sessions the casino issues at launch (the `session_token` of the wallet protocol). Only the
 * token's SHA-256 is stored. Bets need a live session; wins and rollbacks do not (W10).
 */
export const gameSessions = pgTable(
  'game_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id').notNull(),
    currency: text('currency').notNull(),
    gameId: integer('game_id').notNull(),
    provider: text('provider').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('game_sessions_user_idx').on(t.userId)],
);
