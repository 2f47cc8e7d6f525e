import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import type { Game } from '../types';
import { gamesKeys } from './query-keys';

/**
 * GET /api/player/favorite_games, full game objects (API-SHAPES §6.8: v2, asked for in the
 * `accept-client` header this client family uses). Oldest favourite first.
 */
export function getFavoriteGames(api: ApiClient): Promise<Game[]> {
  return api.get<Game[]>('/api/player/favorite_games', { headers: { 'accept-client': 'application/vnd.s.v2+json' } });
}

export function getFavoriteGamesQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: gamesKeys.favorites(),
    queryFn: () => getFavoriteGames(api),
  });
}

/** The player's favourites; idle for guests. */
export function useFavoriteGames({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getFavoriteGamesQueryOptions(useApi()), enabled });
}
