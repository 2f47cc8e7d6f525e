import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { gamesKeys } from './query-keys';

/** POST /api/player/played_games {identifier}: marks a game as played so it shows in recent games. */
export function recordPlayedGame(api: ApiClient, identifier: string): Promise<unknown> {
  return api.post('/api/player/played_games', { identifier });
}

export function useRecordPlayedGame() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (identifier: string) => recordPlayedGame(api, identifier),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gamesKeys.recent() }),
  });
}
