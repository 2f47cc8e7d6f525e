import { and, eq, gt, inArray, isNotNull, isNull, or, lt, sql } from 'drizzle-orm';
import { authThrottle, userTokens, users } from '../../db/schema/index.ts';
import type { DbOrTx, User } from '../player/index.ts';
import { jsonRows } from '../../db/sql.ts';

export type TokenPurpose = 'confirmation' | 'reset_password' | 'email_change';

// --- mailed single-use tokens (only their SHA-256 is stored) -----------------------------------

export async function insertToken(
  db: DbOrTx,
  values: { tokenHash: string; userId: number; purpose: TokenPurpose; now: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(userTokens).values({
    tokenHash: values.tokenHash,
    userId: values.userId,
    purpose: values.purpose,
    createdAt: values.now,
    expiresAt: values.expiresAt,
  });
}

/** Drops a player's unused tokens of one purpose, so only the newest link works. */
export async function deleteUnusedTokens(db: DbOrTx, userId: number, purpose: TokenPurpose): Promise<void> {
  await db
    .delete(userTokens)
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));
}

/** The owner of a token that is unused and unexpired, without using it up. */
export async function findValidToken(
  db: DbOrTx,
  tokenHash: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<number | null> {
  const rows = await db
    .select({ userId: userTokens.userId })
    .from(userTokens)
    .where(
      and(
        eq(userTokens.tokenHash, tokenHash),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return rows[0]?.userId ?? null;
}

/**
 * Uses a token up in one guarded statement: of two concurrent requests with the same token only
 * one gets the owner back (single use, docs/reliability.md#i2-single-use).
 */
export async function consumeToken(
  db: DbOrTx,
  tokenHash: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<number | null> {
  const rows = await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(userTokens.tokenHash, tokenHash),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, now),
      ),
    )
    .returning({ userId: userTokens.userId });
  return rows[0]?.userId ?? null;
}

/**
 * The player of a confirmation link that was already used, once their address is confirmed: a
 * reload or a second click of the same link then reads as "confirmed", not as a broken link.
 */
export async function confirmedByUsedToken(db: DbOrTx, tokenHash: string): Promise<User | null> {
  const [row] = await db
    .select({ user: users })
    .from(userTokens)
    .innerJoin(users, eq(users.id, userTokens.userId))
    .where(
      and(
        eq(userTokens.tokenHash, tokenHash),
        // A new address's link too (decision 015): once used, the address it confirmed is in use.
        inArray(userTokens.purpose, ['confirmation', 'email_change']),
        isNotNull(userTokens.usedAt),
        isNotNull(users.confirmedAt),
      ),
    );
  return row?.user ?? null;
}

// --- throttling buckets -------------------------------------------------------------------------

/**
 * Takes one attempt from a bucket in one statement, BEFORE the secret it guards is tested
 * (docs/auth.md#throttling): at most `max` attempts per window, the window starting with its first
 * attempt; the attempt that fills the bucket locks it for `lockMs`. A full or locked bucket is left
 * as it is, so a refused attempt counts nowhere. Concurrent attempts on any api instance meet on the
 * bucket's row: of 100 at once, exactly the room left is taken. Returns the window the attempt was
 * taken in (as text, to guard a give-back exactly), or null when refused.
 */
export async function takeAttempt(
  db: DbOrTx,
  key: string,
  now: Date,
  { max, windowMs, lockMs }: { max: number; windowMs: number; lockMs: number },
): Promise<string | null> {
  const nowIso = now.toISOString();
  const lockUntil = new Date(now.getTime() + lockMs).toISOString();
  const expired = sql`auth_throttle.window_started_at <= ${new Date(now.getTime() - windowMs).toISOString()}::timestamptz`;
  const nextCount = sql`CASE WHEN ${expired} THEN 1 ELSE auth_throttle.failures + 1 END`;
  const taken = await db.execute(
    sql`INSERT INTO auth_throttle (key, failures, window_started_at, locked_until)
        VALUES (${key}, 1, ${nowIso}::timestamptz, CASE WHEN 1 >= ${max} THEN ${lockUntil}::timestamptz END)
        ON CONFLICT (key) DO UPDATE SET
          failures = ${nextCount},
          window_started_at = CASE WHEN ${expired} THEN ${nowIso}::timestamptz ELSE auth_throttle.window_started_at END,
          locked_until = CASE WHEN ${nextCount} >= ${max} THEN ${lockUntil}::timestamptz END
        WHERE (auth_throttle.locked_until IS NULL OR auth_throttle.locked_until <= ${nowIso}::timestamptz)
          AND (${expired} OR auth_throttle.failures < ${max})
        RETURNING window_started_at::text AS window`,
  );
  const row = taken.rows[0] as { window: string } | undefined;
  return row?.window ?? null;
}

/** When a bucket that refused an attempt opens again: its lock's end, else its window's. */
export async function bucketOpensAt(db: DbOrTx, key: string, now: Date, windowMs: number): Promise<Date> {
  const [row] = await db
    .select({ lockedUntil: authThrottle.lockedUntil, windowStartedAt: authThrottle.windowStartedAt })
    .from(authThrottle)
    .where(eq(authThrottle.key, key));
  if (row?.lockedUntil && row.lockedUntil > now) return row.lockedUntil;
  return new Date((row?.windowStartedAt.getTime() ?? now.getTime()) + windowMs);
}

/**
 * Gives an attempt back to the window it was taken in: the secret was right, or was never tested.
 * The bucket is then below its limit, so any lock goes; a bucket back at zero is removed. An attempt
 * taken in a window that has since started over gives nothing back to the new one.
 */
export async function giveBackAttempt(db: DbOrTx, key: string, window: string): Promise<void> {
  await db.execute(
    sql`UPDATE auth_throttle SET failures = failures - 1, locked_until = NULL
         WHERE key = ${key} AND window_started_at = ${window}::timestamptz AND failures > 0`,
  );
  await db.execute(sql`DELETE FROM auth_throttle WHERE key = ${key} AND failures <= 0`);
}

/**
 * Takes one event from a fixed-window cap in a single statement: at most `max` per window, the window
 * starting with its first event; a full bucket is left as it is (a refused try neither counts nor
 * moves the window). `locked_until` shows when a full bucket opens again. Returns null when taken,
 * else when the window ends.
 */
export async function takeFromCap(
  db: DbOrTx,
  key: string,
  now: Date,
  { max, windowMs }: { max: number; windowMs: number },
): Promise<Date | null> {
  const nowIso = now.toISOString();
  const expired = sql`auth_throttle.window_started_at <= ${new Date(now.getTime() - windowMs).toISOString()}::timestamptz`;
  const nextCount = sql`CASE WHEN ${expired} THEN 1 ELSE auth_throttle.failures + 1 END`;
  const nextStart = sql`CASE WHEN ${expired} THEN ${nowIso}::timestamptz ELSE auth_throttle.window_started_at END`;
  const taken = await db.execute(
    sql`INSERT INTO auth_throttle (key, failures, window_started_at, locked_until)
        VALUES (${key}, 1, ${nowIso}::timestamptz,
                CASE WHEN 1 >= ${max} THEN ${new Date(now.getTime() + windowMs).toISOString()}::timestamptz END)
        ON CONFLICT (key) DO UPDATE SET
          failures = ${nextCount},
          window_started_at = ${nextStart},
          locked_until = CASE WHEN ${nextCount} >= ${max} THEN ${nextStart} + ${`${windowMs} milliseconds`}::interval END
        WHERE ${expired} OR auth_throttle.failures < ${max}
        RETURNING failures`,
  );
  if (taken.rows.length > 0) return null;
  const [row] = await db
    .select({ windowStartedAt: authThrottle.windowStartedAt })
    .from(authThrottle)
    .where(eq(authThrottle.key, key));
  return new Date((row?.windowStartedAt.getTime() ?? now.getTime()) + windowMs);
}

/**
 * Removes buckets, one statement each: a statement never holds one bucket's row while waiting for
 * another's, so it cannot deadlock with a multi-bucket take (which locks them in key order).
 */
export async function clearThrottle(db: DbOrTx, keys: string[]): Promise<void> {
  for (const key of keys) await db.delete(authThrottle).where(eq(authThrottle.key, key));
}

// --- credentials and sign-in bookkeeping ----------------------------------------------------------

/** Sign-in counters: the previous sign-in moves to `last_*` so the player can see it (docs/reliability.md#a7-sign-in-notices). */
export async function recordSignIn(db: DbOrTx, userId: number, ip: string, now: Date): Promise<User | undefined> {
  const [row] = await db
    .update(users)
    .set({
      signInCount: sql`${users.signInCount} + 1`,
      lastSignInAt: sql`${users.currentSignInAt}`,
      currentSignInAt: now,
      currentSignInIp: ip,
      updatedAt: now,
    })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

export async function setPasswordHash(db: DbOrTx, userId: number, encryptedPassword: string, now: Date): Promise<void> {
  await db.update(users).set({ encryptedPassword, updatedAt: now }).where(eq(users.id, userId));
}

/**
 * Locks the player's row and says whether the address was ever confirmed, before a change that may
 * confirm it: the first confirmation is an event (`player.email_confirmed`), appended once even
 * when two links are opened at once.
 */
export async function lockConfirmation(db: DbOrTx, userId: number): Promise<{ confirmed: boolean } | undefined> {
  const [row] = await db
    .select({ confirmedAt: users.confirmedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row ? { confirmed: row.confirmedAt !== null } : undefined;
}

/** Sets `confirmed_at` unless it is already set; returns the player either way. */
export async function markConfirmed(db: DbOrTx, userId: number, now: Date): Promise<User | undefined> {
  const [row] = await db
    .update(users)
    .set({ confirmedAt: sql`COALESCE(${users.confirmedAt}, ${now.toISOString()}::timestamptz)`, updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

/** Remembers (or, with null, forgets) a requested new e-mail address until its link is opened. */
export async function setUnconfirmedEmail(db: DbOrTx, userId: number, email: string | null, now: Date): Promise<void> {
  await db.update(users).set({ unconfirmedEmail: email, updatedAt: now }).where(eq(users.id, userId));
}

/**
 * The new address's link was opened: it becomes the sign-in address, confirmed. Returns undefined
 * when no change is waiting. Another account taking the address first fails on the unique index.
 */
export async function applyEmailChange(db: DbOrTx, userId: number, now: Date): Promise<User | undefined> {
  const [row] = await db
    .update(users)
    .set({
      email: sql`${users.unconfirmedEmail}`,
      unconfirmedEmail: null,
      // The address now in use is the one just proven.
      confirmedAt: now,
      updatedAt: now,
    })
    .where(and(eq(users.id, userId), isNotNull(users.unconfirmedEmail)))
    .returning();
  return row;
}

// --- two-factor -----------------------------------------------------------------------------------

export async function setTwoFactor(
  db: DbOrTx,
  userId: number,
  values: { secret: string | null; enabled: boolean; lastStep: number | null },
  now: Date,
): Promise<void> {
  await db
    .update(users)
    .set({
      twoFactorSecret: values.secret,
      twoFactorEnabled: values.enabled,
      twoFactorLastStep: values.lastStep,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}

/**
 * Records the TOTP time step a code was accepted for, only if it is newer than the last one. False
 * means another request already used this (or a later) step: the code is a replay (docs/reliability.md#a4-two-factor-codes).
 */
export async function advanceTwoFactorStep(db: DbOrTx, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ twoFactorLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.twoFactorLastStep), lt(users.twoFactorLastStep, step))))
    .returning({ id: users.id });
  return rows.length > 0;
}

// --- personal data (docs/privacy.md#what-each-module-holds) -------------------------------------

/** The account's sign-in data for the player's export: never the password hash or the TOTP secret. */
export async function signInDataOf(db: DbOrTx, userId: number): Promise<unknown[]> {
  return jsonRows(
    db,
    sql`SELECT email, unconfirmed_email, confirmed_at, created_at, terms_accepted_at, current_sign_in_at,
               last_sign_in_at, current_sign_in_ip, sign_in_count, two_factor_enabled, disabled_at,
               dfpc AS device_fingerprint
          FROM users WHERE id = ${userId}`,
  );
}

/** The player's sessions (when, from which address and browser): never their ids, which are the cookies' hashes. */
export async function sessionsDataOf(db: DbOrTx, userId: number): Promise<unknown[]> {
  return jsonRows(
    db,
    sql`SELECT created_at, last_seen_at, expires_at, ip, user_agent, step_up_at,
               (user_id IS NULL) AS awaiting_two_factor
          FROM sessions WHERE user_id = ${userId} OR pending_user_id = ${userId}
         ORDER BY created_at, id`,
  );
}

/** The mailed single-use links the player was sent (purpose and dates): never the tokens' hashes. */
export async function mailedTokensOf(db: DbOrTx, userId: number): Promise<unknown[]> {
  return jsonRows(
    db,
    sql`SELECT purpose, created_at, expires_at, used_at FROM user_tokens WHERE user_id = ${userId}
         ORDER BY created_at, token_hash`,
  );
}

/**
 * Erasure of the sign-in data (docs/privacy.md#erasure): the address becomes `erased-<id>@invalid`,
 * the password an unusable marker, two-factor, the sign-in address and the device fingerprint go,
 * the account is disabled, and its sessions, mailed tokens, two-factor recovery codes and sign-in
 * counters are deleted. Guarded on the address not yet replaced, so a second run changes nothing.
 */
export async function eraseSignInData(db: DbOrTx, userId: number, now: Date): Promise<void> {
  const erased = `erased-${userId}@invalid`;
  const [before] = (
    await db.execute(sql`SELECT email FROM users WHERE id = ${userId} AND email <> ${erased} FOR UPDATE`)
  ).rows as { email: string }[];
  await db.execute(sql`DELETE FROM sessions WHERE user_id = ${userId} OR pending_user_id = ${userId}`);
  await db.execute(sql`DELETE FROM user_tokens WHERE user_id = ${userId}`);
  // Used or not, a recovery code is a way back into the account: none survives it.
  await db.execute(sql`DELETE FROM two_factor_recovery_codes WHERE user_id = ${userId}`);
  if (!before) return;
  await db.execute(
    sql`DELETE FROM auth_throttle WHERE key IN (${`account:${before.email.trim().toLowerCase()}`}, ${`otp:${userId}`})
           OR key LIKE ${`mail:%:${userId}`}`,
  );
  await db.execute(
    sql`UPDATE users SET email = ${erased}, unconfirmed_email = NULL, encrypted_password = '!erased',
               two_factor_secret = NULL, two_factor_enabled = false, two_factor_last_step = NULL,
               current_sign_in_ip = NULL, dfpc = NULL, disabled_at = coalesce(disabled_at, ${now}),
               updated_at = ${now}
         WHERE id = ${userId}`,
  );
}
