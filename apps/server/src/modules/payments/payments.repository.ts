/**
 * The casino's payment tables: payments, saved profiles, Idempotency-Keys, received webhooks, crypto
 * deposit addresses and risk payloads. Transitions are guarded UPDATEs (`WHERE state = <the state
 * it leaves>`) that return no row when another request got there first; the caller passes the
 * transaction its ledger movement runs in (docs/reliability.md#w12-two-phase-withdrawals).
 */
import { sql } from 'drizzle-orm';
import { jsonRows, rows, type Executor } from '../../db/sql.ts';
import type { PaymentAction } from './provider.ts';

export interface PaymentRow {
  id: number;
  user_id: number;
  action: PaymentAction;
  state: 'pending' | 'processing' | 'succeeded' | 'declined' | 'recalled';
  currency: string;
  amount_cents: string;
  provider: string;
  method_id: string;
  brand: string;
  provider_payment_id: string | null;
  account_title: string | null;
  cancellation_reason: string | null;
  payout_details: Record<string, string> | null;
  confirmations: number | null;
  confirmations_required: number | null;
  bonus_code: string | null;
  created_at: Date | string;
  finished_at: Date | string | null;
}

export interface IdempotencyKeyRow {
  action: string;
  request_hash: string;
  response_status: number | null;
  response_body: string | null;
}

/** The method a payment was asked for, as the provider registry describes it. */
interface PaymentMethodRef {
  provider: string;
  id: string;
  brand: string;
}

function one<T>(row: T | undefined, table: string): T {
  if (!row) throw new Error(`insert into ${table} returned no row`);
  return row;
}

// --- payments -----------------------------------------------------------------------------------

export async function insertDeposit(
  db: Executor,
  values: {
    userId: number;
    currency: string;
    amountCents: bigint;
    method: PaymentMethodRef;
    destination: string | null;
    now: Date;
  },
): Promise<PaymentRow> {
  const { userId, currency, amountCents, method, destination, now } = values;
  const [created] = await rows<PaymentRow>(
    db,
    sql`INSERT INTO payments (user_id, action, state, currency, amount_cents, provider, method_id, brand, destination, bonus_code, created_at)
        VALUES (${userId}, 'deposit', 'pending', ${currency}, ${amountCents.toString()}::bigint, ${method.provider}, ${method.id}, ${method.brand},
                ${destination}, ${CHOSEN_BONUS_CODE(userId)}, ${now})
        RETURNING *`,
  );
  return one(created, 'payments');
}

/**
 * The deposit bonus the player has chosen (`users.deposit_bonus_code`), read when a deposit starts
 * (a crypto deposit: when the chain first shows it) and kept on the payment, so what the player
 * chose then is what the deposit's event carries (docs/bonuses.md#through-the-event-log-exactly-once).
 */
const CHOSEN_BONUS_CODE = (userId: number) => sql`(SELECT deposit_bonus_code FROM users WHERE id = ${userId})`;

/**
 * Orders a player's succeeding deposits, before their credit locks the wallet (the player's row
 * first, as the limits and privacy modules lock it). `NO KEY UPDATE`: a bet inserting a row that
 * references the player (a key share) is not held up, so a bet holding the wallet cannot deadlock
 * with it.
 */
export async function lockDepositNumbering(db: Executor, userId: number): Promise<void> {
  await db.execute(sql`SELECT 1 FROM users WHERE id = ${userId} FOR NO KEY UPDATE`);
}

/**
 * The number of a deposit just marked succeeded among the player's successful deposits (1: the
 * first). Asked with the player's row locked, so two deposits succeeding at once get 1 and 2.
 */
