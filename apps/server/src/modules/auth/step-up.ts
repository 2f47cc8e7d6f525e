import { REAUTH_REQUIRED, STEP_UP_WINDOW_MINUTES, type StepUpBody } from '@croupier/shared/api/auth';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, tooManyRequests, unauthorized, unprocessable } from '../../lib/errors.ts';
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
 * `POST /api/auth/step_up`: the signed-in player proves it is them again. Its guesses are taken
 * from the sign-in's buckets (the account's and the IP's for the password, the player's code bucket
 * for a code) before anything is tested, so the step-up is no faster way to guess a password or a
 * code than signing in. What passed, or was not tested, is given back.
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
    const code = input.otp_attempt?.trim() ?? '';
    // Every bucket this request may test is taken first, all or none: a full code bucket refuses
    // before the password is tested, so a 429 never tells a right password from a wrong one.
    const password = await throttle.take([throttle.buckets.account(signedIn.email), throttle.buckets.ip(ip)]);
    const withCode = signedIn.twoFactorEnabled && code ? await takeOrGiveBack(otpKey, password) : null;
    // The freshest row: the code check compares against the last time step used.
    const user = (await findUserById(db, signedIn.id)) ?? signedIn;

    if (!input.password || !(await verifyPassword(user.encryptedPassword, input.password))) {
      // The code was not tested: its attempt goes back; the password's stays.
      await withCode?.giveBack();
      throw unprocessable('invalid_password', 'The password is not correct.', { password: ['is invalid'] });
    }
    await password.giveBack();
    if (user.twoFactorEnabled) {
      // A missing code is not a guess: it is asked for, not counted.
      if (!code || !withCode)
        throw unprocessable('two_factor_required', 'Enter the code from your authenticator app.', {
          otp_attempt: ["can't be blank"],
        });
      if (!(await twoFactor.consumeCode(user, code)))
        throw unprocessable('invalid_otp', 'The code is not valid.', { otp_attempt: ['is invalid'] });
    }
    // The code bucket is forgiven only by a code proven here.
    await throttle.clear([accountKey, ...(user.twoFactorEnabled ? [otpKey] : [])]);
    const now = clock.now();
    await sessions.markSteppedUp(loaded.session.id, now);
    return { valid_until: new Date(now.getTime() + WINDOW_MS).toISOString() };
  }

  /** The code bucket's attempt; when it is full, the password's attempt goes back and the answer is 429. */
  async function takeOrGiveBack(otpKey: string, taken: { giveBack: () => Promise<void> }) {
    const code = await throttle.attempt([throttle.buckets.player(otpKey)]);
    if (code.ok) return code;
    await taken.giveBack();
    throw tooManyRequests(code.retryAfterSeconds);
  }

  return { confirm };
}

export type StepUpService = ReturnType<typeof createStepUpService>;
