import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A player. Integer ids, as SoftSwiss-style clients expect (docs/api-shapes.md#player-object). */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    encryptedPassword: text('encrypted_password').notNull(),
    nickname: text('nickname'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    gender: text('gender'),
    /** ISO date (YYYY-MM-DD). */
    dateOfBirth: text('date_of_birth'),
    country: text('country'),
    city: text('city'),
    address: text('address'),
    postalCode: text('postal_code'),
    mobilePhone: text('mobile_phone'),
    currency: text('currency').notNull(),
    language: text('language').notNull().default('en'),
    receivePromos: boolean('receive_promos').notNull().default(false),
    receiveSmsPromos: boolean('receive_sms_promos').notNull().default(false),
    /** Promotional consents besides mail and SMS (docs/player-profile.md#subscriptions): off until the player opts in. */
    receivePromosViaPhoneCalls: boolean('receive_promos_via_phone_calls').notNull().default(false),
    agreedToPartnerPromotions: boolean('agreed_to_partner_promotions').notNull().default(false),
    /** The deposit bonus chosen for the next deposit (a campaign's code; docs/bonuses.md#the-calls). */
    depositBonusCode: text('deposit_bonus_code'),
    /**
     * When the player last chose or cleared the deposit bonus themselves (null: never). The welcome
     * offer is set only for a player who never did, so a quick "no bonus" is never overridden.
     */
    depositBonusCodeChosenAt: ts('deposit_bonus_code_chosen_at'),
    /** The player's bonus opt-out: false, no bonus is issued or offered (docs/bonuses.md#data-model). */
    canIssueBonuses: boolean('can_issue_bonuses').notNull().default(true),
    profession: text('profession'),
    /** 'A' or 'B': registration/profile A/B variant (docs/player-app.md#registration-variant). */
    registrationVariant: text('registration_variant').notNull().default('A'),
    /** Affiliate tag (`stag`) captured at sign-up. */
    stag: text('stag'),
    /** Device fingerprint sent with sign-up. */
    dfpc: text('dfpc'),
    termsAcceptedAt: ts('terms_accepted_at'),
    /** True once the player saved their personal data (docs/player-app.md#required-profile-data). */
    saved: boolean('saved').notNull().default(false),
    twoFactorSecret: text('two_factor_secret'),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /** Last accepted TOTP time step, so a code cannot be replayed (docs/reliability.md#a4-two-factor-codes). */
    twoFactorLastStep: bigint('two_factor_last_step', { mode: 'number' }),
    confirmedAt: ts('confirmed_at'),
    /** A requested new e-mail address, waiting for its confirmation link (decision 015). */
    unconfirmedEmail: text('unconfirmed_email'),
    verified: boolean('verified').notNull().default(false),
    currentSignInAt: ts('current_sign_in_at'),
    lastSignInAt: ts('last_sign_in_at'),
    currentSignInIp: text('current_sign_in_ip'),
    signInCount: integer('sign_in_count').notNull().default(0),
    disabledAt: ts('disabled_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
);

/** Group and level membership (statuses: docs/player-app.md#groups-and-restrictions). */
export const playerStatuses = pgTable(
  'player_statuses',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    statusId: text('status_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.statusId] })],
);

/** Catalogue of statuses: loyalty levels (`status` true) and groups (`status` false). */
export const statuses = pgTable('statuses', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  isLevel: boolean('is_level').notNull().default(false),
  writable: boolean('writable').notNull().default(false),
  position: integer('position').notNull().default(0),
});

/**
 * Server-side sessions. The cookie holds a random token; only its SHA-256 is stored, so a leaked
 * database row cannot be replayed as a cookie.
 */
export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie's token: never shown to anyone, the player included. */
    id: text('id').primaryKey(),
    /**
     * The id the player's sessions list shows and `DELETE /api/player/sessions/{id}` takes
     * (docs/auth.md#active-sessions): a random number (52 bits from the CSPRNG, migration 0043),
     * with no relation to the token and none to other sessions, so it says nothing about how many
     * sessions there are or whose came next.
     */
    publicId: bigint('public_id', { mode: 'number' }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Player who passed the password step and still owes a TOTP code. */
    pendingUserId: integer('pending_user_id').references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip'),
    /** The geo country of the sign-in request, when the CDN named one. */
    country: text('country'),
    userAgent: text('user_agent'),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    /** When the player last proved it is them in this session (step-up, decision 015). */
    stepUpAt: ts('step_up_at'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), uniqueIndex('sessions_public_id_idx').on(t.publicId)],
);

/**
 * Two-factor recovery codes (docs/auth.md#recovery-codes): each stands in for one authenticator code,
 * once. Only a keyed hash is stored (HMAC-SHA-256 under a key derived from APP_SECRET): the codes
 * carry 60 random bits, so a slow hash adds nothing against guessing, and a lookup by hash lets one
 * guarded UPDATE use a code up.
 */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    usedAt: ts('used_at'),
  },
  (t) => [uniqueIndex('two_factor_recovery_codes_user_hash_idx').on(t.userId, t.codeHash)],
);

