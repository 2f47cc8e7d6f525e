import { sql } from 'drizzle-orm';
import type { CodeState } from '@croupier/shared/bonus-terms';
import { jsonRows, rows, type Executor } from '../../db/sql.ts';

/** A coupon or promo code as the module reads it (docs/bonuses.md#data-model). */
export interface CodeRow {
  id: number;
  code: string;
  campaignId: number;
  /** The player of a personal code; null: shared. */
  userId: number | null;
  maxRedemptions: number;
  redemptions: number;
  state: CodeState;
  validUntil: Date | null;
  createdAt: Date;
}

interface RawCode {
  id: number;
  code: string;
  campaign_id: number;
  user_id: number | null;
  max_redemptions: number;
  redemptions: number;
  state: CodeState;
  valid_until: Date | string | null;
  created_at: Date | string;
}

const toCode = (r: RawCode): CodeRow => ({
  id: Number(r.id),
  code: r.code,
  campaignId: Number(r.campaign_id),
  userId: r.user_id === null ? null : Number(r.user_id),
  maxRedemptions: Number(r.max_redemptions),
  redemptions: Number(r.redemptions),
  state: r.state,
  validUntil: r.valid_until === null ? null : new Date(r.valid_until),
  createdAt: new Date(r.created_at),
});

const COLUMNS = sql`id, code, campaign_id, user_id, max_redemptions, redemptions, state, valid_until, created_at`;

export interface NewCode {
  code: string;
  campaignId: number;
  userId: number | null;
  maxRedemptions: number;
  validUntil: Date | null;
  createdAt: Date;
}

/** Inserts a code; undefined when the code is taken (its unique index), so the caller picks another. */
export async function insertCode(db: Executor, c: NewCode): Promise<CodeRow | undefined> {
  const [row] = await rows<RawCode>(
    db,
    sql`INSERT INTO bonus_codes (code, campaign_id, user_id, max_redemptions, state, valid_until, created_at)
        VALUES (${c.code}, ${c.campaignId}, ${c.userId}, ${c.maxRedemptions}, 'issued', ${c.validUntil}, ${c.createdAt})
        ON CONFLICT (code) DO NOTHING
        RETURNING ${COLUMNS}`,
  );
  return row ? toCode(row) : undefined;
}

export async function findCode(db: Executor, id: number): Promise<CodeRow | undefined> {
  const [row] = await rows<RawCode>(db, sql`SELECT ${COLUMNS} FROM bonus_codes WHERE id = ${id}`);
  return row ? toCode(row) : undefined;
}

/** The code as stored (upper-case): the caller normalises what the player typed. */
export async function findCodeByText(db: Executor, code: string): Promise<CodeRow | undefined> {
  const [row] = await rows<RawCode>(db, sql`SELECT ${COLUMNS} FROM bonus_codes WHERE code = ${code}`);
  return row ? toCode(row) : undefined;
}

