import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
