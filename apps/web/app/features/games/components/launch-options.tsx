import { useTranslation } from '../../../i18n/runtime';
import { Link } from 'react-router';
import type { LaunchOptions as Launch } from '../utils/launch';
import './games.css';

/**
 * How this visitor could play the game (SPEC §5): the real-money id for the chosen currency and
 * the demo (FUN) id. Launching itself is not built yet, so this states the ids and what is
 * missing, and offers no play button.
 */
export function LaunchOptions({ launch, signInHref }: { launch: Launch; signInHref: string }) {
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
            {launch.access === 'real' && t('launch.real_id', { id: launch.realId })}
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
          <dd>{launch.demoId !== null ? t('launch.demo_id', { id: launch.demoId }) : t('launch.no_demo')}</dd>
        </div>
      </dl>
    </section>
  );
}
