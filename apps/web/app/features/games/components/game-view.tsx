import type { CSSProperties } from 'react';
import { useTranslation } from '../../../i18n/runtime';
import { Link, useSearchParams } from 'react-router';
import { useLocale } from '../../../i18n/use-locale';
import { useGameBySeoTitle } from '../api/get-game-by-seo-title';
import { DEFAULT_FRAME } from '../constants';
import { useFavorites } from '../hooks/use-favorites';
import { useLocalePath, useReturnPath } from '../hooks/use-locale-path';
import { useProviderName } from '../hooks/use-provider-name';
import { useRecordPlayed } from '../hooks/use-record-played';
import type { Game, Viewer } from '../types';
import { resolveLaunch } from '../utils/launch';
import { paths } from '../utils/paths';
import { GameFacts } from './game-facts';
import { GameFrame } from './game-frame';
import { HeartIcon } from './icons';
import { LaunchOptions } from './launch-options';
import { ErrorState, NotFoundState } from './states';
import './games.css';

/** Content of an unknown game's page (the loader answers 404). */
export function GameNotFound() {
  const { t } = useTranslation('game');
  const href = useLocalePath();
  return (
    <div className="game-page">
      <NotFoundState
        title={t('not_found.title')}
        text={t('not_found.text')}
        backHref={href(paths.home())}
        backLabel={t('not_found.back')}
      />
    </div>
  );
}

function GameLoaded({ game, viewer }: { game: Game; viewer: Viewer }) {
  const { t } = useTranslation('game');
  const locale = useLocale();
  const href = useLocalePath();
  const returnPath = useReturnPath();
  const [params] = useSearchParams();
  const favorites = useFavorites(viewer);
  const provider = useProviderName()(game.provider);
  useRecordPlayed(game.identifier, viewer.isLoggedIn);

  const launch = resolveLaunch({
    game,
    queryCurrency: params.get('currency'),
    isLoggedIn: viewer.isLoggedIn,
    playerCurrency: viewer.currency,
  });
  const signInHref = href(paths.signIn(returnPath));
  const isFavorite = favorites.isFavorite(game);

  return (
    <div className="game-page">
      <nav aria-label={t('nav.breadcrumb')} className="lobby-page__lead">
        <Link to={href(paths.home())}>{t('nav.lobby')}</Link> /{' '}
        <Link to={href(paths.producer(game.provider))}>{provider}</Link>
      </nav>
      <div className="game-page__head">
        <div>
          <h1 className="game-page__title">{game.title}</h1>
          <p className="game-page__provider">{provider}</p>
        </div>
        <button
          type="button"
          className="btn btn--secondary game-page__fav"
          aria-pressed={viewer.isLoggedIn ? isFavorite : undefined}
          onClick={() => favorites.toggle(game)}
        >
          <HeartIcon filled={isFavorite} />
          {viewer.isLoggedIn ? t('favorite.label') : t('favorite.sign_in')}
        </button>
      </div>
      <GameFrame game={game} label={t('frame.label')}>
        {launch.access === 'sign-in' ? (
          <>
            <h2 className="game-frame__heading">{t('sign_in.title', { title: game.title })}</h2>
            <p className="game-frame__text">{t('sign_in.text')}</p>
            <div className="game-frame__actions">
              <Link className="btn btn--primary" to={signInHref}>
                {t('sign_in.cta')}
              </Link>
              <Link className="btn btn--secondary" to={href(paths.signUp(returnPath))}>
                {t('sign_in.sign_up')}
              </Link>
            </div>
          </>
        ) : (
          <>
            <h2 className="game-frame__heading">{t('frame.not_playable')}</h2>
            <p className="game-frame__text">{t('frame.not_playable_text')}</p>
          </>
        )}
      </GameFrame>
      <div className="game-page__info">
        <GameFacts
          game={game}
          locale={locale}
          providerName={provider}
          providerHref={href(paths.producer(game.provider))}
        />
        <LaunchOptions launch={launch} signInHref={signInHref} />
      </div>
    </div>
  );
}

/**
 * /play/{producer}/{name}: the game's frame area (artwork and a plain "not playable yet" notice,
 * or the sign-in preview for a guest on a game without demo), its facts, and how this visitor
 * could play it (SPEC §5). Opening it as a signed-in player records the game as played.
 */
export function GameView({
  producer,
  name,
  viewer,
  notFound,
}: {
  producer: string;
  name: string;
  viewer: Viewer;
  notFound: boolean;
}) {
  const { t } = useTranslation('game');
  const game = useGameBySeoTitle(producer, name);
  if (notFound || game.data === null) return <GameNotFound />;
  if (game.data) return <GameLoaded game={game.data} viewer={viewer} />;
  if (game.isError) {
    return (
      <div className="game-page">
        <ErrorState title={t('error.title')} onRetry={() => void game.refetch()} busy={game.isFetching} />
      </div>
    );
  }
  return (
    <div className="game-page" aria-busy="true">
      <div
        className="game-frame game-skeleton__art"
        style={{ '--frame-w': DEFAULT_FRAME.width, '--frame-h': DEFAULT_FRAME.height } as CSSProperties}
      />
    </div>
  );
}
