import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A deposit or a withdrawal (cashbox; docs/api-shapes.md#payments). The state moves only forward, each change
 * guarded on the state it leaves, in the same transaction as its ledger movement:
 *   deposit:  pending → succeeded | declined
 *   cashout:  pending → processing → succeeded | declined;  pending → recalled
 * A cashout reserves the money when it is requested (player cash → the payout reserve) and the
 * reserve is settled (→ payment clearing) or released (→ player) exactly once.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** deposit | cashout */
    action: text('action').notNull(),
    /** pending | processing | succeeded | declined | recalled */
    state: text('state').notNull(),
    currency: text('currency').notNull(),
    amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
    provider: text('provider').notNull(),
    methodId: text('method_id').notNull(),
    brand: text('brand').notNull(),
    /** The provider's id of this payment, once it has one: webhooks are idempotent on it. */
    providerPaymentId: text('provider_payment_id'),
    /** Masked card (bin6…last4) or account reference shown in the history; never a full number. */
    accountTitle: text('account_title'),
    cancellationReason: text('cancellation_reason'),
    /**
     * What the payout is sent to when it is approved: a saved profile's provider token, or the
     * method's non-card fields (e-mail, IBAN). Card numbers are never stored here.
     */
    payoutDetails: jsonb('payout_details').$type<Record<string, string>>(),
    /**
     * Crypto deposits: confirmations the chain reported so far, and how many credit the deposit
     * (the chain's own setting, reported with each event); null for other methods.
     */
    confirmations: integer('confirmations'),
    confirmationsRequired: integer('confirmations_required'),
    /**
     * SHA-256 of the normalised source (deposit) or destination (cashout): a saved profile's
     * token or the method's non-card fields. A withdrawal to a destination that no succeeded
     * payout of the player went to needs a step-up; deposits never count (decision 015).
     */
    destination: text('destination'),
    /**
     * A deposit's bonus offer: the player's `deposit_bonus_code` when it started, carried in its
     * `payment.deposit.succeeded` event (docs/bonuses.md#through-the-event-log-exactly-once).
     */
    bonusCode: text('bonus_code'),
    createdAt: ts('created_at').notNull(),
    finishedAt: ts('finished_at'),
    /**
     * When the payout job last took this withdrawal to send it. A withdrawal still `processing`
     * without a provider id long after it was taken lost its job (a crash): it is sent again with
     * the same reference, which the provider answers with the payment it already has.
     */
    processingAt: ts('processing_at'),
  },
  (t) => [
    index('payments_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('payments_provider_payment_idx').on(t.provider, t.providerPaymentId),
    index('payments_state_idx').on(t.action, t.state, t.createdAt),
    index('payments_user_destination_idx')
      .on(t.userId, t.destination)
      .where(sql`${t.destination} IS NOT NULL`),
  ],
);

/** Saved payment profiles for one-click deposits: a provider token and a masked title only. */
export const paymentProfiles = pgTable(
  'payment_profiles',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider').notNull(),
    methodId: text('method_id').notNull(),
    /** "424242…4242": the 6-digit bin and the last 4 digits. */
    title: text('title').notNull(),
    /** The provider's reusable token for this card or account. */
    token: text('token').notNull(),
    /**
     * The provider's opaque name for the card itself (bin, last 4 and expiry): saving the same card
     * again updates its profile instead of adding a second one.
     */
    fingerprint: text('fingerprint'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('payment_profiles_token_idx').on(t.provider, t.token),
    index('payment_profiles_user_idx').on(t.userId),
    uniqueIndex('payment_profiles_fingerprint_idx').on(t.userId, t.provider, t.fingerprint),
  ],
);

/**
 * `Idempotency-Key` of a player's deposit or withdrawal (decision 016): claimed in the transaction
 * that creates the payment, with a hash of the request and, once known, the first answer, which a
 * retry with the same key and body gets again instead of a second payment.
 */
export const paymentIdempotencyKeys = pgTable(
  'payment_idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    /** deposit | cashout */
    action: text('action').notNull(),
    /** HMAC of the request's fields (card data included, so never a plain hash). */
    requestHash: text('request_hash').notNull(),
    paymentId: integer('payment_id').references(() => payments.id),
    /** Null while the first request is still running. */
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/** Every verified webhook, once per provider event id (replays are answered and ignored). */
export const paymentWebhooks = pgTable(
  'payment_webhooks',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: ts('received_at').notNull(),
  },
  (t) => [uniqueIndex('payment_webhooks_event_idx').on(t.provider, t.eventId)],
);

/**
 * The sandbox payment provider's own books (it stands in for an external PSP, so it keeps its own
 * record of what it was asked and what it answered, like a real one would).
 */
export const sandboxPspPayments = pgTable('sandbox_psp_payments', {
  id: text('id').primaryKey(),
  kind: text('kind').notNull(),
  merchantReference: text('merchant_reference').notNull(),
  amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
  currency: text('currency').notNull(),
  /** created | challenge | succeeded | declined */
  status: text('status').notNull(),
  details: jsonb('details').$type<Record<string, unknown>>().notNull(),
  createdAt: ts('created_at').notNull(),
  /**
   * When the casino acknowledged the outcome's webhook. A payment decided but not delivered (a
   * crash between the two, or the casino not answering) is delivered again, with the same event id.
   */
  deliveredAt: ts('delivered_at'),
});

/** Risk payloads the cashbox sent (docs/player-app.md#risk-payload), kept for the operator's risk review; never used for money. */
export const riskTransactions = pgTable(
  'risk_transactions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('risk_transactions_user_idx').on(t.userId, t.createdAt)],
);

/** A player's deposit address per crypto coin (one each). */
export const cryptoAddresses = pgTable(
  'crypto_addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    currency: text('currency').notNull(),
    address: text('address').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('crypto_addresses_user_currency_idx').on(t.userId, t.currency),
    uniqueIndex('crypto_addresses_address_idx').on(t.address),
  ],
);

/** The simulated chain's transactions (the sandbox's own books, like sandbox_psp_payments). */
export const sandboxChainTxs = pgTable('sandbox_chain_txs', {
  id: text('id').primaryKey(),
  currency: text('currency').notNull(),
  address: text('address').notNull(),
  amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
  confirmations: integer('confirmations').notNull(),
  /** mempool | confirmed | dropped */
  status: text('status').notNull(),
  createdAt: ts('created_at').notNull(),
});
