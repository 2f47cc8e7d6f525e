import { sql } from 'drizzle-orm';
import { jsonRows, rows, type Executor } from '../../db/sql.ts';

export type SystemAccountKind =
  | 'house'
  | 'provider_clearing'
  | 'payment_clearing'
  | 'payout_reserve'
  | 'jackpot_pool'
  // The casino's promotional budget (docs/bonuses.md#accounts): grants leave it, forfeits return to it.
  | 'bonus_funding';
export type PlayerAccountKind = 'player_cash' | 'player_bonus';

/** The two ledger accounts behind one wallet (`player_accounts` row) and the row's id. */
export interface PlayerLedger {
  playerAccountId: number;
  cashId: number;
  bonusId: number;
}

export interface Posting {
  accountId: number;
  /** Signed minor units: negative leaves the account, positive enters it. */
  amount: bigint;
}

export interface NewTransaction {
  kind: string;
  idempotencyKey: string;
  payloadHash: string;
  userId: number | null;
  currency: string;
  postings: Posting[];
  reversesId?: number | null;
  metadata?: Record<string, unknown> | null;
}

export class LedgerError extends Error {
  override name = 'LedgerError';
}

/**
 * Ledger accounts never change once created, so their ids are cached per process (bounded; a miss
 * costs one upsert). The cache is shared by every request of the process, so it holds only
 * committed rows.
 */
export class LedgerAccounts {
  private readonly cache = new Map<string, number>();
  private static readonly MAX = 50_000;

  private remember(key: string, id: number) {
    if (this.cache.size >= LedgerAccounts.MAX) this.cache.clear();
    this.cache.set(key, id);
  }

  async system(db: Executor, kind: SystemAccountKind, currency: string, ref = 'main'): Promise<number> {
    return this.resolve(db, kind, currency, ref, null);
  }

  /** The cash and bonus ledger accounts of a wallet, created on first use. */
  async player(db: Executor, playerAccountId: number, userId: number, currency: string): Promise<PlayerLedger> {
    const cashId = await this.resolve(db, 'player_cash', currency, String(userId), playerAccountId);
    const bonusId = await this.resolve(db, 'player_bonus', currency, String(userId), playerAccountId);
    return { playerAccountId, cashId, bonusId };
  }

  private async resolve(
    db: Executor,
    kind: string,
    currency: string,
    ref: string,
    playerAccountId: number | null,
  ): Promise<number> {
    const key = `${kind}|${currency}|${ref}`;
    const hit = this.cache.get(key);
    if (hit !== undefined) return hit;
    // A row created by the caller's still-open transaction must not be cached: a concurrent
    // transaction would post to an id that is not yet committed (a foreign-key violation), and a
    // rollback would leave the id pointing at nothing. `mine` marks rows whose xmin is the current
    // transaction; they are returned but remembered only once seen committed.
    const mine = sql`(xmin::text::bigint = (pg_current_xact_id_if_assigned()::text::bigint & 4294967295)) IS TRUE`;
    // Insert-or-select in one statement; a concurrent creator makes the insert a no-op.
    const found = await rows<{ id: number; mine: boolean }>(
      db,
      sql`WITH ins AS (
            INSERT INTO ledger_accounts (kind, currency, ref, player_account_id)
            VALUES (${kind}, ${currency}, ${ref}, ${playerAccountId})
            ON CONFLICT (kind, currency, ref) DO NOTHING RETURNING id)
          SELECT id, true AS mine FROM ins UNION ALL
          SELECT id, ${mine} AS mine FROM ledger_accounts WHERE kind = ${kind} AND currency = ${currency} AND ref = ${ref}
          LIMIT 1`,
    );
    // A concurrent creator's row is invisible to this statement's snapshot; a fresh statement sees it.
    const row =
      found[0] ??
      (
        await rows<{ id: number; mine: boolean }>(
          db,
          sql`SELECT id, ${mine} AS mine FROM ledger_accounts WHERE kind = ${kind} AND currency = ${currency} AND ref = ${ref}`,
        )
      )[0];
    if (row === undefined) throw new LedgerError(`ledger account ${key} could not be created`);
    if (!row.mine) this.remember(key, Number(row.id));
    return Number(row.id);
  }
}

/**
 * Appends one transaction and its postings in a single statement. Refuses postings that do not sum
 * to zero (docs/reliability.md#w2-append-only-ledger) before touching the database. Returns the transaction id, or null when
 * the idempotency key already exists (the caller decides whether that is a duplicate or a
 * conflict by comparing payload hashes).
 */
export async function appendTransaction(db: Executor, t: NewTransaction): Promise<number | null> {
  const postings = t.postings.filter((p) => p.amount !== 0n);
  if (postings.length < 2) throw new LedgerError('a transaction needs at least two non-zero postings');
  const sum = postings.reduce((acc, p) => acc + p.amount, 0n);
  if (sum !== 0n) throw new LedgerError(`postings of ${t.idempotencyKey} sum to ${sum}, not 0`);
  const values = sql.join(
    postings.map((p) => sql`(${p.accountId}::int, ${p.amount.toString()}::bigint)`),
    sql`, `,
  );
  const inserted = await rows<{ id: string }>(
    db,
    sql`WITH t AS (
          INSERT INTO ledger_transactions (kind, idempotency_key, payload_hash, user_id, currency, reverses_id, metadata)
          VALUES (${t.kind}, ${t.idempotencyKey}, ${t.payloadHash}, ${t.userId}, ${t.currency}, ${t.reversesId ?? null},
                  ${t.metadata ? JSON.stringify(t.metadata) : null}::jsonb)
          ON CONFLICT (idempotency_key) DO NOTHING RETURNING id),
        p AS (INSERT INTO ledger_postings (transaction_id, account_id, amount)
              SELECT t.id, v.account_id, v.amount FROM t, (VALUES ${values}) AS v(account_id, amount) RETURNING 1)
        SELECT t.id::text AS id, (SELECT count(*) FROM p) AS n FROM t`,
  );
  const id = inserted[0]?.id;
  return id === undefined ? null : Number(id);
}

/** The transaction already recorded under an idempotency key, with the hash of what it was for. */
export async function findTransactionByKey(
  db: Executor,
  idempotencyKey: string,
): Promise<{ id: string; payload_hash: string } | undefined> {
  const [row] = await rows<{ id: string; payload_hash: string }>(
    db,
    sql`SELECT id::text AS id, payload_hash FROM ledger_transactions WHERE idempotency_key = ${idempotencyKey}`,
  );
  return row;
}

/**
 * The player's ledger entries for their export (docs/privacy.md#what-each-module-holds): each
 * transaction that moved their cash or bonus money, with what it moved there.
 */
export async function playerLedgerEntries(db: Executor, userId: number): Promise<unknown[]> {
  return jsonRows(
    db,
    sql`SELECT t.id, t.kind, t.currency, t.reverses_id, t.metadata, t.created_at,
               sum(p.amount) FILTER (WHERE a.kind = 'player_cash') AS cash_change,
               sum(p.amount) FILTER (WHERE a.kind = 'player_bonus') AS bonus_change
          FROM ledger_transactions t
          JOIN ledger_postings p ON p.transaction_id = t.id
          JOIN ledger_accounts a ON a.id = p.account_id
         WHERE a.kind IN ('player_cash', 'player_bonus') AND a.ref = ${String(userId)}
         GROUP BY t.id ORDER BY t.id`,
  );
}
