import { queryOptions, useQuery } from '@tanstack/react-query';
import { BALANCE_PING_MS } from '../../../config/constants';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import type { Account } from '../../../lib/api-types';
import { QUERY_KEYS } from '../../../lib/query-keys';

export const getAccounts = (api: ApiClient) => api.get<Account[]>('/api/player/accounts?compatibility=false');

/** Wallets, polled every 10 s (SPEC §9 balance ping) while the tab is visible and a player is signed in. */
export const accountsQueryOptions = (api: ApiClient, enabled: boolean) =>
  queryOptions({
    queryKey: QUERY_KEYS.accounts,
    queryFn: () => getAccounts(api),
    enabled,
    refetchInterval: BALANCE_PING_MS,
    staleTime: BALANCE_PING_MS,
  });

export function useAccounts(enabled: boolean) {
  return useQuery(accountsQueryOptions(useApi(), enabled));
}

/** The wallet to show: the player's current currency, else the first active one. */
export function currentAccount(accounts: readonly Account[] | undefined, currency: string | undefined): Account | null {
  if (!accounts?.length) return null;
  return accounts.find((a) => a.currency === currency) ?? accounts.find((a) => a.active) ?? null;
}
