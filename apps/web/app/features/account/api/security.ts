import type {
  AccountUpdateRequest,
  RecoveryCodes,
  RecoveryCodesStatus,
  TwoFactorEnabled,
  TwoFactorSetup,
} from '@croupier/shared/api/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import type { Player } from '../../../lib/api-types';
import { RECOVERY_CODES_KEY } from './query-keys';

/**
 * PUT /api/users (docs/api-shapes.md#account-update): a new password or e-mail address, with the current password.
 * With two-factor on it may answer 403 `reauth_required` (decision 015): run it through useStepUp.
 */
export const updateAccount = (api: ApiClient, user: AccountUpdateRequest['user']) =>
  api.put<Player>('/api/users', { user });

const TWO_FACTOR = '/api/v2/player/two_factor';
const RECOVERY = `${TWO_FACTOR}/recovery_codes`;

/** GET: a new secret to add to the authenticator app, with its QR code; null (204) when two-factor is already on. */
export const getTwoFactorSetup = (api: ApiClient) => api.get<TwoFactorSetup | null>(TWO_FACTOR);

/**
 * POST: turns two-factor on with the set-up secret and a first code; answers the recovery codes, this
 * once. Needs a fresh step-up (403 `reauth_required` otherwise): run it through useStepUp.
 */
export const enableTwoFactor = (api: ApiClient, otpSecret: string, code: string) =>
  api.post<TwoFactorEnabled>(TWO_FACTOR, { two_factor: { otp_secret: otpSecret, authentication_code: code } });

/** DELETE with a code (or a recovery code); needs a fresh step-up (403 `reauth_required` otherwise). */
export const disableTwoFactor = (api: ApiClient, code: string) =>
  api.delete<null>(TWO_FACTOR, undefined, { two_factor: { authentication_code: code } });

/** GET: how many recovery codes are left (docs/auth.md#recovery-codes). */
export const getRecoveryCodesStatus = (api: ApiClient, signal?: AbortSignal) =>
  api.get<RecoveryCodesStatus>(RECOVERY, signal ? { signal } : undefined);

export const recoveryCodesStatusQueryOptions = (api: ApiClient) =>
  queryOptions({ queryKey: RECOVERY_CODES_KEY, queryFn: ({ signal }) => getRecoveryCodesStatus(api, signal) });

export function useRecoveryCodesStatus(enabled = true) {
  return useQuery({ ...recoveryCodesStatusQueryOptions(useApi()), enabled });
}

/** POST: a new set replacing the old one; needs a fresh step-up. Callers invalidate RECOVERY_CODES_KEY. */
export const regenerateRecoveryCodes = (api: ApiClient) => api.post<RecoveryCodes>(RECOVERY, {});
