import { and, asc, count, desc, eq, max, sql } from 'drizzle-orm';
import { jsonRows, type Executor } from '../../db/sql.ts';
import type { Db } from '../../db/client.ts';
import { playerDocuments, users, verificationChanges } from '../../db/schema/index.ts';

export type DocumentRow = typeof playerDocuments.$inferSelect;
export type NewDocumentRow = typeof playerDocuments.$inferInsert;
/** A transaction handle; every function here accepts it wherever it accepts the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export async function insertDocument(tx: DbOrTx, row: NewDocumentRow): Promise<DocumentRow> {
  const [inserted] = await tx.insert(playerDocuments).values(row).returning();
  return inserted!;
}

/** The player's documents, newest first. */
export function documentsOf(db: DbOrTx, userId: number): Promise<DocumentRow[]> {
  return db
    .select()
    .from(playerDocuments)
    .where(eq(playerDocuments.userId, userId))
    .orderBy(desc(playerDocuments.createdAt), desc(playerDocuments.id));
}

/** One of the player's documents; another player's is as unknown as a missing one. */
export async function findDocumentOf(db: DbOrTx, userId: number, id: number): Promise<DocumentRow | undefined> {
  const found = await db
    .select()
    .from(playerDocuments)
    .where(and(eq(playerDocuments.id, id), eq(playerDocuments.userId, userId)))
    .limit(1);
  return found[0];
}

export async function findDocument(db: DbOrTx, id: number): Promise<DocumentRow | undefined> {
  const found = await db.select().from(playerDocuments).where(eq(playerDocuments.id, id)).limit(1);
  return found[0];
}

export async function countWaiting(tx: DbOrTx, userId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(playerDocuments)
    .where(and(eq(playerDocuments.userId, userId), eq(playerDocuments.status, 'not_approved')));
  return Number(row?.n ?? 0);
}

/**
 * Deletes the player's document if it still waits for review, in one statement, so a review
 * cannot slip in between the check and the delete. Answers the deleted row.
 */
export async function deleteWaitingDocument(tx: DbOrTx, userId: number, id: number): Promise<DocumentRow | undefined> {
  const [deleted] = await tx
    .delete(playerDocuments)
    .where(
      and(eq(playerDocuments.id, id), eq(playerDocuments.userId, userId), eq(playerDocuments.status, 'not_approved')),
    )
    .returning();
  return deleted;
}

/**
 * Records a review on a document that still waits for one, guarded on that state: a second review
 * (two operators at once, or a player's delete first) changes nothing and answers undefined.
 */
export async function reviewWaitingDocument(
  tx: DbOrTx,
  id: number,
  review: { status: 'approved' | 'rejected'; by: string; at: Date; reason: string | null },
): Promise<DocumentRow | undefined> {
  const [row] = await tx
    .update(playerDocuments)
    .set({
      status: review.status,
      reviewedBy: review.by,
      reviewedAt: review.at,
      rejectionReason: review.reason,
      updatedAt: review.at,
    })
    .where(and(eq(playerDocuments.id, id), eq(playerDocuments.status, 'not_approved')))
    .returning();
  return row;
}

/**
 * The types among the player's approved documents that may set the mark: those reviewed after the
 * operator last set or cleared it by hand, if ever (docs/verification.md#verified). An
 * approval from before that change was already weighed by the operator and does not undo it.
 */
export async function approvedTypesSinceOperator(tx: DbOrTx, userId: number): Promise<Set<string>> {
  const lastOperatorChange = tx
    .select({ at: max(verificationChanges.createdAt) })
    .from(verificationChanges)
    .where(and(eq(verificationChanges.userId, userId), eq(verificationChanges.source, 'operator')));
  const found = await tx
    .selectDistinct({ type: playerDocuments.documentType })
    .from(playerDocuments)
    .where(
      and(
        eq(playerDocuments.userId, userId),
        eq(playerDocuments.status, 'approved'),
        // Strictly later: an approval at the very instant of the change cannot be told to come after it.
        sql`${playerDocuments.reviewedAt} > coalesce((${lastOperatorChange}), '-infinity'::timestamptz)`,
      ),
    );
  return new Set(found.map((r) => r.type));
}

/** Sets the player's mark and records who changed it and why. */
export async function setVerified(
  tx: DbOrTx,
  change: {
    userId: number;
    verified: boolean;
    source: 'documents' | 'operator';
    by: string;
    reason: string | null;
    at: Date;
  },
): Promise<void> {
  await tx.update(users).set({ verified: change.verified, updatedAt: change.at }).where(eq(users.id, change.userId));
  await tx.insert(verificationChanges).values({
    userId: change.userId,
    verified: change.verified,
    source: change.source,
    changedBy: change.by,
    reason: change.reason,
    createdAt: change.at,
  });
}

/** Documents for the operator, oldest first (the review queue's order). */
export function listDocuments(
  db: DbOrTx,
  filter: { status: string; userId?: number | undefined },
  limit: number,
): Promise<DocumentRow[]> {
  return db
    .select()
    .from(playerDocuments)
    .where(
      and(
        eq(playerDocuments.status, filter.status),
        filter.userId === undefined ? sql`true` : eq(playerDocuments.userId, filter.userId),
      ),
    )
    .orderBy(asc(playerDocuments.createdAt), asc(playerDocuments.id))
    .limit(limit);
}

// --- personal data (docs/privacy.md#what-each-module-holds) -------------------------------------

/** The player's documents as the export lists them: what was sent and how it was reviewed, never the file or where it is stored. */
export async function documentsForExport(db: Executor, userId: number): Promise<unknown[]> {
  return jsonRows(
    db,
    sql`SELECT id, document_type, status, description, file_name, content_type, size_bytes, reviewed_at,
               rejection_reason, created_at
          FROM player_documents WHERE user_id = ${userId} ORDER BY id`,
  );
}

/** Every change of the player's verified mark: when, whether by documents or by an operator, and why. */
export async function verificationChangesForExport(db: Executor, userId: number): Promise<unknown[]> {
  return jsonRows(
    db,
    sql`SELECT verified, source, reason, created_at FROM verification_changes WHERE user_id = ${userId} ORDER BY id`,
  );
}
