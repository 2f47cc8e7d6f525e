import { queryOptions, replaceEqualDeep, useQuery } from '@tanstack/react-query';
import { BALANCE_PING_MS } from '../../config/constants';
import type { ApiClient } from '../api-client';
import { useApi } from '../api-context';
import type { Account } from '../api-types';
import { QUERY_KEYS } from '../query-keys';
import { mergeAccountsSnapshot } from '../realtime/balance-merge';

export const getAccounts = (api: ApiClient) => api.get<Account[]>('/api/player/accounts?compatibility=false');

/** Wallets, polled every 10 s (docs/player-app.md#timing) while the tab is visible and a player is signed in. */
export const accountsQueryOptions = (api: ApiClient, enabled: boolean) =>
  queryOptions({
    queryKey: QUERY_KEYS.accounts,
    queryFn: () => getAccounts(api),
    enabled,
    refetchInterval: BALANCE_PING_MS,
    staleTime: BALANCE_PING_MS,
    // A poll answer never replaces a wallet the realtime push already delivered in a newer version.
    structuralSharing: (cached, fetched) =>
      replaceEqualDeep(cached, mergeAccountsSnapshot(cached as Account[] | undefined, fetched as Account[])),
  });

export function useAccounts(enabled: boolean) {
  return useQuery(accountsQueryOptions(useApi(), enabled));
}

/** The wallet to show: the player's current currency, else the first active one. */
export function currentAccount(accounts: readonly Account[] | undefined, currency: string | undefined): Account | null {
  if (!accounts?.length) return null;
  return accounts.find((a) => a.currency === currency) ?? accounts.find((a) => a.active) ?? null;
}
