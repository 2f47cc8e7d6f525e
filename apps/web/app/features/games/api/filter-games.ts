import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { HOME_ROW_SIZE } from '../constants';
import type { Device, GameSummary, GamesFilter, GamesFilterRequest, GamesPage } from '../types';
import { toGameSummary } from '../utils/game-summary';
import { gamesKeys } from './query-keys';

/**
 * POST /api/games_filter (docs/api-shapes.md#games-filter): one page of games matching a filter. This file holds
 * the fetcher and the single-page query (home rows); the paged list for infinite scroll is in
 * get-games-list.ts, so the home page does not ship the infinite-query code.
 */
export function filterGames(api: ApiClient, body: GamesFilterRequest, signal?: AbortSignal): Promise<GamesPage> {
  return api.post<GamesPage>('/api/games_filter', body, signal ? { signal } : undefined);
}

export function categoryFilter(...identifiers: string[]): GamesFilter {
  return { categories: { identifiers, strategy: 'OR' } };
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
    queryFn: async ({ signal }): Promise<GameSummary[]> =>
      (
        await filterGames(api, { device, filter: categoryFilter(category), page: 1, page_size: pageSize }, signal)
      ).data.map(toGameSummary),
  });
}

export function useGamesRow(args: GamesRowArgs) {
  return useQuery(getGamesRowQueryOptions(useApi(), args));
}