export async function succeededDepositNumber(db: Executor, userId: number): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM payments WHERE user_id = ${userId} AND action = 'deposit' AND state = 'succeeded'`,
  );
  return Number(row?.n ?? 0);
}

/** The provider's answer to a deposit start; a destination already known is kept. */
export async function recordDepositStart(
  db: Executor,
  paymentId: number,
  started: { providerPaymentId: string; accountTitle: string | null; destination: string | null },
): Promise<PaymentRow | undefined> {
  const [row] = await rows<PaymentRow>(
    db,
    sql`UPDATE payments SET provider_payment_id = ${started.providerPaymentId}, account_title = ${started.accountTitle},
               destination = COALESCE(destination, ${started.destination})
        WHERE id = ${paymentId} RETURNING *`,
  );
  return row;
}

export async function insertWithdrawal(
  db: Executor,
  values: {
    userId: number;
    currency: string;
    amountCents: bigint;
    method: PaymentMethodRef;
    accountTitle: string | null;
    payoutDetails: Record<string, string>;
    destination: string | null;
    now: Date;
  },
): Promise<PaymentRow> {
  const { userId, currency, amountCents, method, accountTitle, payoutDetails, destination, now } = values;
  const [row] = await rows<PaymentRow>(
    db,
    sql`INSERT INTO payments (user_id, action, state, currency, amount_cents, provider, method_id, brand, account_title, payout_details, destination, created_at)
        VALUES (${userId}, 'cashout', 'pending', ${currency}, ${amountCents.toString()}::bigint, ${method.provider}, ${method.id}, ${method.brand},
                ${accountTitle}, ${JSON.stringify(payoutDetails)}::jsonb, ${destination}, ${now})
        RETURNING *`,
  );
  return one(row, 'payments');
}

/** A crypto deposit first seen on the chain: it has no request of ours, only the chain's event. */
export async function insertCryptoDeposit(
  db: Executor,
  values: {
    userId: number;
    currency: string;
    amountCents: bigint;
    provider: string;
    methodId: string;
    brand: string;
    providerPaymentId: string;
    address: string;
    confirmations: number;
    confirmationsRequired: number | null;
    now: Date;
  },
): Promise<PaymentRow> {
  const v = values;
  const [row] = await rows<PaymentRow>(
    db,
    sql`INSERT INTO payments (user_id, action, state, currency, amount_cents, provider, method_id, brand, provider_payment_id, account_title,
                             confirmations, confirmations_required, bonus_code, created_at)
        VALUES (${v.userId}, 'deposit', 'pending', ${v.currency}, ${v.amountCents.toString()}::bigint, ${v.provider}, ${v.methodId},
                ${v.brand}, ${v.providerPaymentId}, ${v.address}, ${v.confirmations}, ${v.confirmationsRequired},
                ${CHOSEN_BONUS_CODE(v.userId)}, ${v.now})
        RETURNING *`,
  );
  return one(row, 'payments');
}

export async function findPaymentOf(db: Executor, userId: number, paymentId: number): Promise<PaymentRow | undefined> {
  const [row] = await rows<PaymentRow>(db, sql`SELECT * FROM payments WHERE id = ${paymentId} AND user_id = ${userId}`);
  return row;
}

/** The payment a provider's event names by the provider's id, locked for the rest of the webhook's transaction. */
export async function lockPaymentByProviderId(
  db: Executor,
  provider: string,
  providerPaymentId: string,
): Promise<PaymentRow | undefined> {
  const [row] = await rows<PaymentRow>(
    db,
    sql`SELECT * FROM payments WHERE provider = ${provider} AND provider_payment_id = ${providerPaymentId} FOR UPDATE`,
  );
  return row;
}

/**
 * The payment a provider's event names by our reference, locked: one with this provider id, or
 * one whose provider id is not stored yet (the event overtook the answer to the start call).
 */
export async function lockPaymentByReference(
  db: Executor,
  provider: string,
  reference: string,
  providerPaymentId: string,
): Promise<PaymentRow | undefined> {
  const [row] = await rows<PaymentRow>(
    db,
    sql`SELECT * FROM payments WHERE provider = ${provider} AND id::text = ${reference}
        AND (provider_payment_id = ${providerPaymentId} OR provider_payment_id IS NULL) FOR UPDATE`,
  );
  return row;
}

export async function attachProviderPaymentId(
  db: Executor,
  paymentId: number,
  providerPaymentId: string,
): Promise<PaymentRow | undefined> {
  const [row] = await rows<PaymentRow>(
    db,
    sql`UPDATE payments SET provider_payment_id = ${providerPaymentId} WHERE id = ${paymentId} RETURNING *`,
  );
  return row;
}

/** Progress only moves forward: a late, older count never lowers what the player saw. */
export async function advanceConfirmations(
  db: Executor,
  paymentId: number,
  confirmations: number,
  confirmationsRequired: number | null,
): Promise<PaymentRow | undefined> {
  const [row] = await rows<PaymentRow>(
    db,
    sql`UPDATE payments SET confirmations = ${confirmations}, confirmations_required = COALESCE(${confirmationsRequired}::int, confirmations_required)
        WHERE id = ${paymentId} AND state = 'pending' AND COALESCE(confirmations, -1) < ${confirmations} RETURNING *`,
  );
  return row;
}

/** The amount credited is the provider's; the row records it if it differs from the request. */
export async function markDepositSucceeded(
  db: Executor,
  paymentId: number,
  amountCents: bigint,
  confirmations: number | null,
  now: Date,
): Promise<PaymentRow | undefined> {
  const [row] = await rows<PaymentRow>(
    db,
    sql`UPDATE payments SET state = 'succeeded', amount_cents = ${amountCents.toString()}::bigint, finished_at = ${now},
               confirmations = COALESCE(${confirmations}::int, confirmations)
        WHERE id = ${paymentId} AND state = 'pending' RETURNING *`,
  );
  return row;
}

/**
 * A deposit the balance maximum refused after the provider took the money (decision 016). Not
 * guarded on the state: it runs right after this transaction marked the payment succeeded.
 */
export async function declineDepositOverBalanceLimit(
  db: Executor,
  paymentId: number,
  now: Date,
): Promise<PaymentRow | undefined> {
  const [row] = await rows<PaymentRow>(
    db,
    sql`UPDATE payments SET state = 'declined', cancellation_reason = 'The deposit would take the balance past its maximum; it will be refunded', finished_at = ${now}
        WHERE id = ${paymentId} RETURNING *`,
  );
  return row;
}

/** A deposit, or a withdrawal not yet taken by the payout job, declined. */
export async function declinePendingPayment(
  db: Executor,
  paymentId: number,
  reason: string,
  now: Date,
): Promise<PaymentRow | undefined> {
  const [row] = await rows<PaymentRow>(
    db,
    sql`UPDATE payments SET state = 'declined', cancellation_reason = ${reason}, finished_at = ${now}
        WHERE id = ${paymentId} AND state = 'pending' RETURNING *`,
  );
  return row;
}

/** A payout the provider refused or failed; the caller releases its reserve in the same transaction. */
export async function declineProcessingPayout(
  db: Executor,
  paymentId: number,
  reason: string,
  now: Date,
): Promise<PaymentRow | undefined> {
  const [row] = await rows<PaymentRow>(
    db,
    sql`UPDATE payments SET state = 'declined', cancellation_reason = ${reason}, finished_at = ${now}
        WHERE id = ${paymentId} AND state = 'processing' RETURNING *`,
  );
  return row;
}

export async function markPayoutPaid(db: Executor, paymentId: number, now: Date): Promise<PaymentRow | undefined> {
  const [row] = await rows<PaymentRow>(
    db,
    sql`UPDATE payments SET state = 'succeeded', finished_at = ${now} WHERE id = ${paymentId} AND state = 'processing' RETURNING *`,
  );
  return row;
}

/** Only the player's own withdrawal, and only while the payout job has not taken it. */
export async function recallPendingWithdrawal(
  db: Executor,
  userId: number,
  paymentId: number,
  now: Date,
): Promise<PaymentRow | undefined> {
  const [row] = await rows<PaymentRow>(
    db,
    sql`UPDATE payments SET state = 'recalled', finished_at = ${now}, cancellation_reason = 'Recalled by the player'
        WHERE id = ${paymentId} AND user_id = ${userId} AND action = 'cashout' AND state = 'pending' RETURNING *`,
  );
  return row;
}

/** Withdrawals past their recall window, oldest first. */
export async function duePayouts(db: Executor, cutoff: Date, limit: number): Promise<{ id: number }[]> {
  return rows<{ id: number }>(
    db,
    sql`SELECT id FROM payments WHERE action = 'cashout' AND state = 'pending' AND created_at <= ${cutoff} ORDER BY id LIMIT ${limit}`,
  );
}

/** The payout job's claim: no longer recallable, and no other job or recall gets it. */
export async function takePayout(db: Executor, paymentId: number, now: Date): Promise<PaymentRow | undefined> {
  const [row] = await rows<PaymentRow>(
    db,
    sql`UPDATE payments SET state = 'processing', processing_at = ${now} WHERE id = ${paymentId} AND state = 'pending' RETURNING *`,
  );
  return row;
}

/** Payouts taken before `cutoff` that never got a provider's id (the process died sending them). */
export async function stuckPayouts(db: Executor, cutoff: Date, limit: number): Promise<{ id: number }[]> {
  return rows<{ id: number }>(
    db,
    sql`SELECT id FROM payments WHERE action = 'cashout' AND state = 'processing' AND provider_payment_id IS NULL
          AND (processing_at IS NULL OR processing_at <= ${cutoff}) ORDER BY id LIMIT ${limit}`,
  );
}

/** Retakes a stuck payout under the same guard it was found by, so two instances never send it at once. */
export async function retakeStuckPayout(
  db: Executor,
  paymentId: number,
  cutoff: Date,
  now: Date,
): Promise<PaymentRow | undefined> {
  const [row] = await rows<PaymentRow>(
    db,
    sql`UPDATE payments SET processing_at = ${now}
        WHERE id = ${paymentId} AND state = 'processing' AND provider_payment_id IS NULL
          AND (processing_at IS NULL OR processing_at <= ${cutoff}) RETURNING *`,
  );
  return row;
}

export async function recordPayoutStart(
  db: Executor,
  paymentId: number,
  providerPaymentId: string,
  accountTitle: string | null,
): Promise<void> {
  await db.execute(
    sql`UPDATE payments SET provider_payment_id = ${providerPaymentId}, account_title = COALESCE(account_title, ${accountTitle}) WHERE id = ${paymentId}`,
  );
}

/** Only a payout that succeeded counts: pending, declined and recalled ones prove nothing. */
export async function hasPaidOutTo(db: Executor, userId: number, destination: string): Promise<boolean> {
  const found = await rows<{ id: number }>(
    db,
    sql`SELECT id FROM payments
        WHERE user_id = ${userId} AND destination = ${destination} AND action = 'cashout' AND state = 'succeeded' LIMIT 1`,
  );
  return found.length > 0;
}

export interface PaymentFilter {
  action?: PaymentAction | undefined;
  currency?: string | undefined;
}

function historyWhere(userId: number, filter: PaymentFilter) {
  return sql`user_id = ${userId}${filter.action ? sql` AND action = ${filter.action}` : sql``}${filter.currency ? sql` AND currency = ${filter.currency}` : sql``}`;
}

/** Newest first; without a page, the latest 500. */
export async function paymentHistory(
  db: Executor,
  userId: number,
  filter: PaymentFilter,
  page?: { page: number; perPage: number },
): Promise<PaymentRow[]> {
  const where = historyWhere(userId, filter);
  return rows<PaymentRow>(
    db,
    page
      ? sql`SELECT * FROM payments WHERE ${where} ORDER BY id DESC LIMIT ${page.perPage} OFFSET ${(page.page - 1) * page.perPage}`
      : sql`SELECT * FROM payments WHERE ${where} ORDER BY id DESC LIMIT 500`,
  );
}

export async function countPayments(db: Executor, userId: number, filter: PaymentFilter): Promise<number> {
  const [total] = await rows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM payments WHERE ${historyWhere(userId, filter)}`,
  );
  return Number(total?.n ?? 0);
}

