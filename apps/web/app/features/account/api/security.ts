import type { AccountUpdateRequest, TwoFactorSetup } from '@croupier/shared/api/auth';
import type { ApiClient } from '../../../lib/api-client';
import type { Player } from '../../../lib/api-types';

/**
 * PUT /api/users (docs/api-shapes.md#account-update): a new password or e-mail address, with the current password.
 * With two-factor on it may answer 403 `reauth_required` (decision 015): run it through useStepUp.
 */
export const updateAccount = (api: ApiClient, user: AccountUpdateRequest['user']) =>
  api.put<Player>('/api/users', { user });

const TWO_FACTOR = '/api/v2/player/two_factor';

/** GET: a new secret to add to the authenticator app; null (204) when two-factor is already on. */
export const getTwoFactorSetup = (api: ApiClient) => api.get<TwoFactorSetup | null>(TWO_FACTOR);

/** POST: turns two-factor on with the set-up secret and a first code from the app. */
export const enableTwoFactor = (api: ApiClient, otpSecret: string, code: string) =>
  api.post<TwoFactorSetup>(TWO_FACTOR, { two_factor: { otp_secret: otpSecret, authentication_code: code } });

/** DELETE with a code; needs a fresh step-up (403 `reauth_required` otherwise). */
export const disableTwoFactor = (api: ApiClient, code: string) =>
  api.delete<null>(TWO_FACTOR, undefined, { two_factor: { authentication_code: code } });
