import { sql } from 'drizzle-orm';
import { jsonRows, rows, type Executor } from '../../db/sql.ts';

export interface LevelRow {
  id: number;
  jackpot_id: number;
  identifier: string;
  index: number;
  name: string;
  contribution_bp: number;
  seed_amount: string;
  max_amount: string;
  amount: string;
  drop_at: string;
  cycle: number;
}

export interface JackpotRow {
  id: number;
  identifier: string;
  name: string;
  currency: string;
  state: string;
}

export interface JackpotWinRow {
  amount: string;
  currency: string;
  created_at: Date | string;
  jname: string;
  lname: string;
  lident: string;
  jident: string;
  nickname: string | null;
  user_id: number;
}

/** The new jackpot's id; undefined when one with this identifier already exists. */
export async function insertJackpot(
  tx: Executor,
  jackpot: { identifier: string; name: string; currency: string },
): Promise<{ id: number } | undefined> {
  const [row] = await rows<{ id: number }>(
    tx,
    sql`INSERT INTO jackpots (identifier, name, currency) VALUES (${jackpot.identifier}, ${jackpot.name}, ${jackpot.currency})
        ON CONFLICT (identifier) DO NOTHING RETURNING id`,
  );
  return row;
}

export async function insertLevel(
  tx: Executor,
  level: {
    jackpotId: number;
    identifier: string;
    index: number;
    name: string;
    contributionBp: number;
    seedAmount: bigint;
    maxAmount: bigint;
    dropAt: bigint;
  },
): Promise<{ id: number }> {
  const [row] = await rows<{ id: number }>(
    tx,
    sql`INSERT INTO jackpot_levels (jackpot_id, identifier, index, name, contribution_bp, seed_amount, max_amount, amount, drop_at)
        VALUES (${level.jackpotId}, ${level.identifier}, ${level.index}, ${level.name}, ${level.contributionBp}, ${level.seedAmount.toString()}::bigint, ${level.maxAmount.toString()}::bigint,
                ${level.seedAmount.toString()}::bigint, ${level.dropAt.toString()}::bigint) RETURNING id`,
  );
  return row!;
}

export async function findActiveJackpot(tx: Executor, currency: string): Promise<JackpotRow | undefined> {
  const [row] = await rows<JackpotRow>(
    tx,
    sql`SELECT * FROM jackpots WHERE currency = ${currency} AND state = 'active' LIMIT 1`,
  );
  return row;
}

/** Locked until the caller's transaction ends: contributions to one jackpot apply one at a time. */
export async function lockLevels(tx: Executor, jackpotId: number): Promise<LevelRow[]> {
  return rows<LevelRow>(
    tx,
    sql`SELECT * FROM jackpot_levels WHERE jackpot_id = ${jackpotId} ORDER BY index FOR UPDATE`,
  );
}

/** Whether the ledger already holds a transaction under this key (a replayed contribution). */
export async function ledgerHasKey(tx: Executor, idempotencyKey: string): Promise<boolean> {
  const exists = await rows<{ one: number }>(
    tx,
    sql`SELECT 1 AS one FROM ledger_transactions WHERE idempotency_key = ${idempotencyKey}`,
  );
  return exists.length > 0;
}

export async function addToLevel(tx: Executor, levelId: number, part: bigint): Promise<LevelRow> {
  const [after] = await rows<LevelRow>(
    tx,
    sql`UPDATE jackpot_levels SET amount = amount + ${part.toString()}::bigint WHERE id = ${levelId} RETURNING *`,
  );
  return after!;
}

export async function insertWin(
  tx: Executor,
  win: {
    jackpotId: number;
    levelId: number;
    userId: number;
    amount: bigint;
    currency: string;
    ledgerTransactionId: number;
    now: Date;
  },
): Promise<void> {
  await tx.execute(
    sql`INSERT INTO jackpot_wins (jackpot_id, level_id, user_id, amount, currency, ledger_transaction_id, created_at)
        VALUES (${win.jackpotId}, ${win.levelId}, ${win.userId}, ${win.amount.toString()}::bigint, ${win.currency}, ${win.ledgerTransactionId}, ${win.now})`,
  );
}

/** Starts the level's next cycle at its seed, with a fresh secret threshold. */
export async function reseedLevel(
  tx: Executor,
  level: { id: number; seedAmount: bigint; cycle: number; dropAt: bigint },
): Promise<void> {
  await tx.execute(
    sql`UPDATE jackpot_levels SET amount = ${level.seedAmount.toString()}::bigint, cycle = ${level.cycle},
          drop_at = ${level.dropAt.toString()}::bigint WHERE id = ${level.id}`,
  );
}

export async function activeJackpots(db: Executor, currency?: string): Promise<JackpotRow[]> {
  return rows<JackpotRow>(
    db,
    sql`SELECT * FROM jackpots WHERE state = 'active' ${currency ? sql`AND currency = ${currency}` : sql``} ORDER BY id`,
  );
}

export async function allLevels(db: Executor): Promise<LevelRow[]> {
  return rows<LevelRow>(db, sql`SELECT * FROM jackpot_levels ORDER BY jackpot_id, index`);
}

export async function findJackpot(db: Executor, id: number): Promise<JackpotRow | undefined> {
  const [row] = await rows<JackpotRow>(db, sql`SELECT * FROM jackpots WHERE id = ${id}`);
  return row;
}

export async function levelsOf(db: Executor, jackpotId: number): Promise<LevelRow[]> {
  return rows<LevelRow>(db, sql`SELECT * FROM jackpot_levels WHERE jackpot_id = ${jackpotId} ORDER BY index`);
}

/** The sum of the active jackpots' levels per currency (minor units, as text). */
export async function activeTotalsByCurrency(db: Executor): Promise<{ currency: string; total: string }[]> {
  return rows<{ currency: string; total: string }>(
    db,
    sql`SELECT j.currency, sum(l.amount)::text AS total FROM jackpots j JOIN jackpot_levels l ON l.jackpot_id = j.id WHERE j.state = 'active' GROUP BY j.currency`,
  );
}

export async function recentWins(db: Executor): Promise<JackpotWinRow[]> {
  return rows<JackpotWinRow>(
    db,
    sql`SELECT w.amount::text, w.currency, w.created_at, j.name AS jname, l.name AS lname, l.identifier AS lident, j.identifier AS jident, u.nickname, w.user_id
        FROM jackpot_wins w JOIN jackpots j ON j.id = w.jackpot_id JOIN jackpot_levels l ON l.id = w.level_id JOIN users u ON u.id = w.user_id
        ORDER BY w.id DESC LIMIT 20`,
  );
}

// --- personal data (docs/privacy.md#what-each-module-holds) -------------------------------------

/** The player's jackpot wins: which jackpot and level, how much, when. */
export async function jackpotWinsForExport(db: Executor, userId: number): Promise<unknown[]> {
  return jsonRows(
    db,
    sql`SELECT w.id, j.name AS jackpot, l.name AS level, w.amount AS amount_cents, w.currency, w.created_at
          FROM jackpot_wins w JOIN jackpots j ON j.id = w.jackpot_id JOIN jackpot_levels l ON l.id = w.level_id
         WHERE w.user_id = ${userId} ORDER BY w.id`,
  );
}