/** docs/api-shapes.md#info player stats: succeeded payments per action and currency, and accepted bets per currency. */
export async function lifetimeSums(
  db: Executor,
  userId: number,
): Promise<{ kind: string; currency: string; n: number; total: string }[]> {
  return rows<{ kind: string; currency: string; n: number; total: string }>(
    db,
    sql`SELECT action AS kind, currency, count(*)::int AS n, sum(amount_cents)::text AS total FROM payments
          WHERE user_id = ${userId} AND state = 'succeeded' GROUP BY action, currency
        UNION ALL
        SELECT 'bet' AS kind, currency, count(*)::int AS n, sum(amount)::text AS total FROM wallet_requests
          WHERE user_id = ${userId} AND action = 'bet' AND status = 'ok' GROUP BY currency`,
  );
}

/** The wallet's cash part (what can be withdrawn) and its whole balance, as decimal strings. */
export async function cashAndBalanceOf(
  db: Executor,
  userId: number,
  currency: string,
): Promise<{ cash: string; balance: string } | undefined> {
  const [account] = await rows<{ cash: string; balance: string }>(
    db,
    sql`SELECT available_to_cashout_cents::text AS cash, amount_cents::text AS balance FROM player_accounts WHERE user_id = ${userId} AND currency = ${currency}`,
  );
  return account;
}

