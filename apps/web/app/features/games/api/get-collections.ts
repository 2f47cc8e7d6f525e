import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import type { Collection } from '../types';
import { gamesKeys } from './query-keys';

/** GET /api/games/collections?l={locale} (docs/api-shapes.md#collections-and-providers): titles come in the visitor's language. */
export function getCollections(api: ApiClient, locale: string): Promise<Collection[]> {
  return api.get<Collection[]>(`/api/games/collections?${new URLSearchParams({ l: locale })}`);
}

/** docs/player-app.md#paged-lists: game categories are loaded once and cached. */
export function getCollectionsQueryOptions(api: ApiClient, locale: string) {
  return queryOptions({
    queryKey: gamesKeys.collections(locale),
    queryFn: () => getCollections(api, locale),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export function useCollections(locale: string) {
  return useQuery(getCollectionsQueryOptions(useApi(), locale));
}
