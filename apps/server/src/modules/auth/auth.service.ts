import { FIELD_MESSAGES, type SignUpUser } from '@croupier/shared/api/auth';
import type { Locale } from '@croupier/shared/locales';
import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { appendEvent } from '../../events/event-log.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { tooManyRequests, unauthorized, unprocessable } from '../../lib/errors.ts';
import type { Mailer } from '../mail/index.ts';
import { buildMail, type MailKind } from '../mail/index.ts';
import { refuseExcludedIdentity } from './excluded-identities.ts';
import { dateOfBirthErrors } from '../player/index.ts';
import { hasRequiredData } from '../player/index.ts';
import {
  addStatuses,
  findUserByEmail,
  findUserById,
  insertUser,
  updateUser,
  upsertActiveAccount,
  type DbOrTx,
  type User,
} from '../player/index.ts';
import { abGroupForPlayerId, registrationVariantFor, VARIANT_GROUPS } from '../player/index.ts';
import type { SessionService, LoadedSession } from './session.service.ts';
import {
  applyEmailChange,
  consumeToken,
  deleteUnusedTokens,
  findValidToken,
  insertToken,
  lockConfirmation,
  markConfirmed,
  confirmedByUsedToken,
  recordSignIn,
  setPasswordHash,
  setUnconfirmedEmail,
  type TokenPurpose,
} from './auth.repository.ts';
import { mergeErrors } from '../../http/validate.ts';
import { dummyPasswordHash, hashPassword, needsRehash, passwordPolicyErrors, verifyPassword } from './passwords.ts';
import { createStepUpService, steppedUp, stepUpRequired } from './step-up.ts';
import { createThrottle, takeSendCaps, throttleKeys } from './throttle.ts';
import { createTwoFactorService } from './two-factor.service.ts';

export interface AuthDeps {
  db: Db;
  env: Env;
  clock: Clock;
  mailer: Mailer;
  sessions: SessionService;
}

const HOUR = 3_600_000;
/** Lifetimes of mailed links. */
const TOKEN_TTL: Record<TokenPurpose, number> = {
  confirmation: 24 * HOUR,
  reset_password: 1 * HOUR,
  email_change: 24 * HOUR,
};
/** Where each link lands in the web app (docs/player-app.md#redirects sends these paths to the popups). */
const TOKEN_LINK: Record<TokenPurpose, { path: string; param: string; mail: MailKind }> = {
  confirmation: { path: '/users/confirmation', param: 'confirmation_token', mail: 'confirmation' },
  reset_password: { path: '/users/password/edit', param: 'reset_password_token', mail: 'reset_password' },
  // The same landing page as the account confirmation: opening either link confirms an address.
  email_change: { path: '/users/confirmation', param: 'confirmation_token', mail: 'email_change' },
};
/**
 * The shape of every mailed token (`randomToken(32)`): anything else cannot be one of ours, so it is
 * refused as invalid without a look-up and without taking an attempt (it could not have been right).
 */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** Level every new player starts at (the loyalty ladder moves them up). */
const STARTING_LEVEL = 'level_1';

/** One body for every failed password step, known e-mail or not (docs/reliability.md#a3-throttling). */
export const invalidCredentials = () => unauthorized('invalid_credentials', 'Invalid email or password.');