// --- saved payment profiles ---------------------------------------------------------------------

export async function profilesOf(
  db: Executor,
  userId: number,
): Promise<{ id: number; method_id: string; title: string }[]> {
  return rows<{ id: number; method_id: string; title: string }>(
    db,
    sql`SELECT id, method_id, title FROM payment_profiles WHERE user_id = ${userId} ORDER BY id`,
  );
}

export async function findProfileOf(
  db: Executor,
  userId: number,
  profileId: number,
): Promise<{ token: string; method_id: string } | undefined> {
  const [profile] = await rows<{ token: string; method_id: string }>(
    db,
    sql`SELECT token, method_id FROM payment_profiles WHERE id = ${profileId} AND user_id = ${userId}`,
  );
  return profile;
}

/**
 * Saves a profile unless its token, or this player's card fingerprint, is already saved: no conflict
 * target, since either unique index may be hit. Returns the token, or undefined when nothing was inserted.
 */
export async function insertProfileIfNew(
  db: Executor,
  values: {
    userId: number;
    provider: string;
    methodId: string;
    title: string;
    token: string;
    fingerprint: string | null;
    now: Date;
  },
): Promise<{ token: string } | undefined> {
  const { userId, provider, methodId, title, token, fingerprint, now } = values;
  const [inserted] = await rows<{ token: string }>(
    db,
    sql`INSERT INTO payment_profiles (user_id, provider, method_id, title, token, fingerprint, created_at)
        VALUES (${userId}, ${provider}, ${methodId}, ${title}, ${token}, ${fingerprint}, ${now})
        ON CONFLICT DO NOTHING RETURNING token`,
  );
  return inserted;
}

