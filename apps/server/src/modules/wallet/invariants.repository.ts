import { sql, type SQL } from 'drizzle-orm';
import { rows, type Executor } from '../../db/sql.ts';

/**
 * The ledger invariants (docs/reliability.md#ledger-invariants) as SQL. Each query returns the rows that BREAK the invariant, so an
 * empty result means it holds. Tests run them after every money-moving integration test; an
 * operator can run them on a live database (read-only).
 */
const CHECKS = {
  /** 1. Every transaction's postings sum to zero. */
  unbalancedTransactions: sql`SELECT t.id::text AS id, COALESCE(sum(p.amount), 0)::text AS sum
    FROM ledger_transactions t LEFT JOIN ledger_postings p ON p.transaction_id = t.id
    GROUP BY t.id HAVING COALESCE(sum(p.amount), 0) <> 0 OR count(p.id) < 2`,
  /** 2. Each cached wallet equals the sum of its ledger accounts (cash and total). */
  driftedWallets: sql`SELECT pa.id, pa.amount_cents::text AS cached_total, pa.available_to_cashout_cents::text AS cached_cash,
      COALESCE(l.total, 0)::text AS ledger_total, COALESCE(l.cash, 0)::text AS ledger_cash
    FROM player_accounts pa
    LEFT JOIN (SELECT a.player_account_id, sum(p.amount) AS total, sum(p.amount) FILTER (WHERE a.kind = 'player_cash') AS cash
               FROM ledger_accounts a JOIN ledger_postings p ON p.account_id = a.id
               WHERE a.kind IN ('player_cash', 'player_bonus') GROUP BY a.player_account_id) l ON l.player_account_id = pa.id
    WHERE pa.amount_cents <> COALESCE(l.total, 0) OR pa.available_to_cashout_cents <> COALESCE(l.cash, 0)`,
  /** 3. No player balance below zero, and the CHECK constraints that guarantee it exist and are validated. */
  negativeWallets: sql`SELECT id FROM player_accounts WHERE amount_cents < 0 OR available_to_cashout_cents < 0 OR available_to_cashout_cents > amount_cents
    UNION ALL SELECT -1 WHERE (SELECT count(*) FROM pg_constraint WHERE conname IN
      ('player_accounts_amount_nonneg', 'player_accounts_cashout_nonneg', 'player_accounts_cashout_le_amount') AND convalidated) <> 3`,
  /** 4. Per currency, all ledger accounts together sum to zero (closed system). */
  openCurrencies: sql`SELECT a.currency, sum(p.amount)::text AS sum FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
    GROUP BY a.currency HAVING sum(p.amount) <> 0`,
  /** 4b. A posting's account is in the transaction's currency. */
  mixedCurrencies: sql`SELECT t.id::text AS id FROM ledger_transactions t JOIN ledger_postings p ON p.transaction_id = t.id
    JOIN ledger_accounts a ON a.id = p.account_id WHERE a.currency <> t.currency`,
  /** 5. Each provider transaction has exactly one ledger transaction when it moved money; tombstones have none. */
  walletRequestMismatch: sql`SELECT r.provider, r.tx_id FROM wallet_requests r
    LEFT JOIN ledger_transactions t ON t.idempotency_key = 'wallet:' || r.provider || ':' || r.tx_id
    WHERE (r.ledger_transaction_id IS NOT NULL AND (t.id IS NULL OR t.id <> r.ledger_transaction_id))
       OR (r.ledger_transaction_id IS NULL AND t.id IS NOT NULL)
       OR (r.status = 'tombstone' AND r.ledger_transaction_id IS NOT NULL)`,
  /** 7. Every win that moved money belongs to a round with a bet. */
  winsWithoutBet: sql`SELECT w.provider, w.tx_id FROM wallet_requests w WHERE w.action = 'win' AND w.ledger_transaction_id IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM wallet_requests b WHERE b.provider = w.provider AND b.round_id = w.round_id AND b.action = 'bet'
                    AND b.user_id = w.user_id AND b.ledger_transaction_id IS NOT NULL)`,
} as const;

export type InvariantName = keyof typeof CHECKS | string;

/**
 * Violations by invariant; `{}` when the ledger is sound. `extra` are the checks other modules
 * declare in their `defineModule` (e.g. the games host's seed nonces, invariant 6).
 */
export async function ledgerViolations(
  db: Executor,
  extra: Iterable<[string, SQL]> = [],
): Promise<Record<InvariantName, unknown[]>> {
  const found: Record<string, unknown[]> = {};
  for (const [name, query] of [...Object.entries(CHECKS), ...extra]) {
    const broken = await rows<unknown>(db, query);
    if (broken.length > 0) found[name] = broken;
  }
  return found;
}
