import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A player's request for a copy of their data (docs/privacy.md#the-copy-of-your-data). The leased
 * job builds `content` (one JSON document), mails a one-time link whose token only the hash of is
 * kept, and the content is deleted when the link is used or expires: the row stays as the record
 * that the request was answered.
 */
export const gdprReports = pgTable(
  'gdpr_reports',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** pending | ready | downloaded | expired | cancelled */
    status: text('status').notNull(),
    requestedAt: ts('requested_at').notNull(),
    readyAt: ts('ready_at'),
    /** When the mailed link stops working and the content is deleted. */
    expiresAt: ts('expires_at'),
    /** SHA-256 of the mailed token; a new mail (after a crash) replaces it. */
    tokenHash: text('token_hash'),
    /** When the link's mail was handed to the mailer; null after a crash before it was. */
    mailedAt: ts('mailed_at'),
    downloadedAt: ts('downloaded_at'),
    /** The export document (UTF-8 JSON); null once downloaded, expired or cancelled. */
    content: text('content'),
  },
  (t) => [
    index('gdpr_reports_user_idx').on(t.userId, t.requestedAt),
    uniqueIndex('gdpr_reports_token_idx').on(t.tokenHash),
    index('gdpr_reports_status_idx').on(t.status),
  ],
);

/** Players erased on the operator's request (docs/privacy.md#erasure): one row each, kept. */
export const gdprErasures = pgTable('gdpr_erasures', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  erasedAt: ts('erased_at').notNull(),
  /** Free text the operator gave (a ticket number), never personal data. */
  reason: text('reason'),
});
