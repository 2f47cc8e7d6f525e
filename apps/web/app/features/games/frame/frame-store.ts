/**
 * The game frame of docs/player-app.md#game-frame: closed → opened (with a URL) → loaded, shown either on its game page
 * or minimised into the draggable shell. One frame per browser tab; it lives above the routes so
 * a round keeps running while the player browses the lobby.
 */

export type FrameMode = 'real' | 'demo';

/** What the game page asks the frame to show. */
export interface FrameGame {
  /** `/games/{gameSlug}/{id}` (frame-url.ts). */
  url: string;
  /** The game's title: the iframe's accessible name and the shell's label. */
  title: string;
  /** Where "resume" goes back to: the game page's path with its query. */
  pagePath: string;
  mode: FrameMode;
  width: number;
  height: number;
}

export type FrameView = 'page' | 'minimised';

export type FrameState = { status: 'closed' } | ({ status: 'opened' | 'loaded'; view: FrameView } & FrameGame);

export type FrameEvent =
  /** The game page shows a game (or shows again the one already open: that resumes it). */
  | { type: 'open'; game: FrameGame }
  /** The iframe finished loading this URL. */
  | { type: 'loaded'; url: string }
  /** The player left the page of the open game. */
  | { type: 'leave'; pagePath: string; guest: boolean; mobile: boolean }
  | { type: 'close' };

export const CLOSED: FrameState = { status: 'closed' };

export function frameReducer(state: FrameState, event: FrameEvent): FrameState {
  switch (event.type) {
    case 'open': {
      if (state.status !== 'closed' && state.url === event.game.url) {
        // Same game again: keep the live iframe (and its round), just bring it back to the page.
        return { ...state, ...event.game, status: state.status, view: 'page' };
      }
      return { ...event.game, status: 'opened', view: 'page' };
    }
    case 'loaded':
      return state.status === 'opened' && state.url === event.url ? { ...state, status: 'loaded' } : state;
    case 'leave':
      // Another game's page unmounting (the frame already shows a newer game) changes nothing.
      if (state.status === 'closed' || state.pagePath !== event.pagePath || state.view !== 'page') return state;
      // docs/player-app.md#game-frame: a guest's game and any game on mobile close instead of shrinking into the shell.
      if (event.guest || event.mobile) return CLOSED;
      return { ...state, view: 'minimised' };
    case 'close':
      return CLOSED;
  }
}

export interface ShellPosition {
  x: number;
  y: number;
}

type Listener = () => void;

/**
 * The frame's state as an external store (useSyncExternalStore), plus the two DOM elements the
 * host needs: the page's placeholder it overlays and the iframe (for fullscreen). Elements are not
 * state: changing them only asks subscribers to measure again.
 */
export function createFrameStore() {
  let state: FrameState = CLOSED;
  let position: ShellPosition | null = null;
  let slot: HTMLElement | null = null;
  let iframe: HTMLIFrameElement | null = null;
  const listeners = new Set<Listener>();
  const emit = () => listeners.forEach((l) => l());

  return {
    getState: () => state,
    getPosition: () => position,
    getSlot: () => slot,
    dispatch(event: FrameEvent) {
      const next = frameReducer(state, event);
      if (next === state) return;
      state = next;
      emit();
    },
    setPosition(next: ShellPosition) {
      position = next;
      emit();
    },
    setSlot(element: HTMLElement | null) {
      if (slot === element) return;
      slot = element;
      emit();
    },
    setIframe(element: HTMLIFrameElement | null) {
      iframe = element;
    },
    /** The fullscreen button; false when there is no iframe or the browser refuses. */
    async requestFullscreen(): Promise<boolean> {
      if (!iframe?.requestFullscreen) return false;
      try {
        await iframe.requestFullscreen();
        return true;
      } catch {
        return false;
      }
    },
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export type FrameStore = ReturnType<typeof createFrameStore>;

/** The tab's one game frame. Only effects and handlers change it, so server renders always see it closed. */
export const gameFrame = createFrameStore();
