import type { CSSProperties, ReactNode } from 'react';
import { DEFAULT_FRAME } from '../constants';
import type { Game } from '../types';
import './games.css';

/** The frame size a game asks for (SPEC §3: default 1280×720). */
export function frameSize(game: Pick<Game, 'frameWidth' | 'frameHeight'>): { width: number; height: number } {
  const ok = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0;
  return ok(game.frameWidth) && ok(game.frameHeight)
    ? { width: game.frameWidth, height: game.frameHeight }
    : { ...DEFAULT_FRAME };
}

export interface GameFrameProps {
  game: Game;
  label: string;
  /** What lies over the artwork: the "not playable yet" notice or the sign-in preview. */
  children: ReactNode;
}

/**
 * The area where the game will run, at the game's own aspect ratio and never taller than the
 * viewport. Until games can be launched it shows the artwork with a notice on top; it never
 * pretends to be a playable game.
 */
export function GameFrame({ game, label, children }: GameFrameProps) {
  const { width, height } = frameSize(game);
  const style = { '--frame-w': width, '--frame-h': height } as CSSProperties;
  return (
    <section className="game-frame" style={style} aria-label={label}>
      <img className="game-frame__preview" src={game.preview} alt="" width={width} height={height} decoding="async" />
      <div className="game-frame__overlay">{children}</div>
    </section>
  );
}
