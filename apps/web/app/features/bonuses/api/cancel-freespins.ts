import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FreespinPack } from '@croupier/shared/api/bonuses';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { bonusKeys } from './query-keys';

/** `DELETE /api/player/freespins/{id}`: the pack, `canceled`. */
export const cancelFreespins = (api: ApiClient, id: number) => api.delete<FreespinPack>(`/api/player/freespins/${id}`);

/** Invalidates the packs. */
export function useCancelFreespins() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => cancelFreespins(api, id),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: bonusKeys.freespins }),
  });
}
