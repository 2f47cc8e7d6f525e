import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  type InfiniteData,
} from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { HOME_ROW_SIZE, PAGE_SIZE } from '../constants';
import type { Device, Game, GamesFilter, GamesFilterRequest, GamesPage } from '../types';
import { nextPageParam } from '../utils/paging';
import { gamesKeys } from './query-keys';

/** POST /api/games_filter (API-SHAPES §6.5): one page of games matching a filter. */
export function filterGames(api: ApiClient, body: GamesFilterRequest, signal?: AbortSignal): Promise<GamesPage> {
  return api.post<GamesPage>('/api/games_filter', body, signal ? { signal } : undefined);
}

export function categoryFilter(...identifiers: string[]): GamesFilter {
  return { categories: { identifiers, strategy: 'OR' } };
}

export interface GamesListArgs {
  device: Device;
  filter: GamesFilter;
  /** First page to load (a provider page URL may start later, SPEC §2). */
  startPage?: number;
  pageSize?: number;
}

function listKey({ device, filter, startPage = 1, pageSize = PAGE_SIZE }: GamesListArgs) {
  return gamesKeys.list({ device, filter, pageSize, startPage });
}

/** A paged game list for infinite scroll: pages of 40, done per the SPEC §4 "loaded" rule. */
export function getGamesListQueryOptions(api: ApiClient, args: GamesListArgs) {
  const { device, filter, startPage = 1, pageSize = PAGE_SIZE } = args;
  return infiniteQueryOptions({
    queryKey: listKey(args),
    queryFn: ({ pageParam, signal }) =>
      filterGames(api, { device, filter, page: pageParam, page_size: pageSize }, signal),
    initialPageParam: startPage,
    getNextPageParam: (lastPage) => nextPageParam(lastPage, pageSize),
  });
}

/**
 * The first page, stored under the list's key in the infinite-query shape, so a server loader
 * can prefetch it with prefetchQueries and useInfiniteQuery picks it up after hydration.
 */
export function getGamesListPrefetchOptions(api: ApiClient, args: GamesListArgs) {
  const { device, filter, startPage = 1, pageSize = PAGE_SIZE } = args;
  return queryOptions<InfiniteData<GamesPage, number>>({
    queryKey: listKey(args) as unknown as readonly unknown[],
    queryFn: async () => ({
      pages: [await filterGames(api, { device, filter, page: startPage, page_size: pageSize })],
      pageParams: [startPage],
    }),
  });
}

export function useGamesList(args: GamesListArgs, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...getGamesListQueryOptions(useApi(), args), enabled });
}

export interface GamesRowArgs {
  device: Device;
  category: string;
  pageSize?: number;
}

/** The first games of one collection, for a home-page row. */
export function getGamesRowQueryOptions(api: ApiClient, { device, category, pageSize = HOME_ROW_SIZE }: GamesRowArgs) {
  return queryOptions({
    queryKey: gamesKeys.row({ device, category, pageSize }),
    queryFn: async ({ signal }): Promise<Game[]> =>
      (await filterGames(api, { device, filter: categoryFilter(category), page: 1, page_size: pageSize }, signal)).data,
  });
}

export function useGamesRow(args: GamesRowArgs) {
  return useQuery(getGamesRowQueryOptions(useApi(), args));
}
