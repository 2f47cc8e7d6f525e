import { useTranslation } from '../../../i18n/runtime';
import { Link } from 'react-router';
import { intlLocale, type Locale } from '@croupier/shared/locales';
import type { Game } from '../types';
import { describeGame } from '../utils/game-description';
import './games.css';

const VOLATILITY = ['low', 'medium', 'high', 'very-high'] as const;

/** RTP as a percentage in the visitor's locale ("96.5" → "96.5 %" / "96,5 %"), or null. */
export function formatRtp(payout: string | null | undefined, locale: Locale): string | null {
  const value = payout === null || payout === undefined ? NaN : Number.parseFloat(payout);
  if (!Number.isFinite(value)) return null;
  return new Intl.NumberFormat(intlLocale(locale), { style: 'percent', maximumFractionDigits: 2 }).format(value / 100);
}

/** Provider, RTP, volatility, lines/ways and the description of a game. */
export function GameFacts({
  game,
  locale,
  providerName,
  providerHref,
}: {
  game: Game;
  locale: Locale;
  providerName: string;
  providerHref: string;
}) {
  const { t } = useTranslation('game');
  const rtp = formatRtp(game.payout, locale);
  const volatility = game.volatility_rating
    ? (VOLATILITY as readonly string[]).includes(game.volatility_rating)
      ? t(`details.volatility_values.${game.volatility_rating}`)
      : game.volatility_rating
    : null;
  const number = new Intl.NumberFormat(intlLocale(locale));
  // The catalogue's facts in the page's language; a free-text description (an operator's) as it is.
  const description = game.description_parts ? describeGame(game.description_parts, t, locale) : game.description;
  return (
    <section className="game-facts" aria-labelledby="game-facts-title">
      <h2 id="game-facts-title" className="game-facts__title">
        {t('details.heading')}
      </h2>
      <dl className="game-facts__list">
        <div>
          <dt>{t('details.provider')}</dt>
          <dd>
            <Link to={providerHref}>{providerName}</Link>
          </dd>
        </div>
        <div>
          <dt>{t('details.rtp')}</dt>
          <dd>{rtp ?? t('details.unknown')}</dd>
        </div>
        <div>
          <dt>{t('details.volatility')}</dt>
          <dd>{volatility ?? t('details.unknown')}</dd>
        </div>
        {typeof game.lines === 'number' && game.lines > 0 && (
          <div>
            <dt>{t('details.lines')}</dt>
            <dd>{number.format(game.lines)}</dd>
          </div>
        )}
        {typeof game.ways === 'number' && game.ways > 0 && (
          <div>
            <dt>{t('details.ways')}</dt>
            <dd>{number.format(game.ways)}</dd>
          </div>
        )}
      </dl>
      {description && <p className="game-facts__description">{description}</p>}
    </section>
  );
}