function isUniqueViolation(error: unknown): boolean {
  // drizzle wraps driver errors; the SQLSTATE sits on the error or on its cause.
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export type SignInOutcome = { kind: 'signed_in'; user: User } | { kind: 'two_factor'; userId: number };

export interface AccountUpdate {
  current_password: string;
  password?: string | undefined;
  email?: string | undefined;
}

export function createAuthService({ db, env, clock, mailer, sessions }: AuthDeps) {
  const throttle = createThrottle({ db, clock, env });
  const twoFactor = createTwoFactorService({ db, env, clock, mailer, throttle });
  const stepUp = createStepUpService({ db, clock, sessions, throttle, twoFactor });
  // Computed now so the first sign-in with an unknown e-mail is not slower than the others.
  void dummyPasswordHash();

  /** Stores a new token (only its hash) and replaces older unused ones of the same purpose. */
  async function issueToken(tx: DbOrTx, userId: number, purpose: TokenPurpose): Promise<string> {
    const token = randomToken(32);
    const now = clock.now();
    await deleteUnusedTokens(tx, userId, purpose);
    await insertToken(tx, {
      tokenHash: sha256(token),
      userId,
      purpose,
      now,
      expiresAt: new Date(now.getTime() + TOKEN_TTL[purpose]),
    });
    return token;
  }

  function mailLink(purpose: TokenPurpose, token: string): string {
    const { path, param } = TOKEN_LINK[purpose];
    return `${env.publicUrl}${path}?${param}=${encodeURIComponent(token)}`;
  }

  async function sendTokenMail(user: User, purpose: TokenPurpose, token: string, to = user.email): Promise<void> {
    await mailer.send(buildMail(TOKEN_LINK[purpose].mail, { ...user, email: to }, mailLink(purpose, token)));
  }

  /**
   * Mails of one kind per player are capped like failures (AUTH_MAX_FAILURES per window), so the
   * public "mail me a link" calls cannot be used to flood someone's mailbox.
   */
  function mayMail(purpose: TokenPurpose, userId: number): Promise<boolean> {
    return throttle.countMail(throttleKeys.mail(purpose, userId));
  }

  /**
   * The sign-in's bookkeeping, once its session started (`sessions.start` refused nobody): a weaker
   * hash upgraded, the failures before it forgiven, the previous sign-in kept for the player to see.
   */
  async function signedIn(user: User, ip: string, password?: string): Promise<User> {
    const now = clock.now();
    if (password !== undefined && needsRehash(user.encryptedPassword)) {
      await setPasswordHash(db, user.id, await hashPassword(password), now);
    }
    await throttle.clear([throttleKeys.account(user.email), throttleKeys.otp(user.id)]);
    return (await recordSignIn(db, user.id, ip, now)) ?? user;
  }

  /**
   * One sign-up from the client's address and from its browser (docs/auth.md#sign-up-throttle),
   * taken in the sign-up's transaction before the account is made: of 15 at once, exactly the room
   * left gets through, and a refused or failed sign-up (rolled back) counts nowhere.
   */
  async function takeSignUp(tx: DbOrTx, context: { ip: string; device: string }, now: Date): Promise<void> {
    const windowMs = env.SIGNUP_WINDOW_MINUTES * 60_000;
    const full = await takeSendCaps(tx, now, [
      { key: throttleKeys.signUpIp(context.ip), max: env.SIGNUP_MAX_PER_IP, windowMs },
      { key: throttleKeys.signUpDevice(sha256(context.device)), max: env.SIGNUP_MAX_PER_DEVICE, windowMs },
    ]);
    if (full)
      throw tooManyRequests(
        full.retryAfterSeconds,
        'Too many accounts were opened from this device or network. Please try again later.',
      );
  }

  /**
   * POST /api/users. Field rules were checked by the shared schema; here come the rules that need
   * the database or the clock. Everything is written in one transaction; the confirmation mail goes
   * out after it commits.
   */
  async function signUp(input: SignUpUser, context: { ip: string; language: Locale; device: string }): Promise<User> {
    const now = clock.now();
    const policy = passwordPolicyErrors(input.password, input.email);
    const existing = await findUserByEmail(db, input.email);
    const errors = mergeErrors(
      policy.length > 0 ? { password: policy } : {},
      dateOfBirthErrors(input.date_of_birth, now),
      existing ? { email: [FIELD_MESSAGES.taken] } : {},
    );
    if (Object.keys(errors).length > 0) throw unprocessable('validation_error', 'Some fields are not valid.', errors);

    // Hashing is slow (~40 ms): done before the transaction so it never holds the database.
    const encryptedPassword = await hashPassword(input.password);
    const blank = (v: string | null | undefined) => (v ? v : null);
    let created: { user: User; token: string };
    try {
      created = await db.transaction(async (tx) => {
        await takeSignUp(tx, context, now);
        const inserted = await insertUser(tx, {
          email: input.email,
          encryptedPassword,
          nickname: blank(input.nickname),
          firstName: input.first_name,
          lastName: input.last_name,
          gender: blank(input.gender),
          dateOfBirth: input.date_of_birth,
          country: input.country,
          city: input.city,
          address: input.address,
          postalCode: input.postal_code,
          mobilePhone: blank(input.mobile_phone),
          currency: input.currency,
          language: context.language,
          receivePromos: input.receive_promos ?? false,
          receiveSmsPromos: input.receive_sms_promos ?? false,
          stag: blank(input.stag),
          dfpc: blank(input.dfpc),
          termsAcceptedAt: now,
          signInCount: 1,
          currentSignInAt: now,
          currentSignInIp: context.ip,
          createdAt: now,
          updatedAt: now,
        });
        // After the insert: it waited for an erasure freeing this address to commit, so the
        // address that erasure remembered is seen here (docs/privacy.md#a-self-exclusion-outlives-erasure).
        await refuseExcludedIdentity(tx, env.appSecret, input.email, now);
        // The variant may depend on the id, which exists only now.
        const variant = registrationVariantFor(inserted.id, input.stag, input.variant);
        const user =
          (await updateUser(
            tx,
            inserted.id,
            { registrationVariant: variant, saved: hasRequiredData(inserted) },
            now,
          )) ?? inserted;
        await addStatuses(tx, user.id, [STARTING_LEVEL, abGroupForPlayerId(user.id), VARIANT_GROUPS[variant]], now);
        await upsertActiveAccount(tx, user.id, input.currency, now);
        await appendEvent(tx, {
          type: 'player.registered',
          userId: user.id,
          at: now,
          payload: {
            currency: input.currency,
            country: user.country ?? null,
            registration_variant: variant,
            stag: blank(input.stag),
          },
        });
        const token = await issueToken(tx, user.id, 'confirmation');
        return { user, token };
      });
    } catch (error) {
      // Two sign-ups with the same e-mail at once: the unique index decides, the loser gets the form error.
      if (isUniqueViolation(error))
        throw unprocessable('validation_error', 'Some fields are not valid.', { email: [FIELD_MESSAGES.taken] });
      throw error;
    }
    await throttle.countMail(throttleKeys.mail('confirmation', created.user.id));
    await sendTokenMail(created.user, 'confirmation', created.token);
    return created.user;
  }

  /**
   * Password step of POST /api/users/sign_in. The attempt is taken from the IP's and the account's
   * buckets before the password is tested (429 when either is full), and an unknown e-mail is
   * verified against a dummy hash, so status, body and time are the same whether or not the account
   * exists (docs/reliability.md#a3-throttling). A right password gives the attempt back. Whether the
   * player may have a session (disabled, self-excluded) is for `sessions.start` to say.
   */
  async function signIn(
    input: { email?: string | undefined; password?: string | undefined },
    ip: string,
  ): Promise<SignInOutcome> {
    const email = (input.email ?? '').trim().toLowerCase();
    const attempt = await throttle.take([throttle.buckets.ip(ip), ...(email ? [throttle.buckets.account(email)] : [])]);

    const user = email ? await findUserByEmail(db, email) : undefined;
    const passwordOk = await verifyPassword(
      user?.encryptedPassword ?? (await dummyPasswordHash()),
      input.password ?? '',
    );
    if (!user || !passwordOk || !input.password) throw invalidCredentials();
    await attempt.giveBack();
    if (user.twoFactorEnabled) return { kind: 'two_factor', userId: user.id };
    return { kind: 'signed_in', user };
  }

  /**
   * Two-factor step: `{ otp_attempt }` against the player remembered by the pending session. The
   * attempt is taken from the player's code bucket and the IP's before the code is tested.
   */
  async function signInWithCode(loaded: LoadedSession | null, code: string, ip: string): Promise<User> {
    const pendingUserId = loaded?.session.pendingUserId;
    if (!pendingUserId) throw unauthorized('two_factor_session_expired', 'Sign in with your email and password first.');
    const attempt = await throttle.take([
      throttle.buckets.player(throttleKeys.otp(pendingUserId)),
      throttle.buckets.ip(ip),
    ]);
    const user = await findUserById(db, pendingUserId);
    if (!user || user.disabledAt || !user.twoFactorEnabled) {
      await attempt.giveBack();
      throw unauthorized('two_factor_session_expired', 'Sign in with your email and password first.');
    }
    if (!(await twoFactor.consumeCode(user, code)))
      throw unprocessable('invalid_otp', 'The code is not valid.', { otp_attempt: ['is invalid'] });
    await attempt.giveBack();
    return user;
  }

  /** POST /api/users/password: the same empty answer whatever the e-mail (no account enumeration). */
  async function requestPasswordReset(email: string): Promise<void> {
    const user = await findUserByEmail(db, email);
    if (!user || user.disabledAt || !(await mayMail('reset_password', user.id))) return;
    const token = await issueToken(db, user.id, 'reset_password');
    await sendTokenMail(user, 'reset_password', token);
  }

  /**
   * PUT /api/users/password: new password from a mailed token. The token is used up, every session
   * of the player ends, and the caller signs the player in, except when two-factor is on: a mailbox
   * alone must never get past the second factor (docs/reliability.md#a4-two-factor-codes).
   */
  async function resetPassword(input: { reset_password_token: string; password: string }, ip: string): Promise<User> {
    const now = clock.now();
    const tokenHash = sha256(input.reset_password_token);
    // A token is a secret too: the attempt is taken from the IP's bucket before it is looked up.
    const wellFormed = TOKEN_SHAPE.test(input.reset_password_token);
    const attempt = wellFormed ? await throttle.take([throttle.buckets.ip(ip)]) : null;
    const ownerId = wellFormed ? await findValidToken(db, tokenHash, 'reset_password', now) : null;
    const owner = ownerId ? await findUserById(db, ownerId) : undefined;
    const tokenOk = owner && !owner.disabledAt;
    if (tokenOk) await attempt?.giveBack();
    const policy = owner ? passwordPolicyErrors(input.password, owner.email) : [];
    const errors = mergeErrors(
      tokenOk ? {} : { reset_password_token: ['is invalid'] },
      policy.length > 0 ? { password: policy } : {},
    );
    if (Object.keys(errors).length > 0) throw unprocessable('validation_error', 'Some fields are not valid.', errors);

    const encryptedPassword = await hashPassword(input.password);
    const userId = await db.transaction(async (tx) => {
      const id = await consumeToken(tx, tokenHash, 'reset_password', now);
      if (id === null) return null;
      await setPasswordHash(tx, id, encryptedPassword, now);
      // Following the link proves the mailbox, which is what confirmation proves too.
      await confirming(tx, id, now, () => markConfirmed(tx, id, now));
      return id;
    });
    if (userId === null)
      throw unprocessable('validation_error', 'Some fields are not valid.', { reset_password_token: ['is invalid'] });
    await sessions.destroyAllForUser(userId);
    const user = await findUserById(db, userId);
    if (!user)
      throw unprocessable('validation_error', 'Some fields are not valid.', { reset_password_token: ['is invalid'] });
    await throttle.clear([throttleKeys.account(user.email)]);
    await mailer.send(buildMail('password_changed', user));
    return user;
  }

  /**
   * Runs a change that may confirm the player's address, the player's row locked first, and appends
   * `player.email_confirmed` when it is the address's first confirmation: registration bonuses are
   * issued only then (docs/bonuses.md#settled-before-building).
   */
  async function confirming(
    tx: DbOrTx,
    userId: number,
    now: Date,
    change: () => Promise<User | undefined>,
  ): Promise<User | undefined> {
    const before = await lockConfirmation(tx, userId);
    const after = await change();
    if (before && !before.confirmed && after?.confirmedAt) {
      await appendEvent(tx, {
        type: 'player.email_confirmed',
        userId,
        payload: { currency: after.currency, country: after.country ?? null },
        at: now,
      });
    }
    return after;
  }

  /**
   * GET /api/users/confirmation: uses the token up and confirms the e-mail address. Opening the same
   * link again (a reload) answers the same: the address is confirmed. The attempt is taken from the
   * IP's bucket before the token is looked up, and given back when it was a good link.
   */
  async function confirm(token: string, ip: string): Promise<User> {
    const now = clock.now();
    if (!TOKEN_SHAPE.test(token))
      throw unprocessable('validation_error', 'The confirmation link is not valid.', {
        confirmation_token: ['is invalid'],
      });
    const attempt = await throttle.take([throttle.buckets.ip(ip)]);
    const user = await db
      .transaction(async (tx) => {
        const id = await consumeToken(tx, sha256(token), 'confirmation', now);
        if (id !== null) return (await confirming(tx, id, now, () => markConfirmed(tx, id, now))) ?? null;
        // The same link path confirms a requested new address (decision 015), which then becomes
        // the sign-in address.
        const changing = await consumeToken(tx, sha256(token), 'email_change', now);
        if (changing !== null)
          return (await confirming(tx, changing, now, () => applyEmailChange(tx, changing, now))) ?? null;
        return confirmedByUsedToken(tx, sha256(token));
      })
      .catch((error: unknown) => {
        // Someone signed up with the new address after the change was asked: it is no longer free.
        if (isUniqueViolation(error))
          throw unprocessable('validation_error', 'Some fields are not valid.', { email: [FIELD_MESSAGES.taken] });
        throw error;
      });
    if (user) await attempt.giveBack();
    if (!user || user.disabledAt)
      throw unprocessable('validation_error', 'The confirmation link is not valid.', {
        confirmation_token: ['is invalid'],
      });
    return user;
  }

  /**
   * PUT /api/users (docs/api-shapes.md#account-update): a new password and/or e-mail address, always with the current
   * password. That password check is the step-up when two-factor is off, and is recorded as one; with
   * two-factor on it is not enough, and the session must have stepped up with the code within the
   * window (403 `reauth_required` otherwise, checked first so no password is tested in vain).
   * A new password signs out every other session; a new address waits for its link.
   */
  async function updateAccount(
    loaded: LoadedSession | null,
    input: AccountUpdate,
    ip: string,
  ): Promise<{ user: User; endedSessions: string[] }> {
    const signedIn = loaded?.user;
    if (!loaded || !signedIn) throw unauthorized();
    const now = clock.now();
    if (signedIn.twoFactorEnabled && !steppedUp(loaded.session, now)) throw stepUpRequired(true);
    const accountKey = throttleKeys.account(signedIn.email);
    // Taken before the password is tested, as at sign-in (the same buckets).
    const attempt = await throttle.take([throttle.buckets.account(signedIn.email), throttle.buckets.ip(ip)]);
    const user = (await findUserById(db, signedIn.id)) ?? signedIn;
    if (!input.current_password || !(await verifyPassword(user.encryptedPassword, input.current_password)))
      throw unprocessable('validation_error', 'Some fields are not valid.', { current_password: ['is invalid'] });
    await attempt.giveBack();
    await throttle.clear([accountKey]);
    if (!user.twoFactorEnabled) await sessions.markSteppedUp(loaded.session.id, now);

    const newEmail = input.email !== undefined && input.email !== user.email.toLowerCase() ? input.email : null;
    const policy = input.password !== undefined ? passwordPolicyErrors(input.password, newEmail ?? user.email) : [];
    const errors = mergeErrors(
      policy.length > 0 ? { password: policy } : {},
      newEmail && (await findUserByEmail(db, newEmail)) ? { email: [FIELD_MESSAGES.taken] } : {},
    );
    if (Object.keys(errors).length > 0) throw unprocessable('validation_error', 'Some fields are not valid.', errors);
    // Checked before anything changes: a capped mailbox gets no more links, and nothing is half done.
    if (newEmail && !(await mayMail('email_change', user.id))) throw tooManyRequests(env.AUTH_LOCK_MINUTES * 60);

    let endedSessions: string[] = [];
    if (input.password !== undefined) {
      await setPasswordHash(db, user.id, await hashPassword(input.password), now);
      // docs/reliability.md#a6-session-end: whoever else holds a session of this account is signed out.
      endedSessions = await sessions.destroyOthersForUser(user.id, loaded.session.id);
      await mailer.send(buildMail('password_changed', user));
    }
    if (newEmail) {
      const token = await db.transaction(async (tx) => {
        await setUnconfirmedEmail(tx, user.id, newEmail, now);
        return issueToken(tx, user.id, 'email_change');
      });
      await sendTokenMail(user, 'email_change', token, newEmail);
      // The current address hears of it too (docs/reliability.md#a7-sign-in-notices): it is the one an intruder cannot read.
      await mailer.send(buildMail('email_change_requested', user));
    } else if (input.email !== undefined && user.unconfirmedEmail) {
      // Asking for the current address again withdraws a change still waiting for its link.
      await db.transaction(async (tx) => {
        await setUnconfirmedEmail(tx, user.id, null, now);
        await deleteUnusedTokens(tx, user.id, 'email_change');
      });
    }
    return { user: (await findUserById(db, user.id)) ?? user, endedSessions };
  }

  /** POST /api/users/confirmation: mails a new link to unconfirmed accounts; the same answer for all. */
  async function resendConfirmation(email: string): Promise<void> {
    const user = await findUserByEmail(db, email);
    if (!user || user.disabledAt || user.confirmedAt || !(await mayMail('confirmation', user.id))) return;
    const token = await issueToken(db, user.id, 'confirmation');
    await sendTokenMail(user, 'confirmation', token);
  }

  return {
    signUp,
    signIn,
    signInWithCode,
    requestPasswordReset,
    resetPassword,
    confirm,
    resendConfirmation,
    signedIn,
    updateAccount,
    twoFactor,
    stepUp,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
