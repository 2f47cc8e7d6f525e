import { sql } from 'drizzle-orm';
import { conversion } from '@croupier/shared/bonus-terms';
import { rows, type Executor } from '../../db/sql.ts';

/** A wallet's cached balance as read back from `player_accounts` (minor units). */
export interface WalletBalance {
  playerAccountId: number;
  userId: number;
  currency: string;
  active: boolean;
  /** Total: cash + bonus. */
  amount: bigint;
  /** The cash part (available to cash out). */
  cash: bigint;
  version: number;
  createdAt: Date;
}

interface BalanceRow {
  id: number;
  user_id: number;
  currency: string;
  active: boolean;
  amount: string;
  cash: string;
  version: string;
  created_at: Date | string;
  cash_part?: string;
}

const toBalance = (r: BalanceRow): WalletBalance => ({
  playerAccountId: Number(r.id),
  userId: Number(r.user_id),
  currency: r.currency,
  active: r.active,
  amount: BigInt(r.amount),
  cash: BigInt(r.cash),
  version: Number(r.version),
  createdAt: new Date(r.created_at),
});

const RETURNING = sql`p.id, p.user_id, p.currency, p.active, p.amount_cents::text AS amount,
  p.available_to_cashout_cents::text AS cash, p.version::text AS version, p.created_at`;

export async function readBalance(db: Executor, userId: number, currency: string): Promise<WalletBalance | null> {
  const [row] = await rows<BalanceRow>(
    db,
    sql`SELECT ${RETURNING} FROM player_accounts p WHERE p.user_id = ${userId} AND p.currency = ${currency}`,
  );
  return row ? toBalance(row) : null;
}

export type DebitResult =
  | { ok: true; balance: WalletBalance; cashPart: bigint; bonusPart: bigint }
  | { ok: false; reason: 'no_account' | 'insufficient_funds'; balance: WalletBalance | null };

/**
 * Takes `amount` from a wallet in ONE guarded statement (docs/reliability.md#w4-one-guarded-statement): the WHERE clause is
 * re-checked on the latest row version after any concurrent update, so concurrent debits can never
 * overdraw (and the CHECK constraints back this up). Cash is spent before bonus money.
 */
export async function debitWallet(
  db: Executor,
  userId: number,
  currency: string,
  amount: bigint,
): Promise<DebitResult> {
  const [row] = await rows<BalanceRow>(
    db,
    sql`UPDATE player_accounts p SET
          last_debit_cash_cents = LEAST(p.available_to_cashout_cents, ${amount.toString()}::bigint),
          available_to_cashout_cents = p.available_to_cashout_cents - LEAST(p.available_to_cashout_cents, ${amount.toString()}::bigint),
          amount_cents = p.amount_cents - ${amount.toString()}::bigint,
          version = p.version + 1
        WHERE p.user_id = ${userId} AND p.currency = ${currency} AND p.amount_cents >= ${amount.toString()}::bigint
        RETURNING ${RETURNING}, p.last_debit_cash_cents::text AS cash_part`,
  );
  if (row) {
    const cashPart = BigInt(row.cash_part ?? '0');
    return { ok: true, balance: toBalance(row), cashPart, bonusPart: amount - cashPart };
  }
  const balance = await readBalance(db, userId, currency);
  return { ok: false, reason: balance ? 'insufficient_funds' : 'no_account', balance };
}

/**
 * Takes `amount` from the cash part only (withdrawals: bonus money cannot be cashed out), in one
 * guarded statement like `debitWallet`.
 */
export async function debitCash(db: Executor, userId: number, currency: string, amount: bigint): Promise<DebitResult> {
  const [row] = await rows<BalanceRow>(
    db,
    sql`UPDATE player_accounts p SET
          available_to_cashout_cents = p.available_to_cashout_cents - ${amount.toString()}::bigint,
          amount_cents = p.amount_cents - ${amount.toString()}::bigint,
          version = p.version + 1
        WHERE p.user_id = ${userId} AND p.currency = ${currency} AND p.available_to_cashout_cents >= ${amount.toString()}::bigint
        RETURNING ${RETURNING}`,
  );
  if (row) return { ok: true, balance: toBalance(row), cashPart: amount, bonusPart: 0n };
  const balance = await readBalance(db, userId, currency);
  return { ok: false, reason: balance ? 'insufficient_funds' : 'no_account', balance };
}

