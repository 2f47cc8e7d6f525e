import { useCallback, useState, type ReactNode } from 'react';
import { useGame } from '../hooks/game-context';
import { useScrollable } from '../hooks/use-scrollable';
import { BalanceBar } from './balance-bar';
import { ErrorBanner } from './error-banner';
import { InfoPanel } from './info-panel';

export interface GameLayoutProps {
  /** The table, reels or board. */
  stage: ReactNode;
  /** Bet control and action buttons under the stage. */
  controls: ReactNode;
  /** The result line (a ResultLine). */
  result: ReactNode;
  /** Rules and paytable for the info panel. */
  rules: ReactNode;
  /** Shared-round games commit one seed per round (not the player's seed pair): the current one. */
  shared?: { round_id: number; server_seed_hash: string } | null;
}

/** The frame every game client fills: bar, error, stage, result, controls, and the info panel. */
export function GameLayout({ stage, controls, result, rules, shared }: GameLayoutProps) {
  const { t } = useGame();
  const [info, setInfo] = useState(false);
  const close = useCallback(() => setInfo(false), []);
  // A stage taller than the frame (the roulette layout on a phone) scrolls: then it takes focus,
  // so the keyboard can scroll it too.
  const [stageRef, scrollable] = useScrollable<HTMLElement>();
  return (
    <div className="gc-layout">
      <BalanceBar onInfo={() => setInfo((v) => !v)} infoOpen={info} />
      {/* A fixed slot keeps the grid rows stable whether or not an error shows. */}
      <div className="gc-error-slot">
        <ErrorBanner />
      </div>
      <main
        ref={stageRef}
        className="gc-stage"
        data-testid="game-stage"
        tabIndex={scrollable ? 0 : undefined}
        aria-label={t('stage')}
        data-scrollable={scrollable || undefined}
      >
        {stage}
      </main>
      {result}
      <div className="gc-controls">{controls}</div>
      <InfoPanel open={info} onClose={close} rules={rules} shared={shared} />
    </div>
  );
}
