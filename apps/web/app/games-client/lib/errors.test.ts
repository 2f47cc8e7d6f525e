import { describe, expect, it } from 'vitest';
import games from '../../i18n/locales/en/games.json';
import { ApiError, NetworkError } from '../../lib/api-client';
import { describeError } from './errors';

describe('describeError', () => {
  it('keeps the balance the host sent with insufficient funds', () => {
    const info = describeError(new ApiError(422, { code: 'insufficient_funds', error: 'x', balance_cents: 250 }, '/'));
    expect(info).toEqual({ code: 'insufficient_funds', key: 'insufficient_funds', balanceCents: 250, relaunch: false });
  });
  it('says how much room a loss or wager limit leaves, in the limit’s currency; a used-up one as reached', () => {
    const room = describeError(
      new ApiError(
        403,
        { code: 'gambling_blocked', error: 'x', reason: 'loss_limit_reached', left_cents: 300, left_currency: 'EUR' },
        '/',
      ),
    );
    expect(room).toMatchObject({ key: 'limit_room', room: { cents: 300, currency: 'EUR', kind: 'loss' } });
    const reached = describeError(
      new ApiError(
        403,
        { code: 'gambling_blocked', error: 'x', reason: 'wager_limit_reached', left_cents: 0, left_currency: 'EUR' },
        '/',
      ),
    );
    expect(reached).toMatchObject({ key: 'limit_reached', room: { cents: 0, kind: 'wager' } });
    // A break, or a bonus rule: the plain blocked text.
    expect(
      describeError(new ApiError(403, { code: 'gambling_blocked', error: 'x', reason: 'cooling_off' }, '/')).key,
    ).toBe('gambling_blocked');
    expect(games.errors.limit_room).toContain('{{amount}}');
  });
  it('asks for a relaunch when the session expired, also on a bare 401', () => {
    expect(describeError(new ApiError(401, { code: 'session_expired' }, '/')).relaunch).toBe(true);
    expect(describeError(new ApiError(401, null, '/')).key).toBe('session_expired');
  });
  it('says a refused win was voided with the stake returned, and names its round', () => {
    const info = describeError(new ApiError(422, { code: 'balance_limit', error: 'x', round_id: 7, round: {} }, '/'));
    expect(info).toEqual({ code: 'balance_limit', key: 'balance_limit', roundId: 7, relaunch: false });
  });
  it('says an unconfirmed win is paid on the next load, and offers the relaunch that pays it', () => {
    const info = describeError(
      new ApiError(503, { code: 'wallet_unavailable', error: 'x', round_id: 9, round: {} }, '/'),
    );
    expect(info).toEqual({ code: 'wallet_unavailable', key: 'wallet_unavailable', roundId: 9, relaunch: true });
  });
  it('asks to try again when the wallet did not answer a stake or a balance read', () => {
    const info = describeError(new ApiError(502, { code: 'wallet_unavailable', error: 'x' }, '/'));
    expect(info).toEqual({ code: 'wallet_unavailable', key: 'wallet_no_answer', relaunch: false });
  });
  it('asks to retry a cash-out whose stake is still being confirmed', () => {
    expect(describeError(new ApiError(409, { code: 'bet_pending', error: 'x' }, '/'))).toEqual({
      code: 'bet_pending',
      key: 'bet_pending',
      relaunch: false,
    });
  });
  it('has a message in the games namespace for every key it answers', () => {
    const cases = [
      new ApiError(422, { code: 'balance_limit', round_id: 7 }, '/'),
      new ApiError(503, { code: 'wallet_unavailable', round_id: 9 }, '/'),
      new ApiError(502, { code: 'wallet_unavailable' }, '/'),
      new ApiError(409, { code: 'bet_pending' }, '/'),
      new ApiError(401, { code: 'session_expired' }, '/'),
    ];
    for (const error of cases) expect(games.errors).toHaveProperty(describeError(error).key);
  });
  it('falls back to generic messages for unknown codes, server and network failures', () => {
    expect(describeError(new ApiError(418, { code: 'teapot' }, '/')).key).toBe('unknown');
    expect(describeError(new ApiError(503, 'down', '/')).key).toBe('server');
    expect(describeError(new NetworkError('timeout', true)).key).toBe('network');
    expect(describeError(new Error('boom')).key).toBe('unknown');
  });
});
