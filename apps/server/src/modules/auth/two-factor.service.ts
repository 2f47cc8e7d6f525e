import type { TwoFactorSetup } from '@croupier/shared/api/auth';
import { createHmac } from 'node:crypto';
import type { Env } from '../../config/env.ts';
import { deriveKey } from '../../config/secrets.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { safeEqual } from '../../lib/crypto.ts';
import { unprocessable } from '../../lib/errors.ts';
import type { Mailer } from '../mail/index.ts';
import { buildMail } from '../mail/index.ts';
import type { User } from '../player/index.ts';
import { advanceTwoFactorStep, setTwoFactor } from './auth.repository.ts';
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

const invalidCode = () =>
  unprocessable('invalid_otp', 'The code is not valid.', { authentication_code: ['is invalid'] });

/**
 * TOTP two-factor authentication (docs/reliability.md#a4-two-factor-codes): set-up with a fresh CSPRNG seed stored
 * encrypted, each code usable once, attempts throttled per player, a mail on every change (A7).
 */
export function createTwoFactorService({ db, env, clock, mailer, throttle }: TwoFactorDeps) {
  const box = createSecretBox(env.appSecret);
  const setupKey = deriveKey(env.appSecret, 'two-factor-setup');

  /**
   * Checks a code against the player's confirmed secret and uses up its time step. False for a
   * wrong code, a replayed one, or a secret that cannot be read.
   */
  async function consumeCode(user: User, code: string): Promise<boolean> {
    const secret = user.twoFactorSecret ? box.open(user.twoFactorSecret) : null;
    if (!secret) return false;
    const step = await matchTotp(secret, code, clock.now(), user.twoFactorLastStep);
    if (step === null) return false;
    // The guarded update is what makes a code single-use even for two requests at the same time.
    return advanceTwoFactorStep(db, user.id, step);
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
    return { otp_secret: secret, data: totpUri(secret, ISSUER, user.email) };
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

  async function enable(user: User, otpSecret: string, code: string): Promise<TwoFactorSetup> {
    if (user.twoFactorEnabled)
      throw unprocessable('two_factor_already_enabled', 'Two-factor authentication is already on.');
    const pending = otpSecret.trim();
    if (!issuedTo(user.id, pending)) {
      throw unprocessable('validation_error', 'Start the set-up again.', { otp_secret: ['is invalid'] });
    }
    const key = throttleKeys.otp(user.id);
    await throttle.assertOpen([key]);
    const step = await matchTotp(pending, code, clock.now(), null);
    if (step === null) {
      await throttle.fail(key);
      throw invalidCode();
    }
    await setTwoFactor(db, user.id, { secret: box.seal(pending), enabled: true, lastStep: step }, clock.now());
    await throttle.clear([key]);
    await mailer.send(buildMail('two_factor_enabled', user));
    return { otp_secret: pending, data: totpUri(pending, ISSUER, user.email) };
  }

  /**
   * Turning two-factor off also needs a fresh step-up (the route checks it, decision 015), and that
   * step-up used a code moments ago. So the code here must be valid now but may be that same one:
   * whoever holds a freshly stepped-up session has just proven both factors, and asking them to
   * wait for the next 30 s step would prove nothing more.
   */
  async function disable(user: User, code: string): Promise<void> {
    if (!user.twoFactorEnabled) throw unprocessable('two_factor_not_enabled', 'Two-factor authentication is not on.');
    const key = throttleKeys.otp(user.id);
    await throttle.assertOpen([key]);
    const secret = user.twoFactorSecret ? box.open(user.twoFactorSecret) : null;
    const step = secret ? await matchTotp(secret, code, clock.now(), null) : null;
    if (step === null) {
      await throttle.fail(key);
      throw invalidCode();
    }
    await setTwoFactor(db, user.id, { secret: null, enabled: false, lastStep: null }, clock.now());
    await throttle.clear([key]);
    await mailer.send(buildMail('two_factor_disabled', user));
  }

  return { consumeCode, setup, enable, disable };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
