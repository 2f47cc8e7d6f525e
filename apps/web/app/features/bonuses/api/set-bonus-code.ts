import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import type { Player } from '../../../lib/api-types';
import { QUERY_KEYS } from '../../../lib/query-keys';
import { bonusKeys } from './query-keys';

/**
 * `PATCH /api/player/set_bonus_code {deposit_bonus_code}`: the offer the next deposit gets (200 the
 * player; 422 `bonus_code_unknown` unless it is a deposit offer available to the player).
 */
export const setBonusCode = (api: ApiClient, code: string) =>
  api.patch<Player>('/api/player/set_bonus_code', { deposit_bonus_code: code });

/** `DELETE /api/player/clear_bonus_code` (204): no bonus on the next deposit. */
export const clearBonusCode = (api: ApiClient) => api.delete<null>('/api/player/clear_bonus_code');

/**
 * Chooses the deposit offer (a code) or none (null). Invalidates the player (its
 * `deposit_bonus_code`) and the deposit offers (their `selected`).
 */
export function useChooseDepositBonus() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string | null) => {
      if (code === null) await clearBonusCode(api);
      else await setBonusCode(api, code);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.player, exact: true });
      void queryClient.invalidateQueries({ queryKey: bonusKeys.offers('deposit') });
    },
  });
}
