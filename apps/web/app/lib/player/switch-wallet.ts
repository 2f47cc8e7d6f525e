import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../api-client';
import { useApi } from '../api-context';
import type { Account } from '../api-types';
import { QUERY_KEYS } from '../query-keys';

/**
 * POST /api/player/accounts {currency} (docs/player-app.md#server-calls): selects the wallet in `currency` (creating it if
 * needed) and makes it the player's currency: the balance shown, the games and the cashbox follow.
 */
export const switchWallet = (api: ApiClient, currency: string) =>
  api.post<Account>('/api/player/accounts', { currency });

/** Switches the wallet, then reloads the player and the wallets so every screen follows. */
export function useSwitchWallet() {
  const api = useApi();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (currency: string) => switchWallet(api, currency),
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: QUERY_KEYS.player }),
        qc.invalidateQueries({ queryKey: QUERY_KEYS.accounts }),
      ]),
  });
}
