import { eq, sql } from 'drizzle-orm';
import { rows, type Executor } from '../../db/sql.ts';
import { users } from '../../db/schema/index.ts';
import type { DbOrTx } from '../player/index.ts';

// --- bet checks (docs/bet-checks.md) -------------------------------------------------------------

/** What `wallet_bet_checks` answers: null when every module lets the bet through. */
export interface BetCheckRefusalRow {
  code?: unknown;
  message?: unknown;
}

/** Runs the modules' bet checks for a stake of 0, outside any bet. */
export async function betChecksRefusal(
  db: Executor,
  check: { userId: number; currency: string; game: string; now: Date },
): Promise<BetCheckRefusalRow | null> {
  const [row] = await rows<{ refusal: BetCheckRefusalRow | null }>(
    db,
    // Asked for the smallest bet, one minor unit: a launch is refused when not even that would be
    // taken (a break, or a loss or wager limit used up), not merely when the limit is exceeded.
    sql`SELECT wallet_bet_checks(${check.userId}::int, ${check.currency}, 1::bigint, ${check.game}, ${check.now}::timestamptz) AS refusal`,
  );
  return row?.refusal ?? null;
}

// --- the seamless-wallet protocol (docs/wallet-protocol.md) ---------------------------------------

/** A provider's game session with its player's `disabled_at`. */
export interface ProviderSessionRow {
  user_id: number;
  currency: string;
  expires_at: Date | string;
  disabled_at: Date | string | null;
}

export async function findProviderSession(
  db: Executor,
  provider: string,
  tokenHash: string,
): Promise<ProviderSessionRow | undefined> {
  const [row] = await rows<ProviderSessionRow>(
    db,
    sql`SELECT gs.user_id, gs.currency, gs.expires_at, u.disabled_at FROM game_sessions gs JOIN users u ON u.id = gs.user_id
        WHERE gs.token_hash = ${tokenHash} AND gs.provider = ${provider}`,
  );
  return row;
}

/** The stored answer to a provider transaction id (also a tombstone). */
export interface StoredReplyRow {
  status: string;
  payload_hash: string | null;
  response_status: number;
  response_body: string;
}

export async function findStoredReply(
  db: Executor,
  provider: string,
  txId: string,
): Promise<StoredReplyRow | undefined> {
  const [row] = await rows<StoredReplyRow>(
    db,
    sql`SELECT status, payload_hash, response_status, response_body FROM wallet_requests WHERE provider = ${provider} AND tx_id = ${txId}`,
  );
  return row;
}

export interface NewWalletRequest {
  provider: string;
  txId: string;
  action: string;
  status: string;
  roundId: string;
  userId: number;
  currency: string;
  amount: bigint;
  referenceTxId: string | null;
  payloadHash: string;
  responseStatus: number;
  responseBody: string;
  ledgerTransactionId: number | null;
  cashAmount: bigint | null;
  createdAt: Date;
  game: string;
}

/** False when the provider's transaction id is already taken: nothing was inserted. */
export async function insertWalletRequest(tx: Executor, r: NewWalletRequest): Promise<boolean> {
  const inserted = await rows<{ tx_id: string }>(
    tx,
    sql`INSERT INTO wallet_requests (provider, tx_id, action, status, round_id, user_id, currency, amount, reference_tx_id, payload_hash,
                                     response_status, response_body, ledger_transaction_id, cash_amount, created_at, game)
        VALUES (${r.provider}, ${r.txId}, ${r.action}, ${r.status}, ${r.roundId}, ${r.userId}, ${r.currency}, ${r.amount.toString()}::bigint,
                ${r.referenceTxId}, ${r.payloadHash}, ${r.responseStatus}, ${r.responseBody}, ${r.ledgerTransactionId},
                ${r.cashAmount === null ? null : r.cashAmount.toString()}::bigint, ${r.createdAt}, ${r.game})
        ON CONFLICT (provider, tx_id) DO NOTHING RETURNING tx_id`,
  );
  return inserted.length > 0;
}

