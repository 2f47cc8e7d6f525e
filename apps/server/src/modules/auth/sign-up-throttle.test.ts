/**
 * Sign-ups are throttled per client address and per browser (docs/auth.md#sign-up-throttle,
 * docs/reliability.md#i4-rate-limits): 15 sign-ups at once from one address (the review's burst)
 * make exactly the limit of accounts, the rest answer 429 with Retry-After and write nothing; the
 * browser's device cookie holds across addresses. The counts are taken in the sign-up's transaction
 * before the account is made, on a clock that moves.
 */
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../config/env.ts';
import { rows } from '../../db/sql.ts';
import { buildTestApp, createClient, type TestApp } from '../../../test/build-test-app.ts';
import { expectRouteContract } from '../../../test/contract.ts';
import { signUpUser } from './test-helpers.ts';
import { DEVICE_COOKIE } from './device-cookie.ts';

const PER_IP = 3;
const PER_DEVICE = 2;
const WINDOW_MINUTES = 60;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp(
    {
      TRUST_PROXY: 'true',
      SIGNUP_MAX_PER_IP: String(PER_IP),
      SIGNUP_MAX_PER_DEVICE: String(PER_DEVICE),
      SIGNUP_WINDOW_MINUTES: String(WINDOW_MINUTES),
    },
    { tickMs: 3 },
  );
});
afterAll(() => t.close());

let ipCounter = 0;
const nextIp = () => `192.0.2.${(ipCounter += 1)}`;

async function players(): Promise<number> {
  const [row] = await rows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM users`);
  return row!.n;
}

function statuses(answers: LightMyRequestResponse[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const a of answers) out[a.statusCode] = (out[a.statusCode] ?? 0) + 1;
  return out;
}

function expectRefused(res: LightMyRequestResponse) {
  expectRouteContract('POST', '/api/users', res);
  expect(res.json()).toMatchObject({ code: 'too_many_requests', error: expect.stringMatching(/device or network/) });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  // On the moving clock a request may have read its time a few ms before the window began.
  expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(WINDOW_MINUTES * 60 + 1);
}

describe('sign-up throttle', () => {
  it('15 sign-ups at once from one address, each a fresh browser: exactly the limit get accounts; others elsewhere still can', async () => {
    const ip = nextIp();
    const before = await players();
    const answers = await Promise.all(
      Array.from({ length: 15 }, () =>
        createClient(t.app).post('/api/users', { user: signUpUser() }, { 'x-forwarded-for': ip }),
      ),
    );
    expect(statuses(answers)).toEqual({ 201: PER_IP, 429: 15 - PER_IP });
    for (const refused of answers.filter((a) => a.statusCode === 429)) {
      expectRefused(refused);
      expect(refused.cookies).toHaveLength(0);
    }
    expect(await players()).toBe(before + PER_IP);

    // Another address is not held back; this one opens when its window ends.
    const elsewhere = await createClient(t.app).post(
      '/api/users',
      { user: signUpUser() },
      { 'x-forwarded-for': nextIp() },
    );
    expect(elsewhere.statusCode).toBe(201);
    t.clock.advance((WINDOW_MINUTES - 1) * 60_000);
    expect(
      (await createClient(t.app).post('/api/users', { user: signUpUser() }, { 'x-forwarded-for': ip })).statusCode,
    ).toBe(429);
    t.clock.advance(2 * 60_000);
    expect(
      (await createClient(t.app).post('/api/users', { user: signUpUser() }, { 'x-forwarded-for': ip })).statusCode,
    ).toBe(201);
  });

  it('one browser keeps its device id across addresses: 10 sign-ups at once from 10 addresses get the device limit', async () => {
    const browser = createClient(t.app);
    const first = await browser.post('/api/users', { user: signUpUser() }, { 'x-forwarded-for': nextIp() });
    expect(first.statusCode).toBe(201);
    const device = first.cookies.find((c) => c.name === DEVICE_COOKIE);
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(device!.value).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // Both cookies are set: the session and the device.
    expect(first.cookies.map((c) => c.name).sort()).toEqual([DEVICE_COOKIE, 'croupier_session']);

    const before = await players();
    const cookie = `${DEVICE_COOKIE}=${device!.value}`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        createClient(t.app).post('/api/users', { user: signUpUser() }, { 'x-forwarded-for': nextIp(), cookie }),
      ),
    );
    expect(statuses(answers)).toEqual({ 201: PER_DEVICE - 1, 429: 10 - (PER_DEVICE - 1) });
    for (const refused of answers.filter((a) => a.statusCode === 429)) expectRefused(refused);
    expect(await players()).toBe(before + PER_DEVICE - 1);
  });

  it('a refused sign-up (a taken address) counts nowhere', async () => {
    const ip = nextIp();
    const taken = signUpUser();
    expect((await createClient(t.app).post('/api/users', { user: taken }, { 'x-forwarded-for': ip })).statusCode).toBe(
      201,
    );
    for (let i = 0; i < 5; i += 1) {
      const again = await createClient(t.app).post('/api/users', { user: { ...taken } }, { 'x-forwarded-for': ip });
      expect(again.statusCode).toBe(422);
    }
    for (let i = 1; i < PER_IP; i += 1) {
      const res = await createClient(t.app).post('/api/users', { user: signUpUser() }, { 'x-forwarded-for': ip });
      expect(res.statusCode).toBe(201);
    }
  });
});

describe('the limits', () => {
  it('are meaningful by default, and only a test run gets room for its many players', () => {
    const production = parseEnv({ NODE_ENV: 'production', DATA_DIR: '/tmp/croupier-env-test' }, { secret: false });
    expect([production.SIGNUP_MAX_PER_IP, production.SIGNUP_MAX_PER_DEVICE, production.SIGNUP_WINDOW_MINUTES]).toEqual([
      10, 3, 60,
    ]);
    const development = parseEnv({ NODE_ENV: 'development' }, { secret: false });
    expect([development.SIGNUP_MAX_PER_IP, development.SIGNUP_MAX_PER_DEVICE]).toEqual([10, 3]);
    expect(parseEnv({ NODE_ENV: 'test' }, { secret: false }).SIGNUP_MAX_PER_IP).toBeGreaterThan(10_000);
    expect(parseEnv({ NODE_ENV: 'production', SIGNUP_MAX_PER_IP: '50' }, { secret: false }).SIGNUP_MAX_PER_IP).toBe(50);
  });
});
