import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import { jsonRows, rows, type Executor } from '../../db/sql.ts';

export type OutboxRow = typeof mailOutbox.$inferSelect;

export async function insertOutboxMessage(
  db: Db,
  message: {
    userId: number;
    to: string;
    subject: string;
    text: string;
    html?: string | undefined;
    channel?: 'email' | 'sms';
  },
  now: Date,
): Promise<number> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      userId: message.userId,
      to: message.to,
      channel: message.channel ?? 'email',
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      createdAt: now,
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('insert into mail_outbox returned no row');
  return row.id;
}

/**
 * The same row written by the caller's transaction (a mail an event consumer sends: it exists
 * exactly when the change it reports does, and a replayed event cannot write it twice).
 */
export async function insertOutboxMessageIn(
  tx: Executor,
  message: { userId: number; to: string; subject: string; text: string; html?: string | undefined },
  now: Date,
): Promise<number> {
  const [row] = await rows<{ id: number }>(
    tx,
    sql`INSERT INTO mail_outbox (user_id, "to", channel, subject, text, html, created_at)
        VALUES (${message.userId}, ${message.to}, 'email', ${message.subject}, ${message.text}, ${message.html ?? null}, ${now})
        RETURNING id`,
  );
  if (!row) throw new Error('insert into mail_outbox returned no row');
  return Number(row.id);
}

export async function markOutboxSent(db: Db, id: number, now: Date): Promise<void> {
  await db.update(mailOutbox).set({ sentAt: now, error: null }).where(eq(mailOutbox.id, id));
}

export async function markOutboxFailed(db: Db, id: number, error: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ error: error.slice(0, 2000) })
    .where(eq(mailOutbox.id, id));
}

/** Newest first. */
export async function latestOutboxMessages(db: Db, limit: number): Promise<OutboxRow[]> {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit);
}

/** What the promotional gate needs to know about a player (docs/player-profile.md#subscriptions). */
export interface PromotionRecipient {
  email: string;
  firstName: string | null;
  language: string;
  disabled: boolean;
  /** A break (cooling-off or self-exclusion) runs: no marketing reaches the player. */
  onBreak: boolean;
  receivePromos: boolean;
  receiveSmsPromos: boolean;
  receivePromosViaPhoneCalls: boolean;
  agreedToPartnerPromotions: boolean;
  /** The player's verified phone, or null: promotional SMS go to verified numbers only. */
  verifiedPhone: string | null;
}

export async function promotionRecipient(
  db: Executor,
  userId: number,
  now: Date,
): Promise<PromotionRecipient | undefined> {
  const [row] = await rows<{
    email: string;
    first_name: string | null;
    language: string;
    disabled: boolean;
    on_break: boolean;
    receive_promos: boolean;
    receive_sms_promos: boolean;
    receive_promos_via_phone_calls: boolean;
    agreed_to_partner_promotions: boolean;
    verified_phone: string | null;
  }>(
    db,
    // The break is the limits module's own definition (limits_break_refusal, docs/limits.md#enforcement).
    sql`SELECT u.email, u.first_name, u.language, u.disabled_at IS NOT NULL AS disabled,
               limits_break_refusal(u.id, ${now}, 'promotions') IS NOT NULL AS on_break,
               u.receive_promos, u.receive_sms_promos, u.receive_promos_via_phone_calls,
               u.agreed_to_partner_promotions,
               CASE WHEN p.verified_at IS NOT NULL THEN p.number END AS verified_phone
          FROM users u LEFT JOIN player_phones p ON p.user_id = u.id
         WHERE u.id = ${userId}`,
  );
  if (!row) return undefined;
  return {
    email: row.email,
    firstName: row.first_name,
    language: row.language,
    disabled: row.disabled,
    onBreak: row.on_break,
    receivePromos: row.receive_promos,
    receiveSmsPromos: row.receive_sms_promos,
    receivePromosViaPhoneCalls: row.receive_promos_via_phone_calls,
    agreedToPartnerPromotions: row.agreed_to_partner_promotions,
    verifiedPhone: row.verified_phone,
  };
}

// --- personal data (docs/privacy.md#what-each-module-holds) -------------------------------------

/**
 * The e-mails sent for the player, found by the owner recorded on each row: never by address, which
 * another player could have typed (a pending address change) — docs/privacy.md#mails-and-texts.
 */
export async function mailsOfPlayer(
  db: Executor,
  userId: number,
): Promise<{ to: string; subject: string; text: string; created_at: string; sent_at: string | null }[]> {
  return (await jsonRows(
    db,
    sql`SELECT m."to", m.subject, m.text, m.created_at, m.sent_at
          FROM mail_outbox m
         WHERE m.user_id = ${userId} AND m.channel = 'email' ORDER BY m.id`,
  )) as { to: string; subject: string; text: string; created_at: string; sent_at: string | null }[];
}

/**
 * Erasure: the player's e-mails keep only their date and subject; the address becomes
 * `erased-<id>@invalid` and the body goes. Rows are the player's by `user_id` only.
 */
export async function eraseMailsOfPlayer(db: Executor, userId: number): Promise<void> {
  await db.execute(
    sql`UPDATE mail_outbox SET "to" = ${`erased-${userId}@invalid`}, text = '[erased]', html = NULL
         WHERE user_id = ${userId} AND channel = 'email'`,
  );
}
