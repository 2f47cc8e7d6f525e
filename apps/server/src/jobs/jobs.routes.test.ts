/** `GET /api/admin/jobs` (docs/jobs.md): every leased job in one place, for operators only. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { expectRouteContract } from '../../test/contract.ts';

const TOKEN = 'admin-token-for-the-jobs-page-0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ ADMIN_API_TOKEN: TOKEN, PAYMENTS_SANDBOX: 'true' });
});
afterAll(() => t.close());

describe('GET /api/admin/jobs', () => {
  it('lists every job the modules defined, with its cadence, in the contract’s shape', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/jobs',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = expectRouteContract('GET', '/api/admin/jobs', res) as {
      running: boolean;
      jobs: { name: string; everySeconds: number; states: Record<string, number> }[];
    };
    // Tests never start the scheduler: nothing has run, and the page says so.
    expect(body.running).toBe(false);
    expect(body.jobs.map((j) => j.name).sort()).toEqual([
      'auth.excluded-identities',
      'bonuses.cashback',
      'bonuses.expiry',
      'games-host.abandoned-rounds',
      'games-host.shared-rounds',
      'limits.end-sessions',
      'limits.lapse-changes',
      'payments.payouts',
      'payments.sandbox',
      'payments.sandbox-chain',
      'privacy.reports',
    ]);
    expect(body.jobs.find((j) => j.name === 'payments.payouts')).toMatchObject({ everySeconds: 5, states: {} });
  });

  it('refuses a missing or wrong token with 401, in the contract’s error shape', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong' }, { authorization: `Bearer ${TOKEN}x` }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/admin/jobs', headers });
      expect(res.statusCode).toBe(401);
      expect(expectRouteContract('GET', '/api/admin/jobs', res)).toMatchObject({ code: 'admin_token_invalid' });
    }
  });

  it('does not exist without ADMIN_API_TOKEN', async () => {
    const plain = await buildTestApp();
    try {
      const res = await plain.app.inject({ method: 'GET', url: '/api/admin/jobs' });
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
