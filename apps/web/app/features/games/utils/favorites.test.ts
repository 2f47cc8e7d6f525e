import { describe, expect, it } from 'vitest';
import type { Game } from '../types';
import { applyFavoriteToggle, favoriteLaunchId, favoritesForDisplay } from './favorites';

const g = (identifier: string) => ({ identifier }) as Game;

describe('applyFavoriteToggle', () => {
  const list = [g('acme/a'), g('acme/b')];

  it('adds a game at the end (oldest first on the wire)', () => {
    expect(applyFavoriteToggle(list, g('acme/c'), true).map((x) => x.identifier)).toEqual([
      'acme/a',
      'acme/b',
      'acme/c',
    ]);
  });

  it('removes a game by identifier', () => {
    expect(applyFavoriteToggle(list, g('acme/a'), false).map((x) => x.identifier)).toEqual(['acme/b']);
  });

  it('never duplicates and never mutates the snapshot used for rollback', () => {
    const snapshot = [...list];
    const added = applyFavoriteToggle(list, g('acme/a'), true);
    expect(added.map((x) => x.identifier)).toEqual(['acme/a', 'acme/b']);
    applyFavoriteToggle(list, g('acme/b'), false);
    expect(list).toEqual(snapshot);
  });

  it('starts from an empty list when the favourites are not loaded yet', () => {
    expect(applyFavoriteToggle(undefined, g('acme/a'), true)).toEqual([g('acme/a')]);
    expect(applyFavoriteToggle(undefined, g('acme/a'), false)).toEqual([]);
  });
});

describe('favoriteLaunchId', () => {
  const game = { demo: 9, real: { EUR: { id: 1 } }, currencies: { EUR: { id: 1 }, CAD: { id: 2 }, FUN: { id: 9 } } };

  it("uses the player's currency id first", () => {
    expect(favoriteLaunchId(game, 'CAD')).toBe(2);
    expect(favoriteLaunchId(game, 'EUR')).toBe(1);
  });

  it('falls back to the demo id, then any id', () => {
    expect(favoriteLaunchId(game, 'JPY')).toBe(9);
    expect(favoriteLaunchId({ demo: null, real: { USD: { id: 7 } } }, null)).toBe(7);
    expect(favoriteLaunchId({ demo: null, real: {}, currencies: {} }, 'EUR')).toBeNull();
  });
});

describe('favoritesForDisplay', () => {
  it('shows the newest favourite first', () => {
    expect(favoritesForDisplay([g('a'), g('b')]).map((x) => x.identifier)).toEqual(['b', 'a']);
  });
});