export type CreditResult =
  | { ok: true; balance: WalletBalance }
  | { ok: false; reason: 'no_account' | 'balance_limit'; balance: WalletBalance | null };

/**
 * Adds cash and bonus money to a wallet in one guarded statement: refused, and nothing changes, when
 * the player has no wallet in that currency or the balance would pass `ceiling` (re-checked on the
 * latest row version, so concurrent credits cannot together pass it).
 */
export async function creditWallet(
  db: Executor,
  userId: number,
  currency: string,
  cash: bigint,
  bonus: bigint,
  ceiling: bigint,
): Promise<CreditResult> {
  const total = cash + bonus;
  const [row] = await rows<BalanceRow>(
    db,
    sql`UPDATE player_accounts p SET
          amount_cents = p.amount_cents + ${total.toString()}::bigint,
          available_to_cashout_cents = p.available_to_cashout_cents + ${cash.toString()}::bigint,
          version = p.version + 1
        WHERE p.user_id = ${userId} AND p.currency = ${currency} AND p.amount_cents <= ${(ceiling - total).toString()}::bigint
        RETURNING ${RETURNING}`,
  );
  if (row) return { ok: true, balance: toBalance(row) };
  const balance = await readBalance(db, userId, currency);
  return { ok: false, reason: balance ? 'balance_limit' : 'no_account', balance };
}

/**
 * Whether the player still holds money in any wallet (an erasure is refused then:
 * docs/privacy.md#erasure). Locks the wallets, so no bet or credit lands between this check and
 * the erasure's commit.
 */
export async function holdsMoney(db: Executor, userId: number): Promise<boolean> {
  const found = await rows<{ amount_cents: string }>(
    db,
    sql`SELECT amount_cents::text AS amount_cents FROM player_accounts WHERE user_id = ${userId} ORDER BY id FOR UPDATE`,
  );
  return found.some((row) => BigInt(row.amount_cents) > 0n);
}

/**
 * Locks a wallet row for the rest of the transaction (bonus requests lock the wallet first, then
 * their bonus rows: the order `wallet_bet` uses) and reads it; null without a wallet.
 */
export async function lockWallet(db: Executor, userId: number, currency: string): Promise<WalletBalance | null> {
  const [row] = await rows<BalanceRow>(
    db,
    sql`SELECT ${RETURNING} FROM player_accounts p WHERE p.user_id = ${userId} AND p.currency = ${currency} FOR UPDATE`,
  );
  return row ? toBalance(row) : null;
}

/**
 * Ends a wallet's bonus money (docs/bonuses.md#movements): of the bonus balance `b` (read with the
 * row locked), `toCash = min(b, cap)` becomes cash and the rest leaves the wallet; `cap` null keeps
 * all of it. The cash already there is never touched. `cap` 0 is a forfeit.
 */
export async function settleBonusBalance(
  db: Executor,
  userId: number,
  currency: string,
  cap: bigint | null,
): Promise<{ balance: WalletBalance; bonus: bigint; toCash: bigint } | null> {
  const locked = await lockWallet(db, userId, currency);
  if (!locked) return null;
  const bonus = locked.amount - locked.cash;
  const { toCash } = conversion(bonus, cap);
  const [row] = await rows<BalanceRow>(
    db,
    sql`UPDATE player_accounts p SET
          available_to_cashout_cents = p.available_to_cashout_cents + ${toCash.toString()}::bigint,
          amount_cents = p.amount_cents - ${(bonus - toCash).toString()}::bigint,
          version = p.version + 1
        WHERE p.id = ${locked.playerAccountId}
          AND p.amount_cents - p.available_to_cashout_cents = ${bonus.toString()}::bigint
        RETURNING ${RETURNING}`,
  );
  if (!row) throw new Error(`wallet ${locked.playerAccountId} changed under its lock`);
  return { balance: toBalance(row), bonus, toCash };
}
