import { Suspense, type CSSProperties } from 'react';
import { useTranslation } from '../../i18n/runtime';
import { EngineClient, hasEngineClient } from '../engines/registry';
import { GameProvider } from '../hooks/game-context';
import { useBonusMaxBet } from '../hooks/use-bonus-play';
import { useGameSession } from '../hooks/use-game-session';
import '../styles/games-client.css';

/** Loading placeholder with the frame's shape; also what the server renders. */
export function GameSkeleton({ label }: { label: string }) {
  return (
    <div className="gc-skeleton" role="status" aria-live="polite">
      <span className="gc-spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

/** Launches the game (POST /games-api/sessions) and mounts the engine's client for it. */
export function GameApp({ gameSlug, launchId }: { gameSlug: string; launchId: string }) {
  const { t } = useTranslation('games');
  const state = useGameSession(gameSlug, launchId);
  const { launch, session } = state;
  const bonusMaxBet = useBonusMaxBet(launch.status === 'ready' ? session : null);

  if (launch.status === 'launching' || (launch.status === 'ready' && !session)) {
    return <GameSkeleton label={t('loading')} />;
  }
  if (launch.status === 'failed') {
    const { error } = launch;
    return (
      <div className="gc-launch-error" role="alert" data-testid="game-error" data-code={error.code}>
        <p>{t(`errors.${error.key}`)}</p>
        {error.code === 'login_required' ? (
          <a className="gc-btn" href="/sign-in" target="_top">
            {t('errors.sign_in')}
          </a>
        ) : (
          <button type="button" className="gc-btn" onClick={state.relaunch}>
            {t('errors.retry')}
          </button>
        )}
      </div>
    );
  }
  const ready = session!;
  const [p1, p2, p3] = ready.game.theme.palette;
  const style = { '--gc-p1': p1, '--gc-p2': p2, '--gc-p3': p3 } as CSSProperties;
  return (
    <div
      className={`gc-root gc-motif-${ready.game.theme.motif}`}
      style={style}
      data-engine={ready.game.engine}
      data-mode={ready.mode}
    >
      <GameProvider value={{ ...state, session: ready, bonusMaxBet }}>
        {hasEngineClient(ready.game.engine) ? (
          <Suspense fallback={<GameSkeleton label={t('loading')} />}>
            <EngineClient engine={ready.game.engine} />
          </Suspense>
        ) : (
          <p className="gc-launch-error" role="alert" data-testid="game-error">
            {t('errors.unsupported')}
          </p>
        )}
      </GameProvider>
    </div>
  );
}
