import { describe, expect, it } from 'vitest';
import { CLOSED, createFrameStore, frameReducer, type FrameGame, type FrameState } from './frame-store';
import { clampShell, defaultShellPosition, moveByKey, shellSize } from './shell-geometry';
import { frameUrl } from './frame-url';

const slot: FrameGame = {
  url: '/games/neon-fruits/11',
  title: 'Neon Fruits',
  pagePath: '/play/croupier/neon-fruits',
  mode: 'real',
  width: 1280,
  height: 720,
};
const roulette: FrameGame = {
  ...slot,
  url: '/games/roulette/21',
  title: 'Roulette',
  pagePath: '/play/croupier/roulette',
};
const player = { guest: false, mobile: false };

function run(...events: Parameters<typeof frameReducer>[1][]): FrameState {
  return events.reduce(frameReducer, CLOSED);
}

describe('game frame state machine (docs/player-app.md#game-frame)', () => {
  it('opens with a URL, then is loaded once that URL has loaded', () => {
    const opened = run({ type: 'open', game: slot });
    expect(opened).toMatchObject({ status: 'opened', view: 'page', url: slot.url });
    expect(frameReducer(opened, { type: 'loaded', url: slot.url })).toMatchObject({ status: 'loaded' });
    // A late load event of a game that was replaced does not mark the new one loaded.
    expect(frameReducer(opened, { type: 'loaded', url: roulette.url })).toBe(opened);
  });

  it('minimises when a player leaves the game page, and resumes the same live game', () => {
    const loaded = run({ type: 'open', game: slot }, { type: 'loaded', url: slot.url });
    const minimised = frameReducer(loaded, { type: 'leave', pagePath: slot.pagePath, ...player });
    expect(minimised).toMatchObject({ status: 'loaded', view: 'minimised', url: slot.url });
    // Resuming keeps "loaded": the iframe is not reloaded, the round goes on.
    expect(frameReducer(minimised, { type: 'open', game: slot })).toMatchObject({ status: 'loaded', view: 'page' });
  });

  it('closes instead of minimising for a guest and on mobile', () => {
    const open = run({ type: 'open', game: slot });
    expect(frameReducer(open, { type: 'leave', pagePath: slot.pagePath, guest: true, mobile: false })).toEqual(CLOSED);
    expect(frameReducer(open, { type: 'leave', pagePath: slot.pagePath, guest: false, mobile: true })).toEqual(CLOSED);
  });

  it('closes from the shell', () => {
    const minimised = run({ type: 'open', game: slot }, { type: 'leave', pagePath: slot.pagePath, ...player });
    expect(frameReducer(minimised, { type: 'close' })).toEqual(CLOSED);
  });

  it('replaces the game when another game page opens, and ignores the old page leaving late', () => {
    const other = run(
      { type: 'open', game: slot },
      { type: 'leave', pagePath: slot.pagePath, ...player },
      { type: 'open', game: roulette },
    );
    expect(other).toMatchObject({ status: 'opened', view: 'page', url: roulette.url });
    expect(frameReducer(other, { type: 'leave', pagePath: slot.pagePath, ...player })).toBe(other);
  });

  it('leaving a page while closed stays closed', () => {
    expect(run({ type: 'leave', pagePath: slot.pagePath, ...player })).toEqual(CLOSED);
  });

  it('the store notifies only on real changes', () => {
    const store = createFrameStore();
    let calls = 0;
    store.subscribe(() => calls++);
    store.dispatch({ type: 'loaded', url: slot.url });
    expect(calls).toBe(0);
    store.dispatch({ type: 'open', game: slot });
    store.dispatch({ type: 'leave', pagePath: slot.pagePath, ...player });
    expect(calls).toBe(2);
    expect(store.getState()).toMatchObject({ view: 'minimised' });
  });
});

describe('minimised shell geometry', () => {
  const viewport = { width: 1024, height: 768 };
  const shell = shellSize({ width: 1280, height: 720 });

  it('is 250 px wide with the game aspect ratio under its bar', () => {
    expect(shell.width).toBe(250);
    expect(shell.height).toBe(Math.round((250 * 720) / 1280) + 36);
  });

  it('stays inside the viewport', () => {
    expect(clampShell({ x: -40, y: 5000 }, shell, viewport)).toEqual({ x: 0, y: viewport.height - shell.height });
    expect(clampShell({ x: 9999, y: -1 }, shell, viewport)).toEqual({ x: viewport.width - shell.width, y: 0 });
    expect(defaultShellPosition(shell, viewport)).toEqual({
      x: viewport.width - shell.width - 16,
      y: viewport.height - shell.height - 16,
    });
  });

  it('moves with the arrow keys, further with Shift, and ignores other keys', () => {
    const at = { x: 100, y: 100 };
    expect(moveByKey('ArrowLeft', false, at, shell, viewport)).toEqual({ x: 84, y: 100 });
    expect(moveByKey('ArrowDown', true, at, shell, viewport)).toEqual({ x: 100, y: 164 });
    expect(moveByKey('ArrowUp', true, { x: 0, y: 10 }, shell, viewport)).toEqual({ x: 0, y: 0 });
    expect(moveByKey('Enter', false, at, shell, viewport)).toBeNull();
  });
});

describe('frame URL (docs/player-app.md#game-frame-url)', () => {
  it('is /games/{gameSlug}/{id}, with the locale only when it is not the default', () => {
    expect(frameUrl('neon-fruits', 11, 'en')).toBe('/games/neon-fruits/11');
    expect(frameUrl('neon-fruits', 11, 'pt-BR')).toBe('/games/neon-fruits/11?locale=pt-BR');
  });
});
