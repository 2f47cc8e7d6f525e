import { REAUTH_REQUIRED, STEP_UP_WINDOW_MINUTES, type StepUpBody } from '@croupier/shared/api/auth';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, unauthorized, unprocessable } from '../../lib/errors.ts';
import { findUserById, type User } from '../player/index.ts';
import { verifyPassword } from './passwords.ts';
import type { LoadedSession, SessionRow, SessionService } from './session.service.ts';
import { type Throttle, throttleKeys } from './throttle.ts';
import type { TwoFactorService } from './two-factor.service.ts';

const WINDOW_MS = STEP_UP_WINDOW_MINUTES * 60_000;

/** Whether the session proved the player within the step-up window, on the injected clock. */
export function steppedUp(session: Pick<SessionRow, 'stepUpAt'>, now: Date): boolean {
  if (!session.stepUpAt) return false;
  const age = now.getTime() - session.stepUpAt.getTime();
  return age >= 0 && age <= WINDOW_MS;
}

/** 403 `reauth_required`: the client asks for the password (and the code) and tries again. */
export function stepUpRequired(twoFactor: boolean): AppError {
  const error = twoFactor
    ? 'Confirm it is you: enter your password and the code from your authenticator app.'
    : 'Confirm it is you: enter your password.';
  return new AppError(403, REAUTH_REQUIRED, error, undefined, { two_factor: twoFactor });
}

/**
 * The signed-in player, provided this session stepped up within the window (docs/reliability.md#a8-step-up);
 * otherwise 401 for a guest and 403 `reauth_required` for a player.
 */
export function requireSteppedUp(loaded: LoadedSession | null, now: Date): User {
  const user = loaded?.user;
  if (!loaded || !user) throw unauthorized();
  if (!steppedUp(loaded.session, now)) throw stepUpRequired(user.twoFactorEnabled);
  return user;
}

export interface StepUpDeps {
  db: Db;
  clock: Clock;
  sessions: SessionService;
  throttle: Throttle;
  twoFactor: TwoFactorService;
}

/**
 * `POST /api/auth/step_up`: the signed-in player proves it is them again. Failures count in the
 * sign-in throttle (the same account, IP and code buckets), and a lock is checked before anything
 * is tested, so the step-up is no faster way to guess a password or a code than signing in.
 */
export function createStepUpService({ db, clock, sessions, throttle, twoFactor }: StepUpDeps) {
  async function confirm(
    loaded: LoadedSession | null,
    input: { password: string; otp_attempt?: string | undefined },
    ip: string,
  ): Promise<StepUpBody> {
    const signedIn = loaded?.user;
    if (!loaded || !signedIn) throw unauthorized();
    const accountKey = throttleKeys.account(signedIn.email);
    const otpKey = throttleKeys.otp(signedIn.id);
    await throttle.assertOpen([accountKey, throttleKeys.ip(ip), ...(signedIn.twoFactorEnabled ? [otpKey] : [])]);
    // The freshest row: the code check compares against the last time step used.
    const user = (await findUserById(db, signedIn.id)) ?? signedIn;

    if (!input.password || !(await verifyPassword(user.encryptedPassword, input.password))) {
      await throttle.fail(accountKey);
      await throttle.failIp(ip);
      throw unprocessable('invalid_password', 'The password is not correct.', { password: ['is invalid'] });
    }
    if (user.twoFactorEnabled) {
      const code = input.otp_attempt?.trim() ?? '';
      // A missing code is not a guess: it is asked for, not counted.
      if (!code)
        throw unprocessable('two_factor_required', 'Enter the code from your authenticator app.', {
          otp_attempt: ["can't be blank"],
        });
      if (!(await twoFactor.consumeCode(user, code))) {
        await throttle.fail(otpKey);
        throw unprocessable('invalid_otp', 'The code is not valid.', { otp_attempt: ['is invalid'] });
      }
    }
    await throttle.clear([accountKey, otpKey]);
    const now = clock.now();
    await sessions.markSteppedUp(loaded.session.id, now);
    return { valid_until: new Date(now.getTime() + WINDOW_MS).toISOString() };
  }

  return { confirm };
}

export type StepUpService = ReturnType<typeof createStepUpService>;
