import { infiniteQueryOptions, queryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { PAGE_SIZE } from '../constants';
import type { Device, GameSummaryPage, GamesFilter } from '../types';
import { toSummaryPage } from '../utils/game-summary';
import { nextPageParam } from '../utils/paging';
import { filterGames } from './filter-games';
import { gamesKeys } from './query-keys';

/** A paged games_filter list (category, provider, search) for infinite scroll. */
export interface GamesListArgs {
  device: Device;
  filter: GamesFilter;
  /** First page to load (a provider page URL may start later, docs/player-app.md#lobby-routes). */
  startPage?: number;
  pageSize?: number;
}

function listKey({ device, filter, startPage = 1, pageSize = PAGE_SIZE }: GamesListArgs) {
  return gamesKeys.list({ device, filter, pageSize, startPage });
}

/** Pages of 40 appended in order; done per the "loaded" rule of docs/player-app.md#paged-lists (see nextPageParam). */
export function getGamesListQueryOptions(api: ApiClient, args: GamesListArgs) {
  const { device, filter, startPage = 1, pageSize = PAGE_SIZE } = args;
  return infiniteQueryOptions({
    queryKey: listKey(args),
    queryFn: async ({ pageParam, signal }) =>
      toSummaryPage(await filterGames(api, { device, filter, page: pageParam, page_size: pageSize }, signal)),
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
  return queryOptions<InfiniteData<GameSummaryPage, number>>({
    queryKey: listKey(args) as unknown as readonly unknown[],
    queryFn: async () => ({
      pages: [toSummaryPage(await filterGames(api, { device, filter, page: startPage, page_size: pageSize }))],
      pageParams: [startPage],
    }),
  });
}

export function useGamesList(args: GamesListArgs, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...getGamesListQueryOptions(useApi(), args), enabled });
}
