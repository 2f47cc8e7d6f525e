import { describe, expect, it } from 'vitest';
import type { Game } from '../types';
import { toGameSummary } from './game-summary';
import { favoriteLaunchId } from './favorites';

describe('toGameSummary', () => {
  it('keeps the card fields and two launch ids, enough for favourites', () => {
    const game = {
      identifier: 'acme/x',
      title: 'X',
      provider: 'acme',
      seo_title: 'x',
      preview: '/x.svg',
      categories: ['new'],
      demo: 9,
      description: 'long text',
      currencies: { EUR: { id: 1 }, CAD: { id: 2 }, FUN: { id: 9 } },
      real: { EUR: { id: 1 }, CAD: { id: 2 } },
    } as unknown as Game;
    const summary = toGameSummary(game);
    expect(summary).toEqual({
      identifier: 'acme/x',
      title: 'X',
      provider: 'acme',
      seo_title: 'x',
      preview: '/x.svg',
      categories: ['new'],
      demo: 9,
      currencies: { FUN: { id: 9 }, EUR: { id: 1 } },
    });
    expect(favoriteLaunchId(summary, 'CAD')).toBe(9);
    expect(favoriteLaunchId(toGameSummary({ ...game, demo: null, currencies: { CAD: { id: 2 } } } as Game), null)).toBe(
      2,
    );
  });
});
