import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';

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
