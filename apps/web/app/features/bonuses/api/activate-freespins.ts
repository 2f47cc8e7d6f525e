import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FreespinPack } from '@croupier/shared/api/bonuses';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { bonusKeys } from './query-keys';

/** `POST /api/player/freespins/{id}/activation`: the pack, its spins ready to play. */
export const activateFreespins = (api: ApiClient, id: number) =>
  api.post<FreespinPack>(`/api/player/freespins/${id}/activation`);

/** Invalidates the packs. */
export function useActivateFreespins() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => activateFreespins(api, id),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: bonusKeys.freespins }),
  });
}
