import { describe, expect, it, vi } from 'vitest';
import { ApiError, backoffDelay, createApiClient, NetworkError } from './api-client';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('api client', () => {
  it('retries network errors up to 6 times with doubling backoff and jitter', async () => {
    const delays: number[] = [];
    const fetch = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    const api = createApiClient({ fetch, timeoutMs: 1000, sleep: async (ms) => void delays.push(ms), random: () => 1 });
    await expect(api.get('/api/x')).rejects.toBeInstanceOf(NetworkError);
    expect(fetch).toHaveBeenCalledTimes(7);
    expect(delays).toEqual([120, 240, 480, 960, 1920, 3840]);
  });

  it('does not retry host-resolution or certificate failures', async () => {
    const fetch = vi
      .fn()
      .mockRejectedValue(new TypeError('fetch failed', { cause: new Error('getaddrinfo ENOTFOUND api') }));
    const api = createApiClient({ fetch, timeoutMs: 1000, sleep: async () => {} });
    await expect(api.get('/api/x')).rejects.toBeInstanceOf(NetworkError);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('never retries HTTP error statuses and exposes code and field errors', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValue(json(422, { code: 'validation_error', errors: { 'user.email': ['has already been taken'] } }));
    const api = createApiClient({ fetch, timeoutMs: 1000 });
    const error = await api.post('/api/users', {}).catch((e: unknown) => e);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('validation_error');
    expect((error as ApiError).fieldErrors).toEqual({ 'user.email': 'has already been taken' });
  });

  it('sends the ajax-marking header and reports 401 unless silenced', async () => {
    const onUnauthorized = vi.fn();
    const fetch = vi.fn().mockImplementation(async () => json(401, { code: 'unauthorized' }));
    const api = createApiClient({ fetch, timeoutMs: 1000, onUnauthorized });
    await api.get('/api/player').catch(() => {});
    expect(onUnauthorized).toHaveBeenCalledWith('/api/player');
    await api.get('/api/player', { silent401: true }).catch(() => {});
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![1].headers['x-requested-with']).toBe('XMLHttpRequest');
  });

  it('computes backoff from 100 ms', () => {
    expect(backoffDelay(1, () => 0)).toBe(100);
    expect(backoffDelay(3, () => 0.5)).toBe(440);
  });
});
