import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../config/env.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { expectRouteContract } from '../../test/contract.ts';

const TOKEN = 'c'.repeat(40);
let t: TestApp;
let off: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ ADMIN_API_TOKEN: TOKEN, CLOCK_SHIFT: 'true' });
  off = await buildTestApp({ ADMIN_API_TOKEN: TOKEN });
});
afterAll(async () => {
  await t.close();
  await off.close();
});

const move = (app: TestApp, body: unknown, token = TOKEN) =>
  app.app.inject({
    method: 'POST',
    url: '/api/admin/clock',
    headers: { authorization: `Bearer ${token}`, 'x-requested-with': 'XMLHttpRequest' },
    payload: body as Record<string, unknown>,
  });

describe('POST /api/admin/clock (docs/http.md#moving-the-clock)', () => {
  it('moves the server clock forward for every rule that reads it', async () => {
    const before = t.clock.now().getTime();
    const res = await move(t, { advance_seconds: 90_000 });
    expectRouteContract('POST', '/api/admin/clock', res);
    expect(res.statusCode).toBe(200);
    expect(t.clock.now().getTime() - before).toBe(90_000_000);
    expect(res.json()).toEqual({ now: t.clock.now().toISOString(), offset_seconds: 90_000 });
  });

  it('refuses a wrong token or a backward move, and does not exist without CLOCK_SHIFT', async () => {
    const before = t.clock.now().getTime();
    expect((await move(t, { advance_seconds: 60 }, 'x'.repeat(40))).statusCode).toBe(401);
    expect((await move(t, { advance_seconds: -60 })).statusCode).toBe(422);
    expect(t.clock.now().getTime()).toBe(before);
    expect((await move(off, { advance_seconds: 60 })).statusCode).toBe(404);
  });

  it('cannot be turned on for a server others can reach', () => {
    const base = { NODE_ENV: 'test', SEED_ON_START: 'false', CLOCK_SHIFT: 'true' };
    expect(() => parseEnv({ ...base, HOST: '127.0.0.1' }, { secret: false })).not.toThrow();
    for (const reach of [
      { HOST: '0.0.0.0' },
      { HOST: '127.0.0.1', PUBLIC_URL: 'https://casino.example' },
      { HOST: '127.0.0.1', TRUST_PROXY: 'true' },
    ])
      expect(() => parseEnv({ ...base, ...reach }, { secret: false }), JSON.stringify(reach)).toThrow(/CLOCK_SHIFT/);
  });
});
