import { useId, useRef } from 'react';
import { useTranslation } from '../../../i18n/runtime';
import { Link } from 'react-router';
import { EAGER_CARDS } from '../constants';
import type { FavoritesApi } from '../hooks/use-favorites';
import { useLocalePath } from '../hooks/use-locale-path';
import { useProviderName } from '../hooks/use-provider-name';
import type { GameSummary } from '../types';
import { paths } from '../utils/paths';
import { GameCard } from './game-card';
import { ChevronIcon } from './icons';
import './games.css';

export interface GameRowProps {
  title: string;
  games: readonly GameSummary[] | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  favorites: FavoritesApi;
  /** "See all" target inside the visitor's locale; no link when absent. */
  seeAllHref?: string;
  /** Rows above the fold load their first artwork eagerly. */
  eager?: boolean;
}

/**
 * A titled horizontal scroller of game cards (home page). Cards are links, so Tab walks through
 * them and the browser scrolls each into view; the arrow buttons page the row for pointer users.
 */
export function GameRow({
  title,
  games,
  isPending,
  isError,
  onRetry,
  favorites,
  seeAllHref,
  eager = false,
}: GameRowProps) {
  const { t } = useTranslation('lobby');
  const href = useLocalePath();
  const providerName = useProviderName();
  const headingId = useId();
  const scroller = useRef<HTMLUListElement>(null);

  if (!isPending && !isError && (!games || games.length === 0)) return null;

  const page = (direction: 1 | -1) => {
    const el = scroller.current;
    if (el) el.scrollBy({ left: direction * el.clientWidth * 0.9, behavior: 'smooth' });
  };

  return (
    <section className="game-row" aria-labelledby={headingId}>
      <div className="game-row__head">
        <h2 id={headingId} className="game-row__title">
          {title}
        </h2>
        <div className="game-row__actions">
          {games && games.length > 0 && (
            <>
              <button
                type="button"
                className="game-row__arrow"
                onClick={() => page(-1)}
                aria-label={t('rows.scroll_back', { title })}
              >
                <ChevronIcon direction="left" />
              </button>
              <button
                type="button"
                className="game-row__arrow"
                onClick={() => page(1)}
                aria-label={t('rows.scroll_forward', { title })}
              >
                <ChevronIcon direction="right" />
              </button>
            </>
          )}
          {seeAllHref && (
            <Link to={seeAllHref} className="game-row__all" aria-label={t('rows.see_all_label', { title })}>
              {t('rows.see_all')}
            </Link>
          )}
        </div>
      </div>
      {isPending ? (
        <ul className="game-row__list" aria-hidden="true">
          {Array.from({ length: 6 }, (_, i) => (
            <li key={i} className="game-skeleton">
              <span className="game-skeleton__art" />
              <span className="game-skeleton__line" />
            </li>
          ))}
        </ul>
      ) : isError && !games ? (
        <div className="game-row__error" role="alert">
          <span>{t('error.title')}</span>
          <button type="button" className="btn btn--ghost" onClick={onRetry}>
            {t('error.retry')}
          </button>
        </div>
      ) : (
        <ul ref={scroller} className="game-row__list">
          {(games ?? []).map((game, i) => (
            <li key={game.identifier}>
              <GameCard
                game={game}
                href={href(paths.game(game))}
                providerName={providerName(game.provider)}
                isFavorite={favorites.isFavorite(game)}
                onToggleFavorite={favorites.toggle}
                eager={eager && i < EAGER_CARDS / 2}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
