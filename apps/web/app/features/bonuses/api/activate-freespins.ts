import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FreespinPack } from '@croupier/shared/api/bonuses';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { bonusKeys } from './query-keys';

/** `POST /api/player/freespins/{id}/activation`: the pack, its spins ready to play. */
export const activateFreespins = (api: ApiClient, id: number) =>
  api.post<FreespinPack>(`/api/player/freespins/${id}/activation`);

/** The answer goes into the packs at once (the page moves on with it), then the packs are read again. */
export function useActivateFreespins() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => activateFreespins(api, id),
    onSuccess: (pack) =>
      queryClient.setQueryData<FreespinPack[]>(bonusKeys.freespins, (list) =>
        list?.map((other) => (other.id === pack.id ? pack : other)),
      ),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: bonusKeys.freespins }),
  });
}
