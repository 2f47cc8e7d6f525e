import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/runtime';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { gameFrame, type FrameGame } from '../frame/frame-store';
import { frameUrl } from '../frame/frame-url';
import { LIMITS_PATH, useLimitGate } from '../frame/limits';
import { useGamePageFrame } from '../frame/use-game-frame';
import { useLocale } from '../../../i18n/use-locale';
import { useGameBySeoTitle } from '../api/get-game-by-seo-title';
import { DEFAULT_FRAME } from '../constants';
import { useFavorites } from '../hooks/use-favorites';
import { useLocalePath, useReturnPath } from '../hooks/use-locale-path';
import { useProviderName } from '../hooks/use-provider-name';
import { useRecordPlayed } from '../hooks/use-record-played';
import type { Game, Viewer } from '../types';
import { browserDevice } from '../utils/device';
import { resolveLaunch } from '../utils/launch';
import { paths } from '../utils/paths';
import { GameFacts } from './game-facts';
import { frameSize, GameFrame } from './game-frame';
import { HeartIcon } from './icons';
import { LaunchOptions, type PlayMode } from './launch-options';
import { ErrorState, NotFoundState } from './states';
import './games.css';
import '../frame/game-frame.css';

/** Where the game frame takes the screen's width and the height under the header (games.css). */
const FULL_SCREEN_FRAME_QUERY = '(max-width: 899px)';
/** Space left between the sticky header and the meter (or the game) brought up under it. */
const DESKTOP_GAP_PX = 8;

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

