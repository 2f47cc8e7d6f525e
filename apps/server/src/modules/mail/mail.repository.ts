import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import { jsonRows, type Executor } from '../../db/sql.ts';

export type OutboxRow = typeof mailOutbox.$inferSelect;

export async function insertOutboxMessage(
  db: Db,
  message: { to: string; subject: string; text: string; html?: string | undefined },
  now: Date,
): Promise<number> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      createdAt: now,
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('insert into mail_outbox returned no row');
  return row.id;
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

// --- personal data (docs/privacy.md#what-each-module-holds) -------------------------------------

/** The mails sent to the player's current or pending address. */
export async function mailsOfPlayer(
  db: Executor,
  userId: number,
): Promise<{ to: string; subject: string; text: string; created_at: string; sent_at: string | null }[]> {
  return (await jsonRows(
    db,
    sql`SELECT m."to", m.subject, m.text, m.created_at, m.sent_at
          FROM mail_outbox m JOIN users u ON lower(m."to") IN (lower(u.email), lower(coalesce(u.unconfirmed_email, '')))
         WHERE u.id = ${userId} ORDER BY m.id`,
  )) as { to: string; subject: string; text: string; created_at: string; sent_at: string | null }[];
}

/**
 * Erasure: the mails to the player's addresses keep only their date and subject; the address
 * becomes `erased-<id>@invalid` and the body goes. Runs before the auth module replaces the
 * player's address (erasure runs the modules in reverse order).
 */
export async function eraseMailsOfPlayer(db: Executor, userId: number): Promise<void> {
  await db.execute(
    sql`UPDATE mail_outbox m SET "to" = ${`erased-${userId}@invalid`}, text = '[erased]', html = NULL
          FROM users u
         WHERE u.id = ${userId} AND lower(m."to") IN (lower(u.email), lower(coalesce(u.unconfirmed_email, '')))`,
  );
}
