import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The player's phone (docs/player-profile.md#phone): one per player, E.164, verified by a one-time
 * code sent by SMS. Only an HMAC of the pending code is stored, with its expiry and the wrong
 * attempts so far; the send counters hold the resend throttle and the daily cap.
 */
export const playerPhones = pgTable(
  'player_phones',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    verifiedAt: ts('verified_at'),
    codeHash: text('code_hash'),
    codeExpiresAt: ts('code_expires_at'),
    codeAttempts: integer('code_attempts').notNull().default(0),
    lastSentAt: ts('last_sent_at'),
    /** Start of the 24-hour window the daily send cap counts in, and the sends in it. */
    sendWindowStartedAt: ts('send_window_started_at'),
    sendsInWindow: integer('sends_in_window').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  // A verified number belongs to one player: a second account cannot prove the same phone.
  (t) => [
    uniqueIndex('player_phones_verified_number_idx')
      .on(t.number)
      .where(sql`${t.verifiedAt} IS NOT NULL`),
  ],
);
