import type { CSSProperties, ReactNode, Ref } from 'react';
import { DEFAULT_FRAME } from '../constants';
import type { Game } from '../types';
import './games.css';

/** The frame size a game asks for (docs/player-app.md#data-objects: default 1280×720). */
export function frameSize(game: Pick<Game, 'frameWidth' | 'frameHeight'>): { width: number; height: number } {
  const ok = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0;
  return ok(game.frameWidth) && ok(game.frameHeight)
    ? { width: game.frameWidth, height: game.frameHeight }
    : { ...DEFAULT_FRAME };
}

export interface GameFrameProps {
  game: Game;
  label: string;
  /**
   * Set while the game runs: the running iframe lives above the routes (features/game-frame) and
   * covers this element, so the page only reserves the space at the game's aspect ratio.
   */
  slotRef?: Ref<HTMLElement>;
  /** What lies over the artwork when the game is not running: the sign-in preview, a notice. */
  children?: ReactNode;
}

/**
 * The game's area on its page, at the game's own aspect ratio and never taller than the viewport.
 * Under the running game (or while it is not launched) it shows the artwork.
 */
export function GameFrame({ game, label, slotRef, children }: GameFrameProps) {
  const { width, height } = frameSize(game);
  const style = { '--frame-w': width, '--frame-h': height } as CSSProperties;
  return (
    <section className="game-frame" style={style} aria-label={label} ref={slotRef} data-testid="game-frame-slot">
      <img className="game-frame__preview" src={game.preview} alt="" width={width} height={height} decoding="async" />
      {children && <div className="game-frame__overlay">{children}</div>}
    </section>
  );
}
