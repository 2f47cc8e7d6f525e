import {
  STEP_UP_WINDOW_MINUTES,
  type RecoveryCodes,
  type RecoveryCodesStatus,
  type TwoFactorEnabled,
  type TwoFactorSetup,
} from '@croupier/shared/api/auth';
import { createHmac } from 'node:crypto';
import QRCode from 'qrcode';
import type { Env } from '../../config/env.ts';
import { deriveKey } from '../../config/secrets.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { safeEqual } from '../../lib/crypto.ts';
import { unprocessable } from '../../lib/errors.ts';
import type { Mailer } from '../mail/index.ts';
import { buildMail } from '../mail/index.ts';
import type { DbOrTx, User } from '../player/index.ts';
import { advanceTwoFactorStep, setTwoFactor } from './auth.repository.ts';
import { newRecoveryCodes, normaliseRecoveryCode, recoveryCodeHasher } from './recovery-codes.ts';
import {
  deleteRecoveryCodes,
  recoveryCodeStatus,
  recoveryCodeUsedSince,
  replaceRecoveryCodes,
  useRecoveryCode,
} from './recovery-codes.repository.ts';
import { type Throttle, throttleKeys } from './throttle.ts';
import { createSecretBox, matchTotp, newTotpSecret, totpUri } from './totp.ts';

export interface TwoFactorDeps {
  db: Db;
  env: Pick<Env, 'appSecret' | 'publicUrl'>;
  clock: Clock;
  mailer: Mailer;
  throttle: Throttle;
}

const ISSUER = 'Croupier';
const SETUP_TAG_LENGTH = 16;
const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

const TOTP_CODE = /^\d{6}$/;

/** The `otpauth://` URI as a QR code, an SVG document (docs/auth.md#two-factor-authentication). */
function qrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

const invalidCode = () =>
  unprocessable('invalid_otp', 'The code is not valid.', { authentication_code: ['is invalid'] });

/**
 * TOTP two-factor authentication (docs/reliability.md#a4-two-factor-codes): set-up with a fresh CSPRNG seed stored
 * encrypted, each code usable once, attempts throttled per player, a mail on every change (A7).
 */
