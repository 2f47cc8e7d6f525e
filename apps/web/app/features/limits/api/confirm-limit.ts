import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserLimit } from '@croupier/shared/api/limits';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { LIMITS_KEY } from './query-keys';

export interface ConfirmLimitResponse {
  confirmed: true;
  /** The limit as it is now; null once a removal went through. */
  limit: UserLimit | null;
}

/** `POST /api/user_limits/confirm {token}`: applies a parked raise or removal with the mailed token. */
export const confirmLimit = (api: ApiClient, token: string) =>
  api.post<ConfirmLimitResponse>('/api/user_limits/confirm', { token });

/** Invalidates LIMITS_KEY. */
export function useConfirmLimit() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => confirmLimit(api, token),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: LIMITS_KEY }),
  });
}
