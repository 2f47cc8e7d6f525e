import { bigint, index, integer, numeric, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A player's responsible-gambling limit (docs/limits.md). Money limits (loss, wager, deposit) hold
 * one amount per currency in `user_limit_accounts`; cooling-off and self-exclusion hold none and
 * run until `ends_at`; a session limit holds `minutes`. A change that loosens a limit is parked in `pending_*` until the player
 * confirms it by the mailed token, no sooner than `confirmable_at` and no later than
 * `confirm_until`; a tighter one applies at once.
 */
export const userLimits = pgTable(
  'user_limits',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** loss | wager | deposit | session | coolingoff | selfexclusion */
    type: text('type').notNull(),
    /** day | day_3 | week | month | month_3 | month_6 | month_9 | month_12 | forever */
    period: text('period').notNull(),
    /** The start of the limit's first window; windows follow one another from here. */
    anchorAt: ts('anchor_at').notNull(),
    /** A session limit: the minutes one sign-in session may be used for play (docs/limits.md#session-limits). */
    minutes: integer('minutes'),
    /** A parked raise of a session limit: the minutes that apply once the player confirms it. */
    pendingMinutes: integer('pending_minutes'),
    /** Cooling-off and self-exclusion: when the break ends (null: forever). */
    endsAt: ts('ends_at'),
    /** A parked change: `raise` (new amounts in the accounts' `pending_amount_cents`) or `remove`. */
    pendingChange: text('pending_change'),
    requestedAt: ts('requested_at'),
    confirmableAt: ts('confirmable_at'),
    confirmUntil: ts('confirm_until'),
    /** SHA-256 of the mailed confirmation token; the token itself is never stored. */
    confirmTokenHash: text('confirm_token_hash'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('user_limits_user_idx').on(t.userId)],
);

export const userLimitAccounts = pgTable(
  'user_limit_accounts',
  {
    limitId: integer('limit_id')
      .notNull()
      .references(() => userLimits.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
    /** A parked raise's amount; applies when the player confirms it. */
    pendingAmountCents: bigint('pending_amount_cents', { mode: 'bigint' }),
  },
  (t) => [primaryKey({ columns: [t.limitId, t.currency] })],
);

/**
 * The exchange rates limits convert by (docs/limits.md#one-limit-every-wallet): `units` of `currency`
 * are worth `eur` euros. A limit binds play from every wallet of the player, each converted into the
 * limit's currency by these. Filled at start-up from the shared reference rates for every currency
 * missing here; a deployment with a rate source keeps the table current.
 */
export const limitRates = pgTable('limit_rates', {
  currency: text('currency').primaryKey(),
  eur: numeric('eur').notNull(),
  units: numeric('units').notNull(),
  /** Minor units to one unit (100 for fiat, 10^8 for coins), as the currency list says. */
  subunits: integer('subunits').notNull(),
  updatedAt: ts('updated_at').notNull(),
});
