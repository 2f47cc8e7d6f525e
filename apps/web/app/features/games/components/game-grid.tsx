import { useTranslation } from '../../../i18n/runtime';
import { EAGER_CARDS } from '../constants';
import type { FavoritesApi } from '../hooks/use-favorites';
import { useLocalePath } from '../hooks/use-locale-path';
import { useProviderName } from '../hooks/use-provider-name';
import type { GameSummary } from '../types';
import { paths } from '../utils/paths';
import { GameCard } from './game-card';
import './games.css';

/** Placeholder tiles while games load; hidden from assistive tech (a status line says "loading"). */
export function GameGridSkeleton({ count = 12 }: { count?: number }) {
  const { t } = useTranslation('lobby');
  return (
    <>
      <p className="visually-hidden" role="status">
        {t('grid.loading')}
      </p>
      <ul className="game-grid" aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className="game-skeleton">
            <span className="game-skeleton__art" />
            <span className="game-skeleton__line" />
            <span className="game-skeleton__line game-skeleton__line--short" />
          </li>
        ))}
      </ul>
    </>
  );
}

/** A responsive grid of game cards: 2 columns on a 360 px phone up to 8 on a wide desktop. */
export function GameGrid({
  games,
  favorites,
  label,
}: {
  games: readonly GameSummary[];
  favorites: FavoritesApi;
  label?: string;
}) {
  const href = useLocalePath();
  const providerName = useProviderName();
  return (
    <ul className="game-grid" aria-label={label}>
      {games.map((game, i) => (
        <li key={game.identifier}>
          <GameCard
            game={game}
            href={href(paths.game(game))}
            providerName={providerName(game.provider)}
            isFavorite={favorites.isFavorite(game)}
            onToggleFavorite={favorites.toggle}
            eager={i < EAGER_CARDS}
          />
        </li>
      ))}
    </ul>
  );
}
