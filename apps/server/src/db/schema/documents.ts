import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A verification document a player uploaded (docs/verification.md). The file itself lives in the
 * document store under `storage_key` (encrypted); the row holds what the player and the operator
 * see, and the review: who, when, and the reason of a rejection. `not_approved` → `approved` |
 * `rejected`, once; only a `not_approved` document may be deleted by its player.
 */
export const playerDocuments = pgTable(
  'player_documents',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** identity | address | deposit | payment_method */
    documentType: text('document_type').notNull(),
    /** not_approved | approved | rejected */
    status: text('status').notNull(),
    description: text('description'),
    /** The file's name on the player's device, cleaned; shown, never used to store or serve the file. */
    fileName: text('file_name').notNull(),
    /** The type found in the file's first bytes. */
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** SHA-256 of the file as uploaded, so an operator can tell the same file sent twice. */
    sha256: text('sha256').notNull(),
    /** Where the document store keeps the (encrypted) file: a random key, never the file's name. */
    storageKey: text('storage_key').notNull(),
    /** The operator who reviewed it (the name they gave: the admin token is shared) and when. */
    reviewedBy: text('reviewed_by'),
    reviewedAt: ts('reviewed_at'),
    rejectionReason: text('rejection_reason'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('player_documents_user_idx').on(t.userId, t.createdAt),
    index('player_documents_status_idx').on(t.status, t.createdAt),
    check('player_documents_status_check', sql`${t.status} IN ('not_approved', 'approved', 'rejected')`),
    check(
      'player_documents_type_check',
      sql`${t.documentType} IN ('identity', 'address', 'deposit', 'payment_method')`,
    ),
    check(
      'player_documents_review_check',
      sql`(${t.status} = 'not_approved') = (${t.reviewedAt} IS NULL) AND (${t.status} = 'rejected') = (${t.rejectionReason} IS NOT NULL)`,
    ),
  ],
);

/**
 * Every change of a player's `verified` mark: by documents (both identity and address approved)
 * or by an operator's hand, with who and why. The mark itself is `users.verified`.
 */
export const verificationChanges = pgTable(
  'verification_changes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    verified: boolean('verified').notNull(),
    /** documents | operator */
    source: text('source').notNull(),
    /** The operator's name, or the reviewer whose approval completed the documents. */
    changedBy: text('changed_by').notNull(),
    reason: text('reason'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('verification_changes_user_idx').on(t.userId, t.createdAt)],
);