/** The profiles a new one collided with, this player's same card first. */
export async function conflictingProfiles(
  db: Executor,
  provider: string,
  userId: number,
  token: string,
  fingerprint: string | null,
): Promise<{ id: number; user_id: number; token: string; fingerprint: string | null }[]> {
  return rows<{ id: number; user_id: number; token: string; fingerprint: string | null }>(
    db,
    sql`SELECT id, user_id, token, fingerprint FROM payment_profiles
        WHERE provider = ${provider} AND (token = ${token} OR (user_id = ${userId} AND fingerprint = ${fingerprint}))
        ORDER BY (user_id = ${userId} AND fingerprint = ${fingerprint}) DESC, id`,
  );
}

export async function renameProfile(
  db: Executor,
  profileId: number,
  title: string,
  methodId: string,
): Promise<{ token: string } | undefined> {
  const [kept] = await rows<{ token: string }>(
    db,
    sql`UPDATE payment_profiles SET title = ${title}, method_id = ${methodId} WHERE id = ${profileId} RETURNING token`,
  );
  return kept;
}

/** Whether the player had this profile (and now no longer has it). */
export async function deleteProfileOf(db: Executor, userId: number, profileId: number): Promise<boolean> {
  const removed = await rows<{ id: number }>(
    db,
    sql`DELETE FROM payment_profiles WHERE id = ${profileId} AND user_id = ${userId} RETURNING id`,
  );
  return removed.length > 0;
}

