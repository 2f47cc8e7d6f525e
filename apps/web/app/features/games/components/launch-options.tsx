import { useTranslation } from '../../../i18n/runtime';
import { Link } from 'react-router';
import type { LaunchOptions as Launch } from '../utils/launch';
import './games.css';

export type PlayMode = 'real' | 'demo';

/**
 * How this visitor can play the game (docs/player-app.md#game-url): for real money in the chosen currency, or the demo
 * (FUN). Each available way is a button that (re)launches the frame in that mode; what is missing
 * says why (no game for the currency, no demo, or sign in first).
 */
export function LaunchOptions({
  launch,
  signInHref,
  mode,
  onPlay,
}: {
  launch: Launch;
  signInHref: string;
  /** The mode the frame runs in on this page, if any. */
  mode: PlayMode | null;
  onPlay: (mode: PlayMode) => void;
}) {
  const { t } = useTranslation('game');
  return (
    <section className="launch-options" aria-labelledby="launch-options-title">
      <h2 id="launch-options-title" className="game-facts__title">
        {t('launch.heading')}
      </h2>
      <dl className="game-facts__list">
        <div>
          <dt>{launch.currency ? t('launch.real', { currency: launch.currency }) : t('launch.real_plain')}</dt>
          <dd>
            {launch.access === 'real' && (
              <button
                type="button"
                className="btn btn--sm btn--primary"
                aria-pressed={mode === 'real'}
                data-testid="play-real"
                onClick={() => onPlay('real')}
              >
                {t('launch.play_real')}
              </button>
            )}
            {launch.access === 'real-unavailable' &&
              (launch.currency
                ? t('launch.real_unavailable', { currency: launch.currency })
                : t('launch.real_no_currency'))}
            {(launch.access === 'demo' || launch.access === 'sign-in') && (
              <Link to={signInHref}>{t('launch.guest_real')}</Link>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('launch.demo')}</dt>
          <dd>
            {launch.demoId !== null ? (
              <button
                type="button"
                className="btn btn--sm btn--secondary"
                aria-pressed={mode === 'demo'}
                data-testid="play-demo"
                onClick={() => onPlay('demo')}
              >
                {t('launch.play_demo')}
              </button>
            ) : (
              t('launch.no_demo')
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}
