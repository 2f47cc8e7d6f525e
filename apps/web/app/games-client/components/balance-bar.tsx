import { useGame } from '../hooks/game-context';

/** Title, demo badge, balance and the info button: the top strip of every game. */
export function BalanceBar({ onInfo, infoOpen }: { onInfo(): void; infoOpen: boolean }) {
  const { session, balance, t, money } = useGame();
  return (
    <header className="gc-bar">
      <h1 className="gc-bar__title">{session.game.title}</h1>
      {session.mode === 'demo' && (
        <span className="gc-badge" data-testid="demo-badge" title={t('demo.hint')}>
          {t('demo.badge')}
        </span>
      )}
      <p className="gc-bar__balance">
        <span className="gc-bar__label">{t('balance')}</span>{' '}
        <output data-testid="balance" aria-live="off">
          {money(balance)}
        </output>
      </p>
      <button
        type="button"
        className="gc-btn gc-btn--small"
        aria-expanded={infoOpen}
        aria-controls="gc-info"
        data-testid="info-button"
        onClick={onInfo}
      >
        {t('info.open')}
      </button>
    </header>
  );
}
