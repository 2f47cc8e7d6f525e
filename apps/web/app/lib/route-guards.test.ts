import { describe, expect, it } from 'vitest';
import { decideGuard, type GuardInput } from './route-guards';

const base: GuardInput = {
  handle: {},
  isLoggedIn: false,
  restricted: false,
  locale: 'en',
  target: '/users',
  from: null,
};

describe('decideGuard (docs/player-app.md#navigation-rules)', () => {
  it('lets unguarded routes through', () => {
    expect(decideGuard({ ...base, handle: undefined })).toEqual({ kind: 'allow' });
    expect(decideGuard({ ...base, handle: { popup: true } })).toEqual({ kind: 'allow' });
  });

  it('sends a guest on a login-only route to registration with the full path as redirect', () => {
    expect(decideGuard({ ...base, handle: { requiresAuth: true }, target: '/users?tab=limits' })).toEqual({
      kind: 'redirect',
      to: '/registration?redirect=%2Fusers%3Ftab%3Dlimits',
    });
    expect(decideGuard({ ...base, handle: { requiresAuth: true }, locale: 'de', target: '/de/users' })).toEqual({
      kind: 'redirect',
      to: '/de/registration?redirect=%2Fde%2Fusers',
    });
    expect(decideGuard({ ...base, handle: { requiresAuth: true }, isLoggedIn: true })).toEqual({ kind: 'allow' });
  });

  it('sends a signed-in player on a guest-only route to main', () => {
    expect(
      decideGuard({ ...base, handle: { requiresGuest: true }, isLoggedIn: true, locale: 'ja', target: '/ja/sign-in' }),
    ).toEqual({ kind: 'redirect', to: '/ja' });
    expect(decideGuard({ ...base, handle: { requiresGuest: true }, target: '/sign-in' })).toEqual({ kind: 'allow' });
  });

  it('blocks restricted-region guests: cancels a client navigation, or goes to main', () => {
    const handle = { requiresGuest: true, notAllowedFor451: 'registration' as const };
    expect(decideGuard({ ...base, handle, restricted: true, target: '/sign-up', from: '/pokies/all?x=1' })).toEqual({
      kind: 'restricted',
      message: 'registration',
      to: '/pokies/all?x=1',
      cancelled: true,
    });
    // First load (server) or already on that path: main.
    expect(decideGuard({ ...base, handle, restricted: true, target: '/sign-up', from: null })).toMatchObject({
      kind: 'restricted',
      to: '/',
      cancelled: false,
    });
    expect(decideGuard({ ...base, handle, restricted: true, target: '/sign-up?a=1', from: '/sign-up' })).toMatchObject({
      to: '/',
      cancelled: false,
    });
    expect(
      decideGuard({
        ...base,
        handle: { notAllowedFor451: 'login' },
        restricted: true,
        locale: 'de',
        target: '/de/login',
      }),
    ).toMatchObject({ message: 'login', to: '/de' });
  });

  it('does not apply the region block to signed-in players or unrestricted guests', () => {
    const handle = { notAllowedFor451: 'login' as const };
    expect(decideGuard({ ...base, handle, restricted: false, target: '/new-password' })).toEqual({ kind: 'allow' });
    expect(decideGuard({ ...base, handle, restricted: true, isLoggedIn: true, target: '/new-password' })).toEqual({
      kind: 'allow',
    });
  });
});
