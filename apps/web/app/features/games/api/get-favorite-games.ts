import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import type { Game, GameSummary } from '../types';
import { toGameSummary } from '../utils/game-summary';
import { gamesKeys } from './query-keys';

/**
 * GET /api/player/favorite_games, full game objects (docs/api-shapes.md#favourites: v2, asked for in the
 * `accept-client` header this client family uses), kept as card summaries. Oldest favourite first.
 */
export async function getFavoriteGames(api: ApiClient): Promise<GameSummary[]> {
  const games = await api.get<Game[]>('/api/player/favorite_games', {
    headers: { 'accept-client': 'application/vnd.s.v2+json' },
  });
  return games.map(toGameSummary);
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
