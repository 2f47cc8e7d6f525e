import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useFavoriteGames } from '../api/get-favorite-games';
import { useToggleFavoriteGame } from '../api/toggle-favorite-game';
import type { GameSummary, Viewer } from '../types';
import { paths } from '../utils/paths';
import { useLocalePath, useReturnPath } from './use-locale-path';

export interface FavoritesApi {
  isFavorite: (game: GameSummary) => boolean;
  /** Adds or removes a favourite; a guest is sent to sign-in and back. */
  toggle: (game: GameSummary) => void;
}

export function useFavorites(viewer: Viewer): FavoritesApi {
  const favorites = useFavoriteGames({ enabled: viewer.isLoggedIn });
  const mutation = useToggleFavoriteGame(viewer.currency);
  const navigate = useNavigate();
  const href = useLocalePath();
  const returnPath = useReturnPath();
  const ids = useMemo(
    () => new Set((viewer.isLoggedIn ? favorites.data : undefined)?.map((g) => g.identifier)),
    [favorites.data, viewer.isLoggedIn],
  );
  const { mutate } = mutation;

  const toggle = useCallback(
    (game: GameSummary) => {
      if (!viewer.isLoggedIn) {
        void navigate(href(paths.signIn(returnPath)));
        return;
      }
      mutate({ game, makeFavorite: !ids.has(game.identifier) });
    },
    [viewer.isLoggedIn, navigate, href, returnPath, mutate, ids],
  );
  const isFavorite = useCallback((game: GameSummary) => ids.has(game.identifier), [ids]);
  return { isFavorite, toggle };
}
