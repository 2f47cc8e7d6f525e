import { ApiError, type ApiClient } from '../../../lib/api-client';
import type { Player } from '../../../lib/api-types';

/**
 * The auth endpoints (docs/player-app.md#server-calls, docs/api-shapes.md#accounts). All run with silent401: a failed sign-in is the
 * form's business, not a reason to reset the session and jump to /login.
 */
const quiet = { silent401: true } as const;

export interface SignInCredentials {
  email: string;
  password: string;
  dfpc: string;
  captcha?: string;
}

export const signIn = (api: ApiClient, user: SignInCredentials) =>
  api.post<Player | null>('/api/users/sign_in', { user }, quiet);

/** Second step of a two-factor sign-in; the server remembers who passed the password step. */
export const submitOtp = (api: ApiClient, otp: string) =>
  api.post<Player | null>('/api/users/sign_in', { user: { otp_attempt: otp } }, quiet);

/** The password step answers 401 `{two_factor: true}` when a one-time code is needed. */
export function needsTwoFactor(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 401 &&
    (error.body as { two_factor?: unknown } | null)?.two_factor === true
  );
}

export const signUp = (api: ApiClient, user: Record<string, unknown>) =>
  api.post<Player | null>('/api/users', { user }, quiet);

/**
 * Sign-up's early e-mail check (docs/auth.md#the-e-mail-check-at-sign-up): resolves when the address
 * is free, rejects with the sign-up's own 422 when it is taken.
 */
export const checkEmail = (api: ApiClient, email: string) =>
  api.post<unknown>('/api/users/check_email', { user: { email } }, quiet);

/** Errors are only logged (docs/api-shapes.md#sign-out): the client forgets the session in every case. */
export const signOut = (api: ApiClient) =>
  api.delete<unknown>('/api/users/sign_out', quiet).catch((error: unknown) => console.warn('SIGN_OUT_ERROR', error));

export const requestPasswordReset = (api: ApiClient, user: { email: string; captcha?: string }) =>
  api.post<unknown>('/api/users/password', { user }, quiet);

export const resetPassword = (
  api: ApiClient,
  user: { reset_password_token: string; password: string; password_confirmation: string },
) => api.put<Player | null>('/api/users/password', { user }, quiet);

export const confirmEmail = (api: ApiClient, token: string) =>
  api.get<Player | null>(`/api/users/confirmation?confirmation_token=${encodeURIComponent(token)}`, quiet);

export const resendConfirmation = (api: ApiClient, user: { email: string; captcha?: string }) =>
  api.post<unknown>('/api/users/confirmation', { user }, quiet);
