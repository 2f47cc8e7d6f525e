import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlayerBonus } from '@croupier/shared/api/bonuses';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { QUERY_KEYS } from '../../../lib/query-keys';
import { bonusKeys } from './query-keys';

/** `DELETE /api/player/bonuses/{id}`: the bonus, `canceled`; its bonus money and what it won go, the cash stays. */
export const cancelBonus = (api: ApiClient, id: number) => api.delete<PlayerBonus>(`/api/player/bonuses/${id}`);

/** Invalidates the bonuses, the meter and the wallets (a forfeit removes bonus money). */
export function useCancelBonus() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => cancelBonus(api, id),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: bonusKeys.list });
      void queryClient.invalidateQueries({ queryKey: bonusKeys.wageringAll });
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.accounts });
    },
  });
}
