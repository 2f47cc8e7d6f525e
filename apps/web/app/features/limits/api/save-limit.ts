import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserLimit, UserLimitRequest } from '@croupier/shared/api/limits';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { LIMITS_KEY } from './query-keys';

/**
 * `POST /api/user_limits` with the limit object: 201 for a new limit, 200 for a changed one (a
 * lower amount applies at once, a higher one is parked for 24 h, docs/limits.md#changing-a-limit).
 * Starting a break ends every session of the player, this one included.
 */
export const saveLimit = (api: ApiClient, limit: UserLimitRequest) => api.post<UserLimit>('/api/user_limits', limit);

/** Invalidates LIMITS_KEY after a money limit is saved (a break signs the player out instead). */
export function useSaveLimit() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (limit: UserLimitRequest) => saveLimit(api, limit),
    onSuccess: (_saved, limit) => {
      if (limit.type !== 'coolingoff' && limit.type !== 'selfexclusion')
        void queryClient.invalidateQueries({ queryKey: LIMITS_KEY });
    },
  });
}
