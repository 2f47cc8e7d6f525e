import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlayerBonus } from '@croupier/shared/api/bonuses';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { QUERY_KEYS } from '../../../lib/query-keys';
import { bonusKeys } from './query-keys';

/**
 * `POST /api/player/bonuses/{id}/activation`: the bonus in `handle_bets` (its money granted) or
 * `wait` (queued behind the active one); 422 `bonus_not_activatable`, 403 `bonuses_blocked` (a
 * break), 422 `balance_limit`.
 */
export const activateBonus = (api: ApiClient, id: number) =>
  api.post<PlayerBonus>(`/api/player/bonuses/${id}/activation`);

/** Invalidates the bonuses, the meter and the wallets (a grant adds bonus money). */
export function useActivateBonus() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => activateBonus(api, id),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: bonusKeys.list });
      void queryClient.invalidateQueries({ queryKey: bonusKeys.wageringAll });
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.accounts });
    },
  });
}
