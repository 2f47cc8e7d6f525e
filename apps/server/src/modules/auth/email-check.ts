import { FIELD_MESSAGES } from '@croupier/shared/api/auth';
import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { tooManyRequests, unprocessable } from '../../lib/errors.ts';
import { findUserByEmail } from '../player/index.ts';
import { takeSendCaps } from './throttle.ts';

/** Checks one client address may make in a window of AUTH_LOCK_MINUTES: a person signs up with a few. */
export const EMAIL_CHECKS_PER_WINDOW = 20;

/** The bucket in `auth_throttle` (docs/auth.md#the-e-mail-check-at-sign-up). */
export const emailCheckKey = (ip: string) => `signup-check:ip:${ip}`;

export interface EmailCheckDeps {
  db: Db;
  clock: Clock;
  env: Pick<Env, 'AUTH_LOCK_MINUTES'>;
}

/**
 * `POST /api/users/check_email` (docs/auth.md#the-e-mail-check-at-sign-up): sign-up asks as soon as
 * the e-mail's step is done whether the address is taken, so the player is not told after the last
 * step. It says no more than the sign-up itself does ("has already been taken"), and costs an
 * address more: the check is taken from the client address's cap first (atomically, so parallel
 * checks cannot pass it), then the address is looked up, one indexed read whether or not it exists.
 */
export function createEmailCheck({ db, clock, env }: EmailCheckDeps) {
  const windowMs = env.AUTH_LOCK_MINUTES * 60_000;
  return async function checkEmail(email: string, ip: string): Promise<void> {
    const full = await takeSendCaps(db, clock.now(), [
      { key: emailCheckKey(ip), max: EMAIL_CHECKS_PER_WINDOW, windowMs },
    ]);
    if (full) throw tooManyRequests(full.retryAfterSeconds, 'Too many checks. Please try again later.');
    if (await findUserByEmail(db, email))
      throw unprocessable('validation_error', 'Some fields are not valid.', { email: [FIELD_MESSAGES.taken] });
  };
}
