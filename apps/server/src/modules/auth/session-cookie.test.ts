/**
 * The session cookie's name and attributes (docs/reliability.md#a5-session-cookie, decision 015): `__Host-` prefixed with
 * Secure, Path=/ and no Domain when the public URL is https; the bare name on plain http, where
 * browsers refuse `__Host-` cookies. Each side reads only its own name, HTTP and sockets alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createClient, type TestApp } from '../../../test/build-test-app.ts';
import { createSocketAuth } from '../../realtime/session-auth.ts';
import { createSessionService, SESSION_COOKIE } from './session.service.ts';
import { DEVICE_COOKIE } from './device-cookie.ts';
import { signUpUser } from './test-helpers.ts';

const HOST_COOKIE = `__Host-${SESSION_COOKIE}`;

async function signedUp(t: TestApp) {
  const client = createClient(t.app);
  const res = await client.post('/api/users', { user: signUpUser() });
  expect(res.statusCode, res.body).toBe(201);
  const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  return { client, res, setCookie };
}

describe('on https', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ PUBLIC_URL: 'https://casino.example' });
  });
  afterAll(() => t.close());

  it('names the cookie __Host-… with Secure, HttpOnly, SameSite=Lax, Path=/ and no Domain', async () => {
    const { client, res, setCookie } = await signedUp(t);
    // The session's cookie, and the device cookie of the sign-up throttle (docs/auth.md#sign-up-throttle).
    expect(setCookie).toHaveLength(2);
    const session = setCookie.filter((c) => c.startsWith(`${HOST_COOKIE}=`));
    expect(session).toHaveLength(1);
    expect(session[0]).toMatch(new RegExp(`^${HOST_COOKIE}=[A-Za-z0-9_-]{43};`));
    for (const c of setCookie) expect(c).not.toMatch(/domain=/i);
    const device = res.cookies.find((c) => c.name === `__Host-${DEVICE_COOKIE}`);
    expect(device).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
    const cookie = res.cookies.find((c) => c.name === HOST_COOKIE);
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect((await client.get('/api/player')).statusCode).toBe(200);

    const signedOut = await client.delete('/api/users/sign_out');
    expect(([] as string[]).concat(signedOut.headers['set-cookie'] ?? [])[0]).toMatch(new RegExp(`^${HOST_COOKIE}=;`));
  });

  it('reads only the prefixed name: the same token under the bare name is no session', async () => {
    const { client } = await signedUp(t);
    const token = client.jar.get(HOST_COOKIE)!;
    const bare = await t.app.inject({ url: '/api/player', headers: { cookie: `${SESSION_COOKIE}=${token}` } });
    expect(bare.statusCode).toBe(401);
    const prefixed = await t.app.inject({ url: '/api/player', headers: { cookie: `${HOST_COOKIE}=${token}` } });
    expect(prefixed.statusCode).toBe(200);
  });

  it('sockets authenticate with the prefixed cookie too', async () => {
    const { client } = await signedUp(t);
    const token = client.jar.get(HOST_COOKIE)!;
    const sessions = createSessionService({
      db: t.database.db,
      clock: t.clock,
      idleMinutes: t.env.SESSION_IDLE_MINUTES,
      absoluteDays: t.env.SESSION_ABSOLUTE_DAYS,
      secureCookies: true,
    });
    const auth = createSocketAuth({
      sessions,
      db: t.database.db,
      clock: t.clock,
      idleMinutes: t.env.SESSION_IDLE_MINUTES,
    });
    expect(await auth.identify(`locale=en; ${HOST_COOKIE}=${token}`)).toMatchObject({ userId: expect.any(Number) });
    expect(await auth.identify(`${SESSION_COOKIE}=${token}`)).toBeNull();
  });
});

describe('on plain http', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ PUBLIC_URL: 'http://localhost:3000' });
  });
  afterAll(() => t.close());

  it('keeps the bare name without Secure (browsers refuse __Host- cookies that are not Secure)', async () => {
    const { client, res, setCookie } = await signedUp(t);
    expect(setCookie[0]).toMatch(new RegExp(`^${SESSION_COOKIE}=`));
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE)?.secure).toBeFalsy();
    const token = client.jar.get(SESSION_COOKIE)!;
    const prefixed = await t.app.inject({ url: '/api/player', headers: { cookie: `${HOST_COOKIE}=${token}` } });
    expect(prefixed.statusCode).toBe(401);
    expect((await client.get('/api/player')).statusCode).toBe(200);
  });
});
