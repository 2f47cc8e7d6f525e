import { sql } from 'drizzle-orm';
import { jsonRows, rows, type Executor } from '../../db/sql.ts';

/** A limit row with what its windows have used (`limits_used`, the figure the bet check reads). */
export interface LimitRow {
  id: number;
  user_id: number;
  type: string;
  period: string;
  anchor_at: Date;
  ends_at: Date | null;
  /** A session limit's minutes in force, and a parked raise of them. */
  minutes: number | null;
  pending_minutes: number | null;
  pending_change: 'raise' | 'remove' | null;
  requested_at: Date | null;
  confirmable_at: Date | null;
  confirm_until: Date | null;
  created_at: Date;
}

const TIMES = ['anchor_at', 'ends_at', 'requested_at', 'confirmable_at', 'confirm_until', 'created_at'] as const;

/** Raw queries answer timestamps as text on one driver and as Date on the other: always Date here. */
function toLimit(row: LimitRow): LimitRow {
  const out = { ...row, id: Number(row.id), user_id: Number(row.user_id) };
  for (const key of TIMES) {
    const value = row[key] as Date | string | null;
    (out as Record<string, unknown>)[key] = value === null ? null : new Date(value);
  }
  return out;
}

export interface LimitAccountRow {
  limit_id: number;
  currency: string;
  amount_cents: string;
  pending_amount_cents: string | null;
  used_cents: string;
  /** When the current window ends and the used figure starts again (null: never). */
  window_end: Date | string | null;
}

/** The player's limits, breaks that already ended left out. */
export async function limitsOf(db: Executor, userId: number, now: Date): Promise<LimitRow[]> {
  const found = await rows<LimitRow>(
    db,
    sql`SELECT id, user_id, type, period, anchor_at, ends_at, minutes, pending_minutes, pending_change, requested_at,
               confirmable_at, confirm_until, created_at
          FROM user_limits WHERE user_id = ${userId} AND (ends_at IS NULL OR ends_at > ${now}) ORDER BY id`,
  );
  return found.map(toLimit);
}

/** The accounts of these limits, with what the current window has used. */
export async function limitAccounts(db: Executor, limitIds: number[], now: Date): Promise<LimitAccountRow[]> {
  if (limitIds.length === 0) return [];
  return rows<LimitAccountRow>(
    db,
    sql`SELECT a.limit_id, a.currency, a.amount_cents::text AS amount_cents,
               a.pending_amount_cents::text AS pending_amount_cents,
               limits_used(u.user_id, a.currency, u.type, u.anchor_at, u.period, ${now})::text AS used_cents,
               (limits_window(u.anchor_at, u.period, ${now})).window_end AS window_end
          FROM user_limit_accounts a JOIN user_limits u ON u.id = a.limit_id
         WHERE a.limit_id IN (${sql.join(
           limitIds.map((id) => sql`${id}`),
           sql`, `,
         )})
         ORDER BY a.limit_id, a.currency`,
  );
}

export async function findLimit(
  db: Executor,
  userId: number,
  by: { id: number } | { type: string; period: string },
): Promise<LimitRow | undefined> {
  const [row] = await rows<LimitRow>(
    db,
    'id' in by
      ? sql`SELECT * FROM user_limits WHERE user_id = ${userId} AND id = ${by.id}`
      : sql`SELECT * FROM user_limits WHERE user_id = ${userId} AND type = ${by.type} AND period = ${by.period}`,
  );
  return row && toLimit(row);
}

export async function insertLimit(
  db: Executor,
  input: { userId: number; type: string; period: string; now: Date; endsAt: Date | null; minutes?: number },
): Promise<number> {
  const [row] = await rows<{ id: number }>(
    db,
    sql`INSERT INTO user_limits (user_id, type, period, anchor_at, ends_at, minutes, created_at, updated_at)
        VALUES (${input.userId}, ${input.type}, ${input.period}, ${input.now}, ${input.endsAt}, ${input.minutes ?? null},
                ${input.now}, ${input.now})
        RETURNING id`,
  );
  return row!.id;
}

/** A break that ended leaves its row behind; a new break of the same length replaces it. */
export async function deleteEndedBreak(db: Executor, userId: number, type: string, period: string, now: Date) {
  await db.execute(
    sql`DELETE FROM user_limits WHERE user_id = ${userId} AND type = ${type} AND period = ${period}
          AND ends_at IS NOT NULL AND ends_at <= ${now}`,
  );
}

export async function accountsOfLimit(
  db: Executor,
  limitId: number,
): Promise<{ currency: string; amount_cents: string; pending_amount_cents: string | null }[]> {
  return rows(
    db,
    sql`SELECT currency, amount_cents::text AS amount_cents, pending_amount_cents::text AS pending_amount_cents
          FROM user_limit_accounts WHERE limit_id = ${limitId} ORDER BY currency`,
  );
}

