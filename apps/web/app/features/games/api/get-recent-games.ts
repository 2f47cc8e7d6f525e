import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import type { GameSummary, RecentGame } from '../types';
import { toGameSummary } from '../utils/game-summary';
import { gamesKeys } from './query-keys';

/** Newest first by last_activity_at; games without a date keep their order at the end. */
export function sortRecent(games: readonly RecentGame[]): RecentGame[] {
  const time = (g: RecentGame) => (g.last_activity_at ? Date.parse(g.last_activity_at) || 0 : 0);
  return [...games].sort((a, b) => time(b) - time(a));
}

/** GET /api/player/recent_games: the player's recently played games, newest first, as card summaries. */
export async function getRecentGames(api: ApiClient): Promise<GameSummary[]> {
  return sortRecent(await api.get<RecentGame[]>('/api/player/recent_games')).map(toGameSummary);
}

export function getRecentGamesQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: gamesKeys.recent(),
    queryFn: () => getRecentGames(api),
  });
}

/** Recently played games; idle for guests. */
export function useRecentGames({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getRecentGamesQueryOptions(useApi()), enabled });
}
