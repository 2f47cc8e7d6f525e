/**
 * The privacy module's tables (docs/privacy.md): `gdpr_reports`, the requests for a copy of a
 * player's data and the copies themselves until used or expired, and `gdpr_erasures`. Every state
 * change is a guarded UPDATE on the state it leaves.
 */
import { sql } from 'drizzle-orm';
import { jsonRows, rows, type Executor } from '../../db/sql.ts';

export interface ReportRow {
  id: number;
  user_id: number;
  status: 'pending' | 'ready' | 'downloaded' | 'expired' | 'cancelled';
  requested_at: Date;
  ready_at: Date | null;
  expires_at: Date | null;
  downloaded_at: Date | null;
}

const TIMES = ['requested_at', 'ready_at', 'expires_at', 'downloaded_at'] as const;
const COLUMNS = sql`id, user_id, status, requested_at, ready_at, expires_at, downloaded_at`;

/** Raw queries answer timestamps as text on one driver and as Date on the other: always Date here. */
function toReport(row: ReportRow): ReportRow {
  const out = { ...row, id: Number(row.id), user_id: Number(row.user_id) };
  for (const key of TIMES) {
    const value = row[key] as Date | string | null;
    (out as Record<string, unknown>)[key] = value === null ? null : new Date(value);
  }
  return out;
}

export async function reportsOf(db: Executor, userId: number, limit: number): Promise<ReportRow[]> {
  const found = await rows<ReportRow>(
    db,
    sql`SELECT ${COLUMNS} FROM gdpr_reports WHERE user_id = ${userId} ORDER BY requested_at DESC, id DESC LIMIT ${limit}`,
  );
  return found.map(toReport);
}

export async function insertReport(db: Executor, userId: number, now: Date): Promise<ReportRow> {
  const [row] = await rows<ReportRow>(
    db,
    sql`INSERT INTO gdpr_reports (user_id, status, requested_at) VALUES (${userId}, 'pending', ${now}) RETURNING ${COLUMNS}`,
  );
  if (!row) throw new Error('insert into gdpr_reports returned no row');
  return toReport(row);
}

/** The oldest request still to build, locked; another runner skips it. */
export async function claimPendingReport(db: Executor): Promise<{ id: number; user_id: number } | undefined> {
  const [row] = await rows<{ id: number; user_id: number }>(
    db,
    sql`SELECT id, user_id FROM gdpr_reports WHERE status = 'pending' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`,
  );
  return row ? { id: Number(row.id), user_id: Number(row.user_id) } : undefined;
}

export async function storeReport(
  db: Executor,
  id: number,
  content: string,
  now: Date,
  expiresAt: Date,
): Promise<void> {
  await db.execute(
    sql`UPDATE gdpr_reports SET status = 'ready', content = ${content}, ready_at = ${now}, expires_at = ${expiresAt},
               token_hash = NULL, mailed_at = NULL
         WHERE id = ${id} AND status = 'pending'`,
  );
}

/** Built copies whose link was never mailed (a new one, or a crash before the mail left). */
export async function unmailedReports(
  db: Executor,
  now: Date,
  limit: number,
): Promise<{ id: number; user_id: number }[]> {
  const found = await rows<{ id: number; user_id: number }>(
    db,
    sql`SELECT id, user_id FROM gdpr_reports WHERE status = 'ready' AND mailed_at IS NULL AND expires_at > ${now}
         ORDER BY id LIMIT ${limit}`,
  );
  return found.map((r) => ({ id: Number(r.id), user_id: Number(r.user_id) }));
}

/** Gives the copy a new link token; false when its mail already left meanwhile. */
export async function setReportToken(db: Executor, id: number, tokenHash: string): Promise<boolean> {
  const found = await rows<{ id: number }>(
    db,
    sql`UPDATE gdpr_reports SET token_hash = ${tokenHash} WHERE id = ${id} AND status = 'ready' AND mailed_at IS NULL
        RETURNING id`,
  );
  return found.length > 0;
}

export async function markReportMailed(db: Executor, id: number, now: Date): Promise<void> {
  await db.execute(sql`UPDATE gdpr_reports SET mailed_at = ${now} WHERE id = ${id} AND mailed_at IS NULL`);
}

export async function reportByTokenHash(db: Executor, tokenHash: string): Promise<ReportRow | undefined> {
  const [row] = await rows<ReportRow>(db, sql`SELECT ${COLUMNS} FROM gdpr_reports WHERE token_hash = ${tokenHash}`);
  return row ? toReport(row) : undefined;
}

/**
 * Takes the copy out once: the content is answered and deleted in one statement, so two uses of
 * the link at once get it once. Undefined when it was used, expired or cancelled meanwhile.
 */
export async function takeReport(db: Executor, id: number, now: Date): Promise<string | undefined> {
  const [row] = await rows<{ content: string }>(
    db,
    sql`UPDATE gdpr_reports r SET status = 'downloaded', downloaded_at = ${now}, content = NULL
          FROM (SELECT id, content FROM gdpr_reports WHERE id = ${id} FOR UPDATE) old
         WHERE r.id = old.id AND r.status = 'ready' AND r.expires_at > ${now}
        RETURNING old.content`,
  );
  return row?.content;
}

/** Copies not downloaded in time: their content is deleted, the row stays as the record. */
export async function expireReports(db: Executor, now: Date): Promise<number> {
  const found = await rows<{ id: number }>(
    db,
    sql`UPDATE gdpr_reports SET status = 'expired', content = NULL WHERE status = 'ready' AND expires_at <= ${now}
        RETURNING id`,
  );
  return found.length;
}

/** Erasure: requests not yet used are cancelled and their copies deleted. */
export async function cancelReportsOf(db: Executor, userId: number): Promise<void> {
  await db.execute(
    sql`UPDATE gdpr_reports SET status = 'cancelled', content = NULL, token_hash = NULL
         WHERE user_id = ${userId} AND status IN ('pending', 'ready')`,
  );
}

export async function reportsForExport(db: Executor, userId: number): Promise<unknown[]> {
  return jsonRows(
    db,
    sql`SELECT id, status, requested_at, ready_at, expires_at, downloaded_at FROM gdpr_reports
         WHERE user_id = ${userId} ORDER BY id`,
  );
}

export async function erasureOf(db: Executor, userId: number): Promise<Date | undefined> {
  const [row] = await rows<{ erased_at: Date | string }>(
    db,
    sql`SELECT erased_at FROM gdpr_erasures WHERE user_id = ${userId}`,
  );
  return row ? new Date(row.erased_at) : undefined;
}

export async function insertErasure(db: Executor, userId: number, now: Date, reason: string | null): Promise<void> {
  await db.execute(sql`INSERT INTO gdpr_erasures (user_id, erased_at, reason) VALUES (${userId}, ${now}, ${reason})`);
}
