import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { CLOSED, gameFrame, type FrameGame, type FrameState } from './frame-store';

/** The frame's current state (always closed in a server render). */
export function useFrameState(): FrameState {
  return useSyncExternalStore(gameFrame.subscribe, gameFrame.getState, () => CLOSED);
}

export interface FramePageInput {
  /** The game this page shows, or null while it cannot be launched (preview, limit check…). */
  game: FrameGame | null;
  /** The page's path with its query: how the frame knows it belongs to this page. */
  pagePath: string;
  guest: boolean;
  mobile: boolean;
}

/**
 * Connects a game page to the frame: opens (or resumes) its game, hands the frame the placeholder
 * element to cover, and on leaving the page minimises it — or closes it for a guest or on mobile.
 */
export function useGamePageFrame({ game, pagePath, guest, mobile }: FramePageInput) {
  const state = useFrameState();
  // Leaving reads the values of the moment the page goes away, not of the first render: a guest
  // who signs in on the page then leaves must get the shell.
  const latest = useRef({ pagePath, guest, mobile });
  useEffect(() => {
    latest.current = { pagePath, guest, mobile };
  });

  const url = game?.url ?? null;
  useEffect(() => {
    if (game) gameFrame.dispatch({ type: 'open', game });
    // Only a different game (URL) or page path reopens; a new object with the same values does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url, game?.pagePath, game?.title]);

  useEffect(
    () => () => {
      const { pagePath: path, guest: isGuest, mobile: isMobile } = latest.current;
      gameFrame.dispatch({ type: 'leave', pagePath: path, guest: isGuest, mobile: isMobile });
    },
    [],
  );

  const slotRef = useCallback((element: HTMLElement | null) => gameFrame.setSlot(element), []);
  const onThisPage = state.status !== 'closed' && state.pagePath === pagePath && state.view === 'page';
  return { state, slotRef, onThisPage, requestFullscreen: () => gameFrame.requestFullscreen() };
}
