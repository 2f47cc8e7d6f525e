import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import type { Provider } from '../types';
import { gamesKeys } from './query-keys';

/** GET /api/games/providers (docs/api-shapes.md#collections-and-providers). */
export function getProviders(api: ApiClient): Promise<Provider[]> {
  return api.get<Provider[]>('/api/games/providers');
}

/** Providers change with a catalogue deploy, not during a visit: loaded once per session. */
export function getProvidersQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: gamesKeys.providers(),
    queryFn: () => getProviders(api),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export function useProviders() {
  return useQuery(getProvidersQueryOptions(useApi()));
}