/** The OUT columns of wallet_bet (migration 0004) and wallet_win (migration 0011, with o_http). */
export interface WalletFunctionOut {
  o_http?: number | null;
  o_body: string;
  o_ok: boolean;
  o_ledger: string | null;
  o_account: number | null;
  o_balance: string | null;
  o_cash: string | null;
  o_version: string | null;
  o_active: boolean | null;
  o_created: Date | string | null;
}

export async function callWalletBet(
  db: Executor,
  bet: {
    provider: string;
    txId: string;
    userId: number;
    currency: string;
    roundId: string;
    game: string;
    amount: bigint;
    payloadHash: string;
    sessionTokenHash: string;
    now: Date;
    clearingAccountId: number;
  },
): Promise<WalletFunctionOut | undefined> {
  const [out] = await rows<WalletFunctionOut>(
    db,
    sql`SELECT * FROM wallet_bet(${bet.provider}, ${bet.txId}, ${bet.userId}::int, ${bet.currency}, ${bet.roundId}, ${bet.game},
          ${bet.amount.toString()}::bigint, ${bet.payloadHash}, ${bet.sessionTokenHash}, ${bet.now}::timestamptz, ${bet.clearingAccountId}::int)`,
  );
  return out;
}

export async function callWalletWin(
  db: Executor,
  win: {
    provider: string;
    txId: string;
    userId: number;
    currency: string;
    roundId: string;
    game: string;
    amount: bigint;
    payloadHash: string;
    now: Date;
    roundClosed: boolean;
    clearingAccountId: number;
    ceiling: bigint;
  },
): Promise<WalletFunctionOut | undefined> {
  const [out] = await rows<WalletFunctionOut>(
    db,
    sql`SELECT * FROM wallet_win(${win.provider}, ${win.txId}, ${win.userId}::int, ${win.currency}, ${win.roundId}, ${win.game},
          ${win.amount.toString()}::bigint, ${win.payloadHash}, ${win.now}::timestamptz, ${win.roundClosed}, ${win.clearingAccountId}::int,
          ${win.ceiling.toString()}::bigint)`,
  );
  return out;
}

/** The request a rollback refers to. */
export interface ReferencedRequestRow {
  action: string;
  status: string;
  user_id: number;
  currency: string;
  round_id: string;
  amount: string;
  cash_amount: string | null;
  ledger_transaction_id: string | null;
}

/** Locked until the rollback commits: two rollbacks of one bet cannot both refund it. */
export async function lockReferencedRequest(
  tx: Executor,
  provider: string,
  txId: string,
): Promise<ReferencedRequestRow | undefined> {
  const [row] = await rows<ReferencedRequestRow>(
    tx,
    sql`SELECT action, status, user_id, currency, round_id, amount::text, cash_amount::text, ledger_transaction_id::text
        FROM wallet_requests WHERE provider = ${provider} AND tx_id = ${txId} FOR UPDATE`,
  );
  return row;
}

export async function roundHasWin(tx: Executor, provider: string, roundId: string, userId: number): Promise<boolean> {
  const won = await rows<{ one: number }>(
    tx,
    sql`SELECT 1 AS one FROM wallet_requests WHERE provider = ${provider} AND round_id = ${roundId} AND user_id = ${userId}
        AND action = 'win' AND status IN ('ok', 'closed') LIMIT 1`,
  );
  return won.length > 0;
}

export async function markRolledBack(tx: Executor, provider: string, txId: string): Promise<void> {
  await tx.execute(
    sql`UPDATE wallet_requests SET status = 'rolled_back' WHERE provider = ${provider} AND tx_id = ${txId}`,
  );
}

// --- operator calls --------------------------------------------------------------------------------

export async function findPlayerIdById(db: DbOrTx, userId: number): Promise<{ id: number } | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return row;
}

