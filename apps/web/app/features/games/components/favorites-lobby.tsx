import { useTranslation } from '../../../i18n/runtime';
import { Link } from 'react-router';
import { useFavoriteGames } from '../api/get-favorite-games';
import { useFavorites } from '../hooks/use-favorites';
import { useLocalePath, useReturnPath } from '../hooks/use-locale-path';
import type { Viewer } from '../types';
import { favoritesForDisplay } from '../utils/favorites';
import { paths } from '../utils/paths';
import { GameGrid, GameGridSkeleton } from './game-grid';
import { EmptyState, ErrorState, SignInPrompt } from './states';
import './games.css';

/** /favorite-games: the player's favourites, newest first; guests get a sign-in prompt. */
export function FavoritesLobby({ viewer }: { viewer: Viewer }) {
  const { t } = useTranslation('lobby');
  const href = useLocalePath();
  const returnPath = useReturnPath();
  const list = useFavoriteGames({ enabled: viewer.isLoggedIn });
  const favorites = useFavorites(viewer);

  let body;
  if (!viewer.isLoggedIn) {
    body = (
      <SignInPrompt
        title={t('favorites.guest_title')}
        text={t('favorites.guest_text')}
        href={href(paths.signIn(returnPath))}
        cta={t('favorites.sign_in')}
      />
    );
  } else if (list.isPending) {
    body = <GameGridSkeleton />;
  } else if (list.isError && !list.data) {
    body = <ErrorState onRetry={() => void list.refetch()} busy={list.isFetching} />;
  } else if (!list.data?.length) {
    body = (
      <EmptyState
        action={
          <Link className="btn btn--primary" to={href(paths.section('pokies'))}>
            {t('favorites.empty_action')}
          </Link>
        }
      >
        {t('favorites.empty')}
      </EmptyState>
    );
  } else {
    body = <GameGrid games={favoritesForDisplay(list.data)} favorites={favorites} label={t('favorites.list')} />;
  }

  return (
    <div className="lobby-page">
      <div className="lobby-page__head">
        <h1 className="lobby-page__title">{t('favorites.title')}</h1>
      </div>
      {body}
    </div>
  );
}
