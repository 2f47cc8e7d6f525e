import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import type { GameSummary } from '../types';
import { applyFavoriteToggle, favoriteLaunchId } from '../utils/favorites';
import { toGameSummary } from '../utils/game-summary';
import { getFavoriteGamesQueryOptions } from './get-favorite-games';

/** PUT (add) or DELETE (remove) /api/player/favorite_games/{id}, id = numeric launch id (docs/api-shapes.md#favourites). */
export function setFavoriteGame(api: ApiClient, launchId: number, makeFavorite: boolean): Promise<unknown> {
  const path = `/api/player/favorite_games/${launchId}`;
  return makeFavorite ? api.put(path) : api.delete(path);
}

export interface ToggleFavoriteVariables {
  game: GameSummary;
  makeFavorite: boolean;
}

/**
 * Adds or removes a favourite optimistically: the heart changes at once, rolls back if the
 * server refuses, and the list is re-read from the server afterwards either way.
 */
export function useToggleFavoriteGame(currency: string | null) {
  const api = useApi();
  const queryClient = useQueryClient();
  const key = getFavoriteGamesQueryOptions(api).queryKey;
  return useMutation({
    mutationFn: async ({ game, makeFavorite }: ToggleFavoriteVariables) => {
      const launchId = favoriteLaunchId(game, currency);
      if (launchId === null) throw new Error(`No numeric id for ${game.identifier}`);
      await setFavoriteGame(api, launchId, makeFavorite);
    },
    onMutate: async ({ game, makeFavorite }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key);
      queryClient.setQueryData(key, applyFavoriteToggle(previous, toGameSummary(game), makeFavorite));
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