/** Sets an account's amount in force (a new currency, or a tighter amount); the newer request drops a parked raise. */
export async function setAccountAmount(db: Executor, limitId: number, currency: string, amount: bigint) {
  await db.execute(
    sql`INSERT INTO user_limit_accounts (limit_id, currency, amount_cents) VALUES (${limitId}, ${currency}, ${amount})
        ON CONFLICT (limit_id, currency) DO UPDATE SET amount_cents = EXCLUDED.amount_cents, pending_amount_cents = NULL`,
  );
}

/** A session limit's minutes: `inForce` applies now (and drops a parked raise), or `pending` waits for confirmation. */
export async function setMinutes(db: Executor, limitId: number, minutes: { inForce: number } | { pending: number }) {
  await db.execute(
    'inForce' in minutes
      ? sql`UPDATE user_limits SET minutes = ${minutes.inForce}, pending_minutes = NULL WHERE id = ${limitId}`
      : sql`UPDATE user_limits SET pending_minutes = ${minutes.pending} WHERE id = ${limitId}`,
  );
}

/** Whether the limit still has a raise parked (an account's amount or a session limit's minutes). */
export async function hasPendingRaise(db: Executor, limitId: number): Promise<boolean> {
  const [row] = await rows<{ pending: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM user_limit_accounts WHERE limit_id = ${limitId} AND pending_amount_cents IS NOT NULL)
            OR EXISTS (SELECT 1 FROM user_limits WHERE id = ${limitId} AND pending_minutes IS NOT NULL) AS pending`,
  );
  return row?.pending === true;
}

export async function setPendingAmount(db: Executor, limitId: number, currency: string, amount: bigint) {
  await db.execute(
    sql`UPDATE user_limit_accounts SET pending_amount_cents = ${amount} WHERE limit_id = ${limitId} AND currency = ${currency}`,
  );
}

/** Parks a change: confirmable from `confirmableAt` by the token hashed here, until `confirmUntil`. */
export async function parkChange(
  db: Executor,
  limitId: number,
  change: { kind: 'raise' | 'remove'; now: Date; confirmableAt: Date; confirmUntil: Date; tokenHash: string },
) {
  await db.execute(
    sql`UPDATE user_limits SET pending_change = ${change.kind}, requested_at = ${change.now},
               confirmable_at = ${change.confirmableAt}, confirm_until = ${change.confirmUntil},
               confirm_token_hash = ${change.tokenHash}, updated_at = ${change.now}
         WHERE id = ${limitId}`,
  );
}

/** Clears a parked change (confirmed, lapsed, or no raise left to wait for). */
export async function clearChange(db: Executor, limitId: number, now: Date) {
  await db.execute(
    sql`UPDATE user_limits SET pending_change = NULL, requested_at = NULL, confirmable_at = NULL, confirm_until = NULL,
               confirm_token_hash = NULL, updated_at = ${now} WHERE id = ${limitId}`,
  );
  await db.execute(sql`UPDATE user_limit_accounts SET pending_amount_cents = NULL WHERE limit_id = ${limitId}`);
  await db.execute(sql`UPDATE user_limits SET pending_minutes = NULL WHERE id = ${limitId}`);
}

export async function applyPendingRaise(db: Executor, limitId: number) {
  await db.execute(
    sql`UPDATE user_limits SET minutes = pending_minutes, pending_minutes = NULL
         WHERE id = ${limitId} AND pending_minutes IS NOT NULL`,
  );
  await db.execute(
    sql`UPDATE user_limit_accounts SET amount_cents = pending_amount_cents, pending_amount_cents = NULL
         WHERE limit_id = ${limitId} AND pending_amount_cents IS NOT NULL`,
  );
}

export async function deleteLimit(db: Executor, limitId: number) {
  await db.execute(sql`DELETE FROM user_limits WHERE id = ${limitId}`);
}

/** The limit whose parked change this token confirms, locked for the confirmation. */
export async function lockLimitByToken(db: Executor, tokenHash: string): Promise<LimitRow | undefined> {
  const [row] = await rows<LimitRow>(
    db,
    sql`SELECT * FROM user_limits WHERE confirm_token_hash = ${tokenHash} FOR UPDATE`,
  );
  return row && toLimit(row);
}

/** Parked changes past their confirmation window lapse (the limits job). */
export async function lapseExpiredChanges(db: Executor, now: Date): Promise<number> {
  const lapsed = await rows<{ id: number }>(
    db,
    sql`UPDATE user_limits SET pending_change = NULL, requested_at = NULL, confirmable_at = NULL, confirm_until = NULL,
               confirm_token_hash = NULL, pending_minutes = NULL, updated_at = ${now}
         WHERE pending_change IS NOT NULL AND confirm_until <= ${now} RETURNING id`,
  );
  if (lapsed.length > 0)
    await db.execute(
      sql`UPDATE user_limit_accounts SET pending_amount_cents = NULL WHERE limit_id IN (${sql.join(
        lapsed.map((l) => sql`${l.id}`),
        sql`, `,
      )})`,
    );
  return lapsed.length;
}

/**
 * The end of the player's running self-exclusion: a date, null for one that never ends, undefined
 * when they are not self-excluded.
 */
export async function selfExclusionEnd(db: Executor, userId: number, now: Date): Promise<Date | null | undefined> {
  const [row] = await rows<{ ends_at: Date | string | null }>(
    db,
    sql`SELECT ends_at FROM user_limits
         WHERE user_id = ${userId} AND type = 'selfexclusion' AND anchor_at <= ${now} AND (ends_at IS NULL OR ends_at > ${now})
         ORDER BY ends_at DESC NULLS FIRST LIMIT 1`,
  );
  if (!row) return undefined;
  return row.ends_at === null ? null : new Date(row.ends_at);
}

/**
 * Whether a deposit may start (`limits_deposit_check`): null, or the refusal to show the player.
 * Call it inside the transaction that records the deposit: it locks the player's row.
 */
export async function depositRefusal(
  db: Executor,
  input: { userId: number; currency: string; amountCents: bigint; now: Date },
): Promise<{ code: string; message: string } | null> {
  const [row] = await rows<{ refusal: { code: string; message: string } | null }>(
    db,
    sql`SELECT limits_deposit_check(${input.userId}, ${input.currency}, ${input.amountCents}, ${input.now}) AS refusal`,
  );
  return row?.refusal ?? null;
}

/**
 * Sign-in sessions that a session limit has ended (docs/limits.md#session-limits): older than the
 * player's minutes. The limits job signs them out; bets from them are already refused by the clock.
 */
export async function sessionsPastLimit(
  db: Executor,
  now: Date,
  limit: number,
): Promise<{ session_id: string; user_id: number; minutes: number; created_at: Date }[]> {
  const found = await rows<{ session_id: string; user_id: number; minutes: number; created_at: Date | string }>(
    db,
    sql`SELECT s.id AS session_id, s.user_id, u.minutes, s.created_at
          FROM user_limits u JOIN sessions s ON s.user_id = u.user_id
         WHERE u.type = 'session' AND u.minutes IS NOT NULL AND u.anchor_at <= ${now}
           AND s.created_at <= ${now}::timestamptz - make_interval(mins => u.minutes)
         ORDER BY s.created_at LIMIT ${limit}`,
  );
  return found.map((r) => ({
    ...r,
    user_id: Number(r.user_id),
    minutes: Number(r.minutes),
    created_at: new Date(r.created_at),
  }));
}

/**
 * After a bet (docs/limits.md#telling-the-player): whether the player holds any loss or wager limit
 * at all (`held`), and the words for one in this currency that their bets have used up, or null.
 * It is the bet check's own answer for the smallest bet (one minor unit), as at a launch: a limit
 * with nothing left refuses it, and no second copy of the rule can drift from the bet's.
 */
export async function reachedBetLimit(
  db: Executor,
  input: { userId: number; currency: string; now: Date },
): Promise<{ held: boolean; message: string | null }> {
  const [row] = await rows<{ held: boolean; refusal: { code: string; message: string } | null }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM user_limits WHERE user_id = ${input.userId} AND type IN ('loss', 'wager')) AS held,
               limits_bet_check(${input.userId}, ${input.currency}, 1, NULL, ${input.now}) AS refusal`,
  );
  const refusal = row?.refusal ?? null;
  const used = refusal !== null && (refusal.code === 'loss_limit_reached' || refusal.code === 'wager_limit_reached');
  return { held: row?.held === true, message: used ? refusal.message : null };
}