/** Single-use tokens mailed to players (confirmation, password reset). Only hashes are stored. */
export const userTokens = pgTable(
  'user_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('user_tokens_user_purpose_idx').on(t.userId, t.purpose)],
);

/**
 * Sign-in throttling buckets keyed by `account:<email>` or `ip:<addr>`, in the database so that
 * every api instance sees the same counts.
 */
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: ts('window_started_at').notNull().defaultNow(),
  lockedUntil: ts('locked_until'),
});

/**
 * One wallet per player and currency (docs/player-app.md#data-objects). Amounts are minor units. These are the
 * cached balances of the player's ledger accounts (cash = `available_to_cashout_cents`, bonus =
 * total − cash), changed only by the wallet module in the same transaction as the postings; the
 * CHECKs make a negative balance impossible whatever the code does. `version` goes up by one with
 * every change, so a client can tell a newer balance from an older one.
 */
export const playerAccounts = pgTable(
  'player_accounts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    active: boolean('active').notNull().default(true),
    amountCents: bigint('amount_cents', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    availableToCashoutCents: bigint('available_to_cashout_cents', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    /**
     * Cash part of the latest debit. An UPDATE's SET sees the row before the change, so the guarded
     * debit records here how much came from cash, readable in RETURNING in the same statement.
     */
    lastDebitCashCents: bigint('last_debit_cash_cents', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('player_accounts_user_currency_idx').on(t.userId, t.currency),
    check('player_accounts_amount_nonneg', sql`${t.amountCents} >= 0`),
    check('player_accounts_cashout_nonneg', sql`${t.availableToCashoutCents} >= 0`),
    check('player_accounts_cashout_le_amount', sql`${t.availableToCashoutCents} <= ${t.amountCents}`),
  ],
);

/** Outgoing mail: every message is recorded; with no SMTP configured it is only shown by the dev mailbox. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    /**
     * The player the message was sent for: the copy of their data and the erasure find their
     * messages by this, never by the address (docs/privacy.md#mails-and-texts). Null on rows written
     * before the column existed.
     */
    userId: integer('user_id').references(() => users.id),
    to: text('to').notNull(),
    /** `email`, or `sms` for a text message the default SMS sender recorded (docs/player-profile.md#sms-sender). */
    channel: text('channel').notNull().default('email'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: ts('created_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
    error: text('error'),
  },
  (t) => [index('mail_outbox_user_idx').on(t.userId)],
);

/**
 * The identities of erased players whose self-exclusion still runs (docs/privacy.md#a-self-exclusion-outlives-erasure):
 * an HMAC-SHA256 of the normalised e-mail address, keyed by a key derived from the app secret, and
 * when the exclusion ends (null: never). Sign-up refuses an address found here until then. Owned by
 * the auth module; the limits module writes it when it erases a self-excluded player. No user id:
 * the row names no account, only an address that may not open one yet.
 */
export const excludedIdentities = pgTable('excluded_identities', {
  identityHash: text('identity_hash').primaryKey(),
  endsAt: ts('ends_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});
