import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserLimit } from '@croupier/shared/api/limits';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { LIMITS_KEY } from './query-keys';

/** `DELETE /api/user_limits/{id}`: asks to remove a limit; the removal is parked for 24 h (status `unconfirmed_disable`). */
export const removeLimit = (api: ApiClient, id: number) => api.delete<UserLimit>(`/api/user_limits/${id}`);

/** Invalidates LIMITS_KEY. */
export function useRemoveLimit() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => removeLimit(api, id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: LIMITS_KEY }),
  });
}