function GameLoaded({
  game,
  viewer,
  toolbar,
}: {
  game: Game;
  viewer: Viewer;
  toolbar?: ((game: Game) => ReactNode) | undefined;
}) {
  const { t } = useTranslation('game');
  const locale = useLocale();
  const href = useLocalePath();
  const returnPath = useReturnPath();
  const navigate = useNavigate();
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
  const limits = useLimitGate(viewer.isLoggedIn);

  // Coming back from the shell keeps the mode the game runs in; otherwise real money when there
  // is a real-money game, the demo for a guest, and nothing until chosen when there is no
  // real-money game for the player's currency.
  const [mode, setMode] = useState<PlayMode | null>(() => {
    const running = gameFrame.getState();
    if (running.status !== 'closed' && running.pagePath === returnPath) return running.mode;
    return launch.access === 'real' ? 'real' : launch.access === 'demo' ? 'demo' : null;
  });
  const launchId = mode === 'real' ? launch.realId : mode === 'demo' ? launch.demoId : null;
  const { width, height } = frameSize(game);
  // A new object each render is fine: the frame reopens only when the URL, page or title change.
  const frameGame: FrameGame | null =
    launchId !== null && mode !== null && limits.gate === 'clear'
      ? {
          url: frameUrl(game.seo_title, launchId, locale),
          title: game.title,
          pagePath: returnPath,
          mode,
          width,
          height,
        }
      : null;
  const frame = useGamePageFrame({
    game: frameGame,
    pagePath: returnPath,
    guest: !viewer.isLoggedIn,
    mobile: browserDevice() === 'mobile',
  });

  // Signing out on the page (or losing the chosen mode) must not leave a real-money game running.
  const { onThisPage } = frame;
  const launching = frameGame !== null;
  useEffect(() => {
    if (!launching && onThisPage) gameFrame.dispatch({ type: 'close' });
  }, [launching, onThisPage]);

  // On a phone the game fills the screen under the header (games.css): bring it there when it
  // opens, and again once it has loaded (the page above it may have settled by then). On a
  // desktop window too short for the title, the meter and the whole game (a 1366×768 laptop), the
  // meter and the game come up under the header instead, so the game's controls are in view
  // without the player having to find them below the fold; a taller window is left as it is.
  const loaded = frame.state.status === 'loaded';
  const toolbarRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const slot = gameFrame.getSlot();
    if (!onThisPage || !slot) return;
    // Right under the sticky header (its height is the shell's --header-h token).
    const header = Number.parseFloat(getComputedStyle(slot).getPropertyValue('--header-h')) || 0;
    const box = slot.getBoundingClientRect();
    if (window.matchMedia(FULL_SCREEN_FRAME_QUERY).matches) {
      window.scrollTo({ top: box.top + window.scrollY - header, behavior: 'instant' });
      return;
    }
    if (box.bottom <= window.innerHeight) return;
    // The meter above the game, when one shows (an empty toolbar is not displayed: a box of zeros).
    const toolbar = toolbarRef.current?.getBoundingClientRect();
    const top = toolbar && toolbar.height > 0 ? toolbar.top : box.top;
    window.scrollTo({ top: top + window.scrollY - header - DESKTOP_GAP_PX, behavior: 'instant' });
  }, [onThisPage, loaded]);

  // docs/player-app.md#navigation-rules: a signed-in player with a limit reached goes to the limits page instead of the game.
  useEffect(() => {
    if (limits.gate !== 'reached') return;
    gameFrame.dispatch({ type: 'close' });
    void navigate(href(LIMITS_PATH), { replace: true });
  }, [limits.gate, navigate, href]);

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
        <div className="game-page__tools">
          {onThisPage && (
            <button
              type="button"
              className="btn btn--secondary"
              data-testid="frame-fullscreen"
              onClick={() => void frame.requestFullscreen()}
            >
              <FullscreenIcon />
              {t('frame.fullscreen')}
            </button>
          )}
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
      </div>
      {toolbar && (
        <div className="game-page__toolbar" ref={toolbarRef}>
          {toolbar(game)}
        </div>
      )}
      <GameFrame game={game} label={t('frame.label')} slotRef={frameGame ? frame.slotRef : undefined}>
        {frameGame ? null : launch.access === 'sign-in' ? (
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
        ) : limits.gate === 'checking' || limits.gate === 'reached' ? (
          <p className="game-frame__text" role="status">
            {t('frame.checking_limits')}
          </p>
        ) : limits.gate === 'error' ? (
          <div role="alert" className="game-frame__actions">
            <p className="game-frame__text">{t('frame.limits_error')}</p>
            <button type="button" className="btn btn--secondary" onClick={limits.retry} disabled={limits.retrying}>
              {t('frame.retry')}
            </button>
          </div>
        ) : (
          <>
            <h2 className="game-frame__heading">
              {launch.access === 'real-unavailable' && launch.currency
                ? t('frame.no_real_title', { currency: launch.currency })
                : t('frame.choose_title')}
            </h2>
            {launch.demoId !== null && (
              <div className="game-frame__actions">
                <button type="button" className="btn btn--primary" onClick={() => setMode('demo')}>
                  {t('launch.play_demo')}
                </button>
              </div>
            )}
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
        <LaunchOptions launch={launch} signInHref={signInHref} mode={onThisPage ? mode : null} onPlay={setMode} />
      </div>
    </div>
  );
}

function FullscreenIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
    </svg>
  );
}

/**
 * /play/{producer}/{name}: the running game (real money or demo, docs/player-app.md#game-url) in the game frame, or
 * the sign-in preview for a guest on a game without demo; its facts and the ways to play it.
 * A signed-in player's limits are checked first (docs/player-app.md#navigation-rules). The frame itself lives above the routes
 * (features/game-frame); this page only reserves its place. Opening it as a signed-in player
 * records the game as played.
 */
export function GameView({
  producer,
  name,
  viewer,
  notFound,
  toolbar,
}: {
  producer: string;
  name: string;
  viewer: Viewer;
  notFound: boolean;
  /**
   * What the page composing this view puts above the running game (the route mounts the bonus
   * wagering meter here: features never import each other, decision 011).
   */
  toolbar?: (game: Game) => ReactNode;
}) {
  const { t } = useTranslation('game');
  const game = useGameBySeoTitle(producer, name);
  if (notFound || game.data === null) return <GameNotFound />;
  if (game.data) return <GameLoaded game={game.data} viewer={viewer} toolbar={toolbar} />;
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