export function createTwoFactorService({ db, env, clock, mailer, throttle }: TwoFactorDeps) {
  const box = createSecretBox(env.appSecret);
  const setupKey = deriveKey(env.appSecret, 'two-factor-setup');
  const hashRecoveryCode = recoveryCodeHasher(env.appSecret);

  /**
   * Checks a code against the player's confirmed secret and uses up its time step. False for a
   * wrong code, a replayed one, or a secret that cannot be read.
   */
  async function consumeCode(user: User, code: string): Promise<boolean> {
    const typed = code.replace(/\s/g, '');
    // Six digits are an authenticator code; anything else may be a recovery code (docs/auth.md#recovery-codes).
    if (!TOTP_CODE.test(typed)) return consumeRecoveryCode(user.id, typed);
    const secret = user.twoFactorSecret ? box.open(user.twoFactorSecret) : null;
    if (!secret) return false;
    const step = await matchTotp(secret, code, clock.now(), user.twoFactorLastStep);
    if (step === null) return false;
    // The guarded update is what makes a code single-use even for two requests at the same time.
    return advanceTwoFactorStep(db, user.id, step);
  }

  /** Uses one of the player's unused recovery codes up; false for anything else. */
  async function consumeRecoveryCode(userId: number, typed: string): Promise<boolean> {
    const canonical = normaliseRecoveryCode(typed);
    if (!canonical) return false;
    return useRecoveryCode(db, userId, hashRecoveryCode(userId, canonical), clock.now());
  }

  /** A new set of codes for the player, replacing any older set, in the caller's transaction. */
  async function issueRecoveryCodes(tx: DbOrTx, userId: number): Promise<string[]> {
    const codes = newRecoveryCodes();
    const hashes = codes.map((code) => hashRecoveryCode(userId, normaliseRecoveryCode(code)!));
    await replaceRecoveryCodes(tx, userId, hashes, clock.now());
    return codes;
  }

  /**
   * GET: a new secret to scan, and nothing else: a GET changes nothing (a prefetch, a crawler or a
   * second tab must not replace a set-up in progress). The secret is 160 CSPRNG bits followed by a
   * tag binding them to this player, so POST can tell a secret we issued to them from any other
   * without our having stored it. Null (answered 204) when two-factor is already on: an active seed
   * is never shown again.
   */
  async function setup(user: User): Promise<TwoFactorSetup | null> {
    if (user.twoFactorEnabled) return null;
    const random = newTotpSecret();
    const secret = `${random}${setupTag(user.id, random)}`;
    const data = totpUri(secret, ISSUER, user.email);
    return { otp_secret: secret, data, qr_svg: await qrSvg(data) };
  }

  /** 16 base32 letters (80 bits) of an HMAC over the player and the random part of a set-up secret. */
  function setupTag(userId: number, random: string): string {
    const mac = createHmac('sha256', setupKey).update(`${userId}:${random}`).digest();
    return Array.from(mac.subarray(0, SETUP_TAG_LENGTH), (byte) => BASE32_ALPHABET[byte & 31]).join('');
  }

  function issuedTo(userId: number, secret: string): boolean {
    const random = secret.slice(0, -SETUP_TAG_LENGTH);
    return (
      random.length >= 32 &&
      /^[A-Z2-7]+$/.test(secret) &&
      safeEqual(setupTag(userId, random), secret.slice(-SETUP_TAG_LENGTH))
    );
  }

  /**
   * Turns two-factor on and issues the first set of recovery codes in the same transaction: from
   * the moment the second factor is asked for, the player holds a way back should the phone be lost.
   */
  async function enable(user: User, otpSecret: string, code: string): Promise<TwoFactorEnabled> {
    if (user.twoFactorEnabled)
      throw unprocessable('two_factor_already_enabled', 'Two-factor authentication is already on.');
    const pending = otpSecret.trim();
    if (!issuedTo(user.id, pending)) {
      throw unprocessable('validation_error', 'Start the set-up again.', { otp_secret: ['is invalid'] });
    }
    const key = throttleKeys.otp(user.id);
    // Taken before the code is tested (docs/auth.md#throttling); a right code clears the bucket below.
    await throttle.take([throttle.buckets.player(key)]);
    const step = await matchTotp(pending, code, clock.now(), null);
    if (step === null) throw invalidCode();
    const recoveryCodes = await db.transaction(async (tx) => {
      await setTwoFactor(tx, user.id, { secret: box.seal(pending), enabled: true, lastStep: step }, clock.now());
      return issueRecoveryCodes(tx, user.id);
    });
    await throttle.clear([key]);
    await mailer.send(buildMail('two_factor_enabled', user));
    const data = totpUri(pending, ISSUER, user.email);
    return { otp_secret: pending, data, qr_svg: await qrSvg(data), recovery_codes: recoveryCodes };
  }

  /**
   * Turning two-factor off also needs a fresh step-up (the route checks it, decision 015), and that
   * step-up used a code moments ago. So the code here must be valid now but may be that same one:
   * whoever holds a freshly stepped-up session has just proven both factors, and asking them to
   * wait for the next 30 s step would prove nothing more. A player who lost the phone gives a
   * recovery code instead: an unused one, or the one their step-up used within its window (the
   * same reasoning). The recovery codes go with the second factor.
   */
  async function disable(user: User, code: string): Promise<void> {
    if (!user.twoFactorEnabled) throw unprocessable('two_factor_not_enabled', 'Two-factor authentication is not on.');
    const key = throttleKeys.otp(user.id);
    await throttle.take([throttle.buckets.player(key)]);
    if (!(await codeProvesSecondFactor(user, code))) throw invalidCode();
    await db.transaction(async (tx) => {
      await setTwoFactor(tx, user.id, { secret: null, enabled: false, lastStep: null }, clock.now());
      await deleteRecoveryCodes(tx, user.id);
    });
    await throttle.clear([key]);
    await mailer.send(buildMail('two_factor_disabled', user));
  }

  async function codeProvesSecondFactor(user: User, code: string): Promise<boolean> {
    const now = clock.now();
    const typed = code.replace(/\s/g, '');
    if (TOTP_CODE.test(typed)) {
      const secret = user.twoFactorSecret ? box.open(user.twoFactorSecret) : null;
      return secret !== null && (await matchTotp(secret, typed, now, null)) !== null;
    }
    const canonical = normaliseRecoveryCode(typed);
    if (!canonical) return false;
    const hash = hashRecoveryCode(user.id, canonical);
    const windowStart = new Date(now.getTime() - STEP_UP_WINDOW_MINUTES * 60_000);
    return (await useRecoveryCode(db, user.id, hash, now)) || recoveryCodeUsedSince(db, user.id, hash, windowStart);
  }

  /** How many recovery codes the player has left (0 with two-factor off). */
  async function recoveryStatus(user: User): Promise<RecoveryCodesStatus> {
    const { remaining, createdAt } = await recoveryCodeStatus(db, user.id);
    return { remaining, created_at: createdAt?.toISOString() ?? null };
  }

  /**
   * A new set of recovery codes; the old set stops working in the same transaction. The route asks
   * for a fresh step-up first (decision 015): whoever holds a stolen session must not be able to
   * mint a way past the second factor.
   */
  async function regenerateRecoveryCodes(user: User): Promise<RecoveryCodes> {
    if (!user.twoFactorEnabled) throw unprocessable('two_factor_not_enabled', 'Two-factor authentication is not on.');
    const codes = await db.transaction((tx) => issueRecoveryCodes(tx, user.id));
    return { recovery_codes: codes };
  }

  return { consumeCode, setup, enable, disable, recoveryStatus, regenerateRecoveryCodes };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