// --- Idempotency-Keys ---------------------------------------------------------------------------

export async function findIdempotencyKey(
  db: Executor,
  userId: number,
  key: string,
): Promise<IdempotencyKeyRow | undefined> {
  const [row] = await rows<IdempotencyKeyRow>(
    db,
    sql`SELECT action, request_hash, response_status, response_body FROM payment_idempotency_keys WHERE user_id = ${userId} AND key = ${key}`,
  );
  return row;
}

/** Claims the key for a payment; false when a concurrent request claimed it first. */
export async function claimIdempotencyKey(
  db: Executor,
  values: { userId: number; key: string; action: PaymentAction; requestHash: string; paymentId: number; now: Date },
): Promise<boolean> {
  const { userId, key, action, requestHash, paymentId, now } = values;
  const claimed = await rows<{ key: string }>(
    db,
    sql`INSERT INTO payment_idempotency_keys (user_id, key, action, request_hash, payment_id, created_at)
        VALUES (${userId}, ${key}, ${action}, ${requestHash}, ${paymentId}, ${now})
        ON CONFLICT (user_id, key) DO NOTHING RETURNING key`,
  );
  return claimed.length > 0;
}

/** Keeps the answer a retry with the key gets again. */
export async function storeIdempotentAnswer(
  db: Executor,
  userId: number,
  key: string,
  answer: { status: number; body: string },
): Promise<void> {
  await db.execute(
    sql`UPDATE payment_idempotency_keys SET response_status = ${answer.status}, response_body = ${answer.body} WHERE user_id = ${userId} AND key = ${key}`,
  );
}

// --- provider webhooks --------------------------------------------------------------------------

/** Records a provider event once; false when its id was already recorded (a redelivery). */
export async function recordWebhookOnce(
  db: Executor,
  values: { provider: string; eventId: string; providerPaymentId: string; rawBody: string; now: Date },
): Promise<boolean> {
  const { provider, eventId, providerPaymentId, rawBody, now } = values;
  const fresh = await rows<{ id: number }>(
    db,
    sql`INSERT INTO payment_webhooks (provider, event_id, provider_payment_id, payload, received_at)
        VALUES (${provider}, ${eventId}, ${providerPaymentId}, ${rawBody}::jsonb, ${now})
        ON CONFLICT (provider, event_id) DO NOTHING RETURNING id`,
  );
  return fresh.length > 0;
}

// --- crypto deposit addresses -------------------------------------------------------------------

/** Gives the player an address for the coin unless they have one (one per player and coin). */
export async function insertCryptoAddressIfMissing(
  db: Executor,
  userId: number,
  currency: string,
  address: string,
  now: Date,
): Promise<void> {
  await db.execute(
    sql`INSERT INTO crypto_addresses (user_id, currency, address, created_at) VALUES (${userId}, ${currency}, ${address}, ${now})
        ON CONFLICT (user_id, currency) DO NOTHING`,
  );
}

export async function cryptoAddressOf(
  db: Executor,
  userId: number,
  currency: string,
): Promise<{ address: string } | undefined> {
  const [row] = await rows<{ address: string }>(
    db,
    sql`SELECT address FROM crypto_addresses WHERE user_id = ${userId} AND currency = ${currency}`,
  );
  return row;
}

export async function cryptoAddressesOf(
  db: Executor,
  userId: number,
): Promise<{ currency: string; address: string }[]> {
  return rows<{ currency: string; address: string }>(
    db,
    sql`SELECT currency, address FROM crypto_addresses WHERE user_id = ${userId} ORDER BY currency`,
  );
}

export async function cryptoAddressCurrency(db: Executor, address: string): Promise<string | undefined> {
  const [owner] = await rows<{ currency: string }>(
    db,
    sql`SELECT currency FROM crypto_addresses WHERE address = ${address}`,
  );
  return owner?.currency;
}