/** Which of these ids are players (for personal codes). */
export async function existingPlayers(db: Executor, userIds: readonly number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const found = await rows<{ id: number }>(
    db,
    sql`SELECT id FROM users WHERE id IN (${sql.join(
      userIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Set(found.map((r) => Number(r.id)));
}

export async function hasRedeemed(db: Executor, codeId: number, userId: number): Promise<boolean> {
  const found = await rows<{ one: number }>(
    db,
    sql`SELECT 1 AS one FROM bonus_code_redemptions WHERE code_id = ${codeId} AND user_id = ${userId}`,
  );
  return found.length > 0;
}

/**
 * Records that the player redeems the code; false when a redemption of theirs exists (the primary
 * key): a second attempt of the same player, even one racing the first, waits for it and finds it.
 */
export async function insertRedemption(db: Executor, codeId: number, userId: number, now: Date): Promise<boolean> {
  const found = await rows<{ code_id: number }>(
    db,
    sql`INSERT INTO bonus_code_redemptions (code_id, user_id, created_at) VALUES (${codeId}, ${userId}, ${now})
        ON CONFLICT DO NOTHING RETURNING code_id`,
  );
  return found.length === 1;
}

/**
 * Takes one use of a code in one guarded update: only an issued code in its validity with a use
 * left, so concurrent redemptions of a one-use code let exactly one through (the others wait for
 * the row and find it used). The code becomes `activated` with its last use. Undefined: no use left.
 */
export async function takeUse(db: Executor, codeId: number, now: Date): Promise<CodeRow | undefined> {
  const [row] = await rows<RawCode>(
    db,
    sql`UPDATE bonus_codes SET redemptions = redemptions + 1,
          state = CASE WHEN redemptions + 1 >= max_redemptions THEN 'activated' ELSE state END
        WHERE id = ${codeId} AND state = 'issued' AND redemptions < max_redemptions
          AND (valid_until IS NULL OR valid_until > ${now}::timestamptz)
        RETURNING ${COLUMNS}`,
  );
  return row ? toCode(row) : undefined;
}

/** What a redemption issued: the bonus or the pack. */
export async function setRedemptionIssue(
  db: Executor,
  codeId: number,
  userId: number,
  issued: { bonusId: number | null; packId: number | null },
) {
  await db.execute(
    sql`UPDATE bonus_code_redemptions SET bonus_id = ${issued.bonusId}, pack_id = ${issued.packId}
         WHERE code_id = ${codeId} AND user_id = ${userId}`,
  );
}

/** The operator's cancel: an issued code only (a guarded update). */
export async function cancelCode(db: Executor, id: number): Promise<CodeRow | undefined> {
  const [row] = await rows<RawCode>(
    db,
    sql`UPDATE bonus_codes SET state = 'canceled' WHERE id = ${id} AND state = 'issued' RETURNING ${COLUMNS}`,
  );
  return row ? toCode(row) : undefined;
}

/** Issued codes past `valid_until` → `expired`, at most `limit` per call; how many. */
export async function expireCodes(db: Executor, now: Date, limit: number): Promise<number> {
  const found = await rows<{ id: number }>(
    db,
    sql`UPDATE bonus_codes SET state = 'expired'
         WHERE id IN (SELECT id FROM bonus_codes WHERE state = 'issued' AND valid_until <= ${now}::timestamptz
                       ORDER BY id LIMIT ${limit})
           AND state = 'issued'
        RETURNING id`,
  );
  return found.length;
}

/** A code on the player's list, with when they redeemed it (null: a personal code not used). */
export interface PlayerCodeRow extends CodeRow {
  redeemedAt: Date | null;
}

/**
 * The player's codes: those they redeemed, and their personal codes not redeemed (whatever their
 * state), newest first.
 */
export async function playerCodes(db: Executor, userId: number): Promise<PlayerCodeRow[]> {
  const found = await rows<RawCode & { redeemed_at: Date | string | null }>(
    db,
    sql`SELECT c.id, c.code, c.campaign_id, c.user_id, c.max_redemptions, c.redemptions, c.state, c.valid_until,
               c.created_at, r.created_at AS redeemed_at
          FROM bonus_code_redemptions r JOIN bonus_codes c ON c.id = r.code_id
         WHERE r.user_id = ${userId}
        UNION ALL
        SELECT ${COLUMNS}, NULL AS redeemed_at FROM bonus_codes c
         WHERE c.user_id = ${userId}
           AND NOT EXISTS (SELECT 1 FROM bonus_code_redemptions r WHERE r.code_id = c.id AND r.user_id = ${userId})
        ORDER BY id DESC`,
  );
  return found.map((r) => ({ ...toCode(r), redeemedAt: r.redeemed_at === null ? null : new Date(r.redeemed_at) }));
}

/** The player's codes for their export (docs/privacy.md#the-module-hook): redeemed ones and their personal ones. */
export async function codesForExport(db: Executor, userId: number): Promise<unknown[]> {
  return jsonRows(
    db,
    sql`SELECT c.code, c.campaign_id, c.user_id IS NOT NULL AS personal, c.state, c.valid_until, c.created_at,
               r.created_at AS redeemed_at, r.bonus_id, r.pack_id
          FROM bonus_codes c
          LEFT JOIN bonus_code_redemptions r ON r.code_id = c.id AND r.user_id = ${userId}
         WHERE r.user_id = ${userId} OR c.user_id = ${userId}
         ORDER BY c.id`,
  );
}
