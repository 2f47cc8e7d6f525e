import { memo } from 'react';
import { useTranslation } from '../../../i18n/runtime';
import { Link } from 'react-router';
import { CARD_ART } from '../constants';
import type { GameSummary } from '../types';
import { gameBadges } from '../utils/badges';
import { HeartIcon } from './icons';
import './games.css';

export interface GameCardProps {
  game: GameSummary;
  /** The game page, already inside the visitor's locale. */
  href: string;
  /** Provider display title. */
  providerName: string;
  isFavorite: boolean;
  onToggleFavorite: (game: GameSummary) => void;
  /** Cards in the first viewport load their artwork eagerly. */
  eager?: boolean;
}

/**
 * One game tile: artwork and title link to the game page; badges come from the game's
 * collections; the heart toggles the favourite (aria-pressed carries the state).
 */
export const GameCard = memo(function GameCard({
  game,
  href,
  providerName,
  isFavorite,
  onToggleFavorite,
  eager = false,
}: GameCardProps) {
  const { t } = useTranslation('lobby');
  const badges = gameBadges(game.categories);
  return (
    <article className="game-card">
      <Link
        to={href}
        className="game-card__link"
        aria-label={t('card.open', { title: game.title, provider: providerName })}
      >
        <img
          className="game-card__art"
          src={game.preview}
          alt={game.title}
          width={CARD_ART.width}
          height={CARD_ART.height}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
      </Link>
      <div className="game-card__body">
        <p className="game-card__title">{game.title}</p>
        <p className="game-card__provider">{providerName}</p>
      </div>
      {badges.length > 0 && (
        <ul className="game-card__badges" aria-label={t('card.badges')}>
          {badges.map((badge) => (
            <li key={badge} className={`game-badge game-badge--${badge}`}>
              {t(`card.badge.${badge}`)}
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className="game-card__fav"
        aria-pressed={isFavorite}
        aria-label={t('card.favorite', { title: game.title })}
        onClick={() => onToggleFavorite(game)}
      >
        <HeartIcon filled={isFavorite} />
      </button>
    </article>
  );
});
