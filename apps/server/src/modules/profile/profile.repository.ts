import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jsonRows, type Executor } from '../../db/sql.ts';
import { playerPhones, playerStatuses, statuses, users } from '../../db/schema/index.ts';

export type PhoneRow = typeof playerPhones.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

// ---------------------------------------------------------------------------------------------
// Phone

export async function findPhone(db: DbOrTx, userId: number): Promise<PhoneRow | undefined> {
  const [row] = await db.select().from(playerPhones).where(eq(playerPhones.userId, userId)).limit(1);
  return row;
}

/** Writes a pending number with a fresh code (replacing any pending one); verification is cleared. */
export async function savePendingPhone(
  tx: Tx,
  values: {
    userId: number;
    number: string;
    codeHash: string;
    codeExpiresAt: Date;
    sendWindowStartedAt: Date;
    sendsInWindow: number;
    now: Date;
  },
): Promise<PhoneRow> {
  const set = {
    number: values.number,
    verifiedAt: null,
    codeHash: values.codeHash,
    codeExpiresAt: values.codeExpiresAt,
    codeAttempts: 0,
    lastSentAt: values.now,
    sendWindowStartedAt: values.sendWindowStartedAt,
    sendsInWindow: values.sendsInWindow,
    updatedAt: values.now,
  };
  const [row] = await tx
    .insert(playerPhones)
    .values({ userId: values.userId, createdAt: values.now, ...set })
    .onConflictDoUpdate({ target: playerPhones.userId, set })
    .returning();
  if (!row) throw new Error('upsert into player_phones returned no row');
  return row;
}

/** Forgets the pending code (burned by wrong attempts, or never delivered). */
export async function clearPendingCode(db: DbOrTx, userId: number, now: Date): Promise<void> {
  await db
    .update(playerPhones)
    .set({ codeHash: null, codeExpiresAt: null, updatedAt: now })
    .where(eq(playerPhones.userId, userId));
}

/** Counts a wrong code; returns the attempts so far. */
export async function countWrongAttempt(tx: Tx, userId: number, now: Date): Promise<number> {
  const [row] = await tx
    .update(playerPhones)
    .set({ codeAttempts: sql`${playerPhones.codeAttempts} + 1`, updatedAt: now })
    .where(eq(playerPhones.userId, userId))
    .returning({ attempts: playerPhones.codeAttempts });
  return row?.attempts ?? 0;
}

/** True when another player already verified this number. */
export async function numberVerifiedByOther(db: DbOrTx, userId: number, number: string): Promise<boolean> {
  const found = await db
    .select({ userId: playerPhones.userId })
    .from(playerPhones)
    .where(
      and(
        eq(playerPhones.number, number),
        ne(playerPhones.userId, userId),
        sql`${playerPhones.verifiedAt} IS NOT NULL`,
      ),
    )
    .limit(1);
  return found.length > 0;
}

/** Marks the number verified and makes it the profile's `mobile_phone`. */
export async function markPhoneVerified(tx: Tx, userId: number, now: Date): Promise<PhoneRow> {
  const [row] = await tx
    .update(playerPhones)
    .set({ verifiedAt: now, codeHash: null, codeExpiresAt: null, codeAttempts: 0, updatedAt: now })
    .where(eq(playerPhones.userId, userId))
    .returning();
  if (!row) throw new Error('player_phones row vanished under its lock');
  await tx.update(users).set({ mobilePhone: row.number, updatedAt: now }).where(eq(users.id, userId));
  return row;
}

/** Deletes the phone; a verified number also leaves the profile's `mobile_phone`. */
export async function deletePhone(tx: Tx, userId: number, now: Date): Promise<PhoneRow | undefined> {
  const [row] = await tx.delete(playerPhones).where(eq(playerPhones.userId, userId)).returning();
  if (row?.verifiedAt) {
    await tx
      .update(users)
      .set({ mobilePhone: null, updatedAt: now })
      .where(and(eq(users.id, userId), eq(users.mobilePhone, row.number)));
  }
  return row;
}

// ---------------------------------------------------------------------------------------------
// Subscriptions and details

export interface SubscriptionRow {
  receivePromos: boolean;
  receiveSmsPromos: boolean;
  receivePromosViaPhoneCalls: boolean;
  agreedToPartnerPromotions: boolean;
}