/** E-mails are stored lower-cased; the unique index is on `lower(email)`, which this lookup uses. */
export async function findPlayerIdByEmail(db: DbOrTx, email: string): Promise<{ id: number } | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

// What a round holds, as the protocol's `round` action reads it (docs/wallet-protocol.md): a bet
// the wallet took and still holds (not refused, not rolled back), a win it paid, and the closing
// win that settles the round. Shared by the `round` answer and the erasure's open-round check, so
// the two never disagree on what "closed" means.
const HELD_BET = sql`action = 'bet' AND status = 'ok'`;
const PAID_WIN = sql`action = 'win' AND status IN ('ok', 'closed')`;
const CLOSING_WIN = sql`action = 'win' AND status = 'closed'`;

/**
 * Whether any provider's round of the player is open: it holds an accepted bet and no closing win
 * settled it, so a win (or a rollback) may still move money onto the account. A round whose bets
 * were all rolled back holds nothing and takes no win (`BET_NOT_FOUND`), so it is not open.
 */
export async function hasOpenProviderRound(db: Executor, userId: number): Promise<boolean> {
  const [row] = await rows<{ open: boolean }>(
    db,
    sql`SELECT EXISTS (
          SELECT 1 FROM wallet_requests b
           WHERE b.user_id = ${userId} AND ${HELD_BET}
             AND NOT EXISTS (SELECT 1 FROM wallet_requests
                              WHERE provider = b.provider AND round_id = b.round_id AND user_id = b.user_id
                                AND ${CLOSING_WIN})
        ) AS open`,
  );
  return row?.open === true;
}

export interface RoundRequestRow {
  action: 'bet' | 'win';
  tx_id: string;
  amount: string;
  status: string;
}

/** A round's accepted bets and paid wins, of one provider and player (the protocol's `round`). */
export async function roundRequests(
  db: Executor,
  provider: string,
  userId: number,
  roundId: string,
): Promise<RoundRequestRow[]> {
  return rows<RoundRequestRow>(
    db,
    sql`SELECT action, tx_id, amount::text AS amount, status FROM wallet_requests
        WHERE provider = ${provider} AND round_id = ${roundId} AND user_id = ${userId}
          AND ((${HELD_BET}) OR (${PAID_WIN}))
        ORDER BY tx_id`,
  );
}

/** Where a refund's bonus part goes (`wallet_bonus_route`, docs/bonuses.md#movements). */
export interface BonusRoute {
  toBonus: bigint;
  toCash: bigint;
  toFunding: bigint;
}

/**
 * The modules' route for the bonus-money part of one bet's refund. With `apply`, the route also
 * records what it paid out of a converted bonus's cap: call it so only once the credit went through.
 * The caller holds the wallet row locked.
 */
export async function routeBonusPart(
  db: Executor,
  r: {
    userId: number;
    currency: string;
    provider: string;
    roundId: string;
    betTxId: string;
    part: bigint;
    apply: boolean;
  },
): Promise<BonusRoute> {
  const [out] = await rows<{ o_bonus: string; o_cash: string; o_funding: string }>(
    db,
    sql`SELECT * FROM wallet_bonus_route(${r.userId}::int, ${r.currency}, ${r.provider}, ${r.roundId}, ${r.betTxId},
          ${r.part.toString()}::bigint, ${r.apply})`,
  );
  if (!out) throw new Error('wallet_bonus_route returned no row');
  return { toBonus: BigInt(out.o_bonus), toCash: BigInt(out.o_cash), toFunding: BigInt(out.o_funding) };
}

/** The modules' effects of a refunded bet (`wallet_rollback_effects`): a bonus's counter, corrected. */
export async function runRollbackEffects(
  db: Executor,
  r: { userId: number; currency: string; provider: string; betTxId: string; now: Date },
): Promise<void> {
  await db.execute(
    sql`SELECT wallet_rollback_effects(${r.userId}::int, ${r.currency}, ${r.provider}, ${r.betTxId}, ${r.now}::timestamptz)`,
  );
}