/**
 * Every limit and break the player set, ended ones too, with their amounts and any parked change,
 * for their export (docs/privacy.md#what-each-module-holds); never the confirmation token's hash.
 */
export async function limitsForExport(db: Executor, userId: number): Promise<unknown[]> {
  return jsonRows(
    db,
    sql`SELECT u.id, u.type, u.period, u.anchor_at, u.ends_at, u.minutes, u.pending_minutes, u.pending_change,
               u.requested_at, u.confirmable_at,
               u.confirm_until, u.created_at, u.updated_at,
               coalesce((SELECT json_agg(json_build_object('currency', a.currency, 'amount_cents', a.amount_cents,
                                                           'pending_amount_cents', a.pending_amount_cents)
                                         ORDER BY a.currency)
                           FROM user_limit_accounts a WHERE a.limit_id = u.id), '[]'::json) AS accounts
          FROM user_limits u WHERE u.user_id = ${userId} ORDER BY u.id`,
  );
}

/**
 * The refusal of a running break for what the player tries (`limits_break_refusal`): null, or
 * `{ code, message }`. Bonuses ask it with `'bonuses'` before issuing or activating anything
 * (docs/bonuses.md#limits-withdrawals-privacy).
 */
export async function breakRefusal(
  db: Executor,
  userId: number,
  now: Date,
  what: 'bonuses',
): Promise<{ code: string; message: string } | null> {
  const [row] = await rows<{ refusal: { code: string; message: string } | null }>(
    db,
    sql`SELECT limits_break_refusal(${userId}, ${now}, ${what}) AS refusal`,
  );
  return row?.refusal ?? null;
}
