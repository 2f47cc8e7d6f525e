import { describe, expect, it } from 'vitest';
import type { Game } from '../types';
import { demoGameId, realGameId, resolveLaunch } from './launch';

const slot = {
  has_demo_mode: true,
  demo: 900,
  real: { EUR: { id: 101 }, CAD: { id: 102 } },
  currencies: { EUR: { id: 101 }, CAD: { id: 102 }, FUN: { id: 900 } },
} satisfies Partial<Game>;

const live = {
  has_demo_mode: false,
  demo: null,
  real: { EUR: { id: 201 } },
  currencies: { EUR: { id: 201 } },
} satisfies Partial<Game>;

describe('realGameId', () => {
  it('reads real, then currencies, and never returns the FUN id', () => {
    expect(realGameId(slot, 'CAD')).toBe(102);
    expect(realGameId({ ...slot, real: {} }, 'EUR')).toBe(101);
    expect(realGameId(slot, 'FUN')).toBeNull();
    expect(realGameId(slot, 'JPY')).toBeNull();
    expect(realGameId(slot, null)).toBeNull();
  });
});

describe('demoGameId', () => {
  it('uses demo, falls back to currencies.FUN, and is null without demo mode', () => {
    expect(demoGameId(slot)).toBe(900);
    expect(demoGameId({ ...slot, demo: null })).toBe(900);
    expect(demoGameId(live)).toBeNull();
    expect(demoGameId({ ...live, currencies: { FUN: { id: 5 } } })).toBeNull();
  });
});

describe('resolveLaunch (docs/player-app.md#game-url)', () => {
  it('uses the player currency when the query has none', () => {
    expect(resolveLaunch({ game: slot, isLoggedIn: true, playerCurrency: 'CAD' })).toEqual({
      access: 'real',
      currency: 'CAD',
      realId: 102,
      demoId: 900,
    });
  });

  it('prefers the query currency (any case) over the player currency', () => {
    const launch = resolveLaunch({ game: slot, isLoggedIn: true, playerCurrency: 'CAD', queryCurrency: 'eur' });
    expect(launch.currency).toBe('EUR');
    expect(launch.realId).toBe(101);
  });

  it('gives a signed-in player without an id for the currency no real-money id', () => {
    expect(resolveLaunch({ game: slot, isLoggedIn: true, playerCurrency: 'JPY' })).toEqual({
      access: 'real-unavailable',
      currency: 'JPY',
      realId: null,
      demoId: 900,
    });
    expect(
      resolveLaunch({ game: slot, isLoggedIn: true, playerCurrency: 'CAD', queryCurrency: 'BTC' }).realId,
    ).toBeNull();
  });

  it('offers a guest the demo when the game has one', () => {
    expect(resolveLaunch({ game: slot, isLoggedIn: false, queryCurrency: 'EUR' })).toEqual({
      access: 'demo',
      currency: 'EUR',
      realId: null,
      demoId: 900,
    });
  });

  it('shows a guest the sign-in preview on a game without demo mode', () => {
    expect(resolveLaunch({ game: live, isLoggedIn: false })).toEqual({
      access: 'sign-in',
      currency: null,
      realId: null,
      demoId: null,
    });
  });
});