export async function cryptoAddressOwner(
  db: Executor,
  address: string,
): Promise<{ user_id: number; currency: string } | undefined> {
  const [owner] = await rows<{ user_id: number; currency: string }>(
    db,
    sql`SELECT user_id, currency FROM crypto_addresses WHERE address = ${address}`,
  );
  return owner;
}

// --- risk payloads ------------------------------------------------------------------------------

export async function insertRiskTransaction(
  db: Executor,
  userId: number,
  type: string,
  payload: unknown,
  now: Date,
): Promise<void> {
  await db.execute(
    sql`INSERT INTO risk_transactions (user_id, type, payload, created_at) VALUES (${userId}, ${type}, ${JSON.stringify(payload)}::jsonb, ${now})`,
  );
}

// --- personal data (docs/privacy.md#what-each-module-holds) -------------------------------------

/** The player's deposits and withdrawals: masked instrument and payout details, never a provider token. */
export async function paymentsForExport(db: Executor, userId: number): Promise<unknown[]> {
  return jsonRows(
    db,
    sql`SELECT id, action, state, currency, amount_cents, provider, method_id, brand, provider_payment_id,
               account_title,
               payout_details - 'profile_token' AS payout_details,
               cancellation_reason, confirmations, confirmations_required, created_at, finished_at
          FROM payments WHERE user_id = ${userId} ORDER BY id`,
  );
}

/** Saved cards and accounts: their masked title only, never the provider's token or fingerprint. */
export async function paymentProfilesForExport(db: Executor, userId: number): Promise<unknown[]> {
  return jsonRows(
    db,
    sql`SELECT id, provider, method_id, title, created_at FROM payment_profiles WHERE user_id = ${userId} ORDER BY id`,
  );
}

export async function cryptoAddressesForExport(db: Executor, userId: number): Promise<unknown[]> {
  return jsonRows(
    db,
    sql`SELECT currency, address, created_at FROM crypto_addresses WHERE user_id = ${userId} ORDER BY id`,
  );
}

/** The risk payloads the cashbox sent about the player (device and session data it collected). */
export async function riskTransactionsForExport(db: Executor, userId: number): Promise<unknown[]> {
  return jsonRows(
    db,
    sql`SELECT type, payload, created_at FROM risk_transactions WHERE user_id = ${userId} ORDER BY id`,
  );
}

/** Whether a deposit or withdrawal of the player is still under way (an erasure waits for it). */
export async function hasPaymentUnderWay(db: Executor, userId: number): Promise<boolean> {
  const [row] = await rows<{ pending: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM payments WHERE user_id = ${userId} AND state IN ('pending', 'processing')) AS pending`,
  );
  return row?.pending === true;
}

/** Erasure: saved cards and accounts go (the account is closed; nothing will be paid with them again). */
export async function deletePaymentProfiles(db: Executor, userId: number): Promise<void> {
  await db.execute(sql`DELETE FROM payment_profiles WHERE user_id = ${userId}`);
}

/**
 * The withdrawal threshold of docs/verification.md#withdrawal-threshold: true when the player is
 * not verified and this amount with their earlier withdrawals in the currency (those not declined
 * or recalled) passes the threshold. Locks the player's row first, so two withdrawals started at
 * once are counted one after the other, and an operator's change of the mark cannot cross it.
 */
export async function withdrawalNeedsVerification(
  tx: Executor,
  userId: number,
  currency: string,
  amountCents: bigint,
  thresholdCents: bigint,
): Promise<boolean> {
  const [player] = await rows<{ verified: boolean }>(
    tx,
    sql`SELECT verified FROM users WHERE id = ${userId} FOR UPDATE`,
  );
  if (!player || player.verified) return false;
  const [earlier] = await rows<{ total: string }>(
    tx,
    sql`SELECT coalesce(sum(amount_cents), 0)::text AS total FROM payments
         WHERE user_id = ${userId} AND action = 'cashout' AND currency = ${currency}
           AND state IN ('pending', 'processing', 'succeeded')`,
  );
  return BigInt(earlier?.total ?? '0') + amountCents > thresholdCents;
}