const subscriptionColumns = {
  receivePromos: users.receivePromos,
  receiveSmsPromos: users.receiveSmsPromos,
  receivePromosViaPhoneCalls: users.receivePromosViaPhoneCalls,
  agreedToPartnerPromotions: users.agreedToPartnerPromotions,
};

export async function findSubscriptions(db: DbOrTx, userId: number): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select(subscriptionColumns).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

export async function updateSubscriptions(
  db: DbOrTx,
  userId: number,
  patch: Partial<SubscriptionRow>,
  now: Date,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: now })
    .where(eq(users.id, userId))
    .returning(subscriptionColumns);
  return row;
}

/** The fields `update_details` may fill (docs/player-profile.md#filling-missing-fields). */
export interface DetailsPatch {
  termsAcceptedAt?: Date;
  country?: string;
  receivePromos?: boolean;
  receiveSmsPromos?: boolean;
}

export async function updateDetails(db: DbOrTx, userId: number, patch: DetailsPatch, now: Date): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await db
    .update(users)
    .set({ ...patch, updatedAt: now })
    .where(eq(users.id, userId));
}

// ---------------------------------------------------------------------------------------------
// Groups

/** Of `ids`, the groups a player may join or leave themselves (`writable`, not a loyalty level). */
export async function writableGroups(db: DbOrTx, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const found = await db
    .select({ id: statuses.id })
    .from(statuses)
    .where(and(inArray(statuses.id, ids), eq(statuses.writable, true), eq(statuses.isLevel, false)));
  return new Set(found.map((r) => r.id));
}

export async function changeGroups(tx: Tx, userId: number, add: string[], remove: string[], now: Date): Promise<void> {
  if (add.length > 0) {
    await tx
      .insert(playerStatuses)
      .values(add.map((statusId) => ({ userId, statusId, createdAt: now })))
      .onConflictDoNothing();
  }
  if (remove.length > 0) {
    await tx
      .delete(playerStatuses)
      .where(and(eq(playerStatuses.userId, userId), inArray(playerStatuses.statusId, remove)));
  }
}

// --- personal data (docs/privacy.md#what-each-module-holds) -------------------------------------

export interface SmsRow {
  to: string;
  subject: string;
  text: string;
  created_at: string;
  sent_at: string | null;
}

/**
 * The player's phone (never its code's HMAC) and the text messages sent for them, found by the
 * owner recorded on each row: never by number, since a pending number may be someone else's
 * (docs/privacy.md#mails-and-texts). The caller masks the codes.
 */
export async function phoneForExport(db: Executor, userId: number): Promise<{ phone: unknown[]; sms: SmsRow[] }> {
  const phone = await jsonRows(
    db,
    sql`SELECT number, verified_at, created_at, updated_at FROM player_phones WHERE user_id = ${userId}`,
  );
  const sms = (await jsonRows(
    db,
    sql`SELECT m."to", m.subject, m.text, m.created_at, m.sent_at
          FROM mail_outbox m
         WHERE m.user_id = ${userId} AND m.channel = 'sms' ORDER BY m.id`,
  )) as SmsRow[];
  return { phone, sms };
}

/** The marketing choices of `GET /api/subscriptions`. */
export async function subscriptionsForExport(db: Executor, userId: number): Promise<unknown[]> {
  return jsonRows(
    db,
    sql`SELECT receive_promos, receive_sms_promos, receive_promos_via_phone_calls, agreed_to_partner_promotions
          FROM users WHERE id = ${userId}`,
  );
}

/**
 * Erasure: the player's texts (by `user_id`, never by number) lose their number and body, the phone
 * goes, consents are withdrawn.
 */
export async function eraseProfileData(db: Executor, userId: number): Promise<void> {
  await db.execute(
    sql`UPDATE mail_outbox SET "to" = ${`erased-${userId}`}, text = '[erased]', html = NULL
         WHERE user_id = ${userId} AND channel = 'sms'`,
  );
  await db.execute(sql`DELETE FROM player_phones WHERE user_id = ${userId}`);
  await db.execute(
    sql`UPDATE users SET receive_promos_via_phone_calls = false, agreed_to_partner_promotions = false WHERE id = ${userId}`,
  );
}
