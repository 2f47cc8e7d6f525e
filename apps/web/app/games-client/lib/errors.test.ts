import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../lib/api-client';
import { describeError } from './errors';

describe('describeError', () => {
  it('keeps the balance the host sent with insufficient funds', () => {
    const info = describeError(new ApiError(422, { code: 'insufficient_funds', error: 'x', balance_cents: 250 }, '/'));
    expect(info).toEqual({ code: 'insufficient_funds', key: 'insufficient_funds', balanceCents: 250, relaunch: false });
  });
  it('asks for a relaunch when the session expired, also on a bare 401', () => {
    expect(describeError(new ApiError(401, { code: 'session_expired' }, '/')).relaunch).toBe(true);
    expect(describeError(new ApiError(401, null, '/')).key).toBe('session_expired');
  });
  it('falls back to generic messages for unknown codes, server and network failures', () => {
    expect(describeError(new ApiError(418, { code: 'teapot' }, '/')).key).toBe('unknown');
    expect(describeError(new ApiError(503, 'down', '/')).key).toBe('server');
    expect(describeError(new NetworkError('timeout', true)).key).toBe('network');
    expect(describeError(new Error('boom')).key).toBe('unknown');
  });
});
