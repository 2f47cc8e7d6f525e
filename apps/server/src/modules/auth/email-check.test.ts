import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createClient, type TestApp } from '../../../test/build-test-app.ts';
import { expectRouteContract } from '../../../test/contract.ts';
import { EMAIL_CHECKS_PER_WINDOW } from './email-check.ts';
import { signUp, uniqueEmail } from './test-helpers.ts';

const ROUTE = '/api/users/check_email';

describe('the e-mail check at sign-up: POST /api/users/check_email (docs/auth.md#the-e-mail-check-at-sign-up)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({}, { tickMs: 3 });
  });
  afterAll(async () => t.close());

  /** A check from its own client address, so each test has its own cap. */
  const check = (email: string, ip: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: ROUTE,
      remoteAddress: ip,
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', ...headers },
      payload: JSON.stringify({ user: { email } }),
    });

  it('answers 204 for a free address and the sign-up’s own 422 for a taken one, whatever its case', async () => {
    const free = await check(uniqueEmail('free'), '10.1.0.1');
    expect(free.statusCode).toBe(204);
    expectRouteContract('POST', ROUTE, free);

    const { player } = await signUp(t.app);
    const taken = await check(player.email.toUpperCase(), '10.1.0.1');
    expect(taken.statusCode).toBe(422);
    expectRouteContract('POST', ROUTE, taken);
    expect(taken.json()).toMatchObject({ code: 'validation_error', errors: { email: ['has already been taken'] } });
    expect(taken.headers['cache-control']).toBe('no-store');
  });

  it('refuses a malformed address like the sign-up, and a restricted country with 451', async () => {
    const bad = await check('not an address', '10.1.0.2');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.email).toBeDefined();
    const restricted = await check(uniqueEmail(), '10.1.0.2', { 'cf-ipcountry': 'US' });
    expect(restricted.statusCode).toBe(451);
    expectRouteContract('POST', ROUTE, restricted);
  });

  it('takes each check from the address’s cap before looking: 100 parallel checks, at most the cap answered', async () => {
    const { player } = await signUp(t.app);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => check(i % 2 === 0 ? player.email : uniqueEmail('burst'), '10.1.0.3')),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s !== 429)).toHaveLength(EMAIL_CHECKS_PER_WINDOW);
    const refused = answers.find((r) => r.statusCode === 429)!;
    expectRouteContract('POST', ROUTE, refused);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held back by this one.
    expect((await check(uniqueEmail(), '10.1.0.4')).statusCode).toBe(204);
  });

  it('is a guest call like the sign-up: a signed-in browser may ask too; a body of the wrong shape is a 400', async () => {
    const { client } = await signUp(t.app);
    const res = await client.post(ROUTE, { user: { email: uniqueEmail() } });
    expect(res.statusCode).toBe(204);
    expect((await createClient(t.app).post(ROUTE, { user: {} })).statusCode).toBe(400);
  });
});
