import { MINIMISED_FRAME_WIDTH_PX } from '../../../config/constants';
import type { ShellPosition } from './frame-store';

/** Height of the shell's title bar above the miniature. */
export const SHELL_BAR_PX = 36;
/** Gap kept between the shell and the viewport edge when it is first shown. */
export const SHELL_MARGIN_PX = 16;
/** Arrow keys move the shell this far (Shift: four times as far). */
export const SHELL_KEY_STEP_PX = 16;

export interface Size {
  width: number;
  height: number;
}

/** The shell's size for a game frame: 250 px wide (docs/player-app.md#game-frame-size), the game's aspect ratio below the bar. */
export function shellSize(frame: Size): Size {
  const width = MINIMISED_FRAME_WIDTH_PX;
  return { width, height: Math.round((width * frame.height) / frame.width) + SHELL_BAR_PX };
}

/** Keeps the whole shell inside the viewport (top-left wins when the viewport is smaller than it). */
export function clampShell(position: ShellPosition, shell: Size, viewport: Size): ShellPosition {
  const maxX = Math.max(0, viewport.width - shell.width);
  const maxY = Math.max(0, viewport.height - shell.height);
  return {
    x: Math.round(Math.min(Math.max(position.x, 0), maxX)),
    y: Math.round(Math.min(Math.max(position.y, 0), maxY)),
  };
}

/** Where the shell first appears: the bottom-right corner, out of the way of the page. */
export function defaultShellPosition(shell: Size, viewport: Size): ShellPosition {
  return clampShell(
    { x: viewport.width - shell.width - SHELL_MARGIN_PX, y: viewport.height - shell.height - SHELL_MARGIN_PX },
    shell,
    viewport,
  );
}

const KEY_DIRECTIONS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** Keyboard dragging: the new position for an arrow key, or null for any other key. */
export function moveByKey(
  key: string,
  shift: boolean,
  position: ShellPosition,
  shell: Size,
  viewport: Size,
): ShellPosition | null {
  const direction = KEY_DIRECTIONS[key];
  if (!direction) return null;
  const step = shift ? SHELL_KEY_STEP_PX * 4 : SHELL_KEY_STEP_PX;
  return clampShell({ x: position.x + direction[0] * step, y: position.y + direction[1] * step }, shell, viewport);
}
