/**
 * The simulated chain's own books (`sandbox_chain_txs`), kept apart from the casino's payments as a
 * real chain would be. The players' deposit addresses are the casino's (payments.repository.ts).
 */
import { sql } from 'drizzle-orm';
import { rows, type Executor } from '../../db/sql.ts';

export interface ChainTxRow {
  currency: string;
  address: string;
  amount_cents: string;
  confirmations: number;
}

/** A transaction sent to an address, waiting in the mempool with no confirmation yet. */
export async function insertMempoolTx(
  db: Executor,
  values: { id: string; currency: string; address: string; amountCents: bigint; now: Date },
): Promise<void> {
  const { id, currency, address, amountCents, now } = values;
  await db.execute(
    sql`INSERT INTO sandbox_chain_txs (id, currency, address, amount_cents, confirmations, status, created_at)
        VALUES (${id}, ${currency}, ${address}, ${amountCents.toString()}::bigint, 0, 'mempool', ${now})`,
  );
}

/** A mined block: every transaction in the mempool gains one confirmation. */
export async function confirmMempoolOnce(db: Executor): Promise<{ id: string; confirmations: number }[]> {
  return rows<{ id: string; confirmations: number }>(
    db,
    sql`UPDATE sandbox_chain_txs SET confirmations = confirmations + 1 WHERE status = 'mempool' RETURNING id, confirmations`,
  );
}

/** Settles a transaction that reached its confirmations; false when it already left the mempool. */
export async function confirmChainTx(db: Executor, id: string): Promise<boolean> {
  const done = await rows<{ id: string }>(
    db,
    sql`UPDATE sandbox_chain_txs SET status = 'confirmed' WHERE id = ${id} AND status = 'mempool' RETURNING id`,
  );
  return done.length > 0;
}

/** A reorganisation drops a transaction still in the mempool; false when it already left it. */
export async function dropChainTx(db: Executor, id: string): Promise<boolean> {
  const dropped = await rows<{ id: string }>(
    db,
    sql`UPDATE sandbox_chain_txs SET status = 'dropped' WHERE id = ${id} AND status = 'mempool' RETURNING id`,
  );
  return dropped.length > 0;
}

export async function chainTxConfirmations(db: Executor, id: string): Promise<number | undefined> {
  const [row] = await rows<{ confirmations: number }>(
    db,
    sql`SELECT confirmations FROM sandbox_chain_txs WHERE id = ${id}`,
  );
  return row?.confirmations;
}

export async function findChainTx(db: Executor, id: string): Promise<ChainTxRow | undefined> {
  const [tx] = await rows<ChainTxRow>(
    db,
    sql`SELECT currency, address, amount_cents::text, confirmations FROM sandbox_chain_txs WHERE id = ${id}`,
  );
  return tx;
}
