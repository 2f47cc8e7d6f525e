import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { type Client, rowCounts, signUp, signUpUser } from './test-helpers.ts';

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Every account call that takes a body, with a body of the right shape. */
const BODY_ENDPOINTS: Array<{ method: Method; url: string; body: Record<string, unknown> }> = [
  { method: 'POST', url: '/api/users', body: { user: signUpUser() } },
  { method: 'POST', url: '/api/users/sign_in', body: { user: { email: 'a@example.com', password: 'whatever123' } } },
  { method: 'DELETE', url: '/api/users/sign_out', body: {} },
  { method: 'POST', url: '/api/users/password', body: { user: { email: 'a@example.com' } } },
  {
    method: 'PUT',
    url: '/api/users/password',
    body: { user: { reset_password_token: 'x', password: 'long enough pw', password_confirmation: 'long enough pw' } },
  },
  { method: 'POST', url: '/api/users/confirmation', body: { user: { email: 'a@example.com' } } },
  { method: 'PATCH', url: '/api/player', body: { context: 'edition', player: { city: 'Oslo' } } },
  { method: 'PATCH', url: '/api/player/update_locale', body: { locale: 'de' } },
  { method: 'POST', url: '/api/player/accounts', body: { currency: 'USD' } },
  {
    method: 'POST',
    url: '/api/v2/player/two_factor',
    body: { two_factor: { otp_secret: 'X', authentication_code: '123456' } },
  },
  { method: 'DELETE', url: '/api/v2/player/two_factor', body: { two_factor: { authentication_code: '123456' } } },
  {
    method: 'POST',
    url: '/api/player/two_factor',
    body: { two_factor: { otp_secret: 'X', authentication_code: '123456' } },
  },
  { method: 'DELETE', url: '/api/player/two_factor', body: { two_factor: { authentication_code: '123456' } } },
];

const GET_ENDPOINTS = [
  '/api/player',
  '/api/player/settings',
  '/api/player/accounts',
  '/api/users/confirmation?confirmation_token=abc',
  '/api/v2/player/two_factor',
  '/api/player/two_factor',
  '/api/info/currencies',
  '/api/info/countries',
  '/api/info/locales',
  '/api/info/statuses',
  '/api/info/project',
  '/json-api/serverdata',
  '/dev/mailbox',
  '/dev/mailbox.json',
];

/** Deterministic pseudo-random values for fuzzing (seeded, so a failure always reproduces). */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  const pick = <T>(items: T[]): T => items[Math.floor(next() * items.length)]!;
  const value = (depth: number): unknown => {
    const kind = pick(depth > 2 ? ['s', 'n', 'b', 'null'] : ['s', 'n', 'b', 'null', 'a', 'o', 'o']);
    switch (kind) {
      case 's':
        return pick(['', ' ', 'a@b.co', 'de', 'EUR', '\u0000', '<script>', 'x'.repeat(300), '1e9', '__proto__', '𝔘𝔫𝔦']);
      case 'n':
        return pick([0, -1, 1.5, 1e308, -0, 2 ** 53 + 1, 123456]);
      case 'b':
        return next() < 0.5;
      case 'null':
        return null;
      case 'a':
        return Array.from({ length: Math.floor(next() * 3) }, () => value(depth + 1));
      default: {
        const keys = [
          'user',
          'player',
          'email',
          'password',
          'locale',
          'currency',
          'two_factor',
          'otp_attempt',
          'first_name',
          'constructor',
          'context',
        ];
        return Object.fromEntries(Array.from({ length: Math.floor(next() * 4) }, () => [pick(keys), value(depth + 1)]));
      }
    }
  };
  return { value };
}

describe('bad input on every account endpoint: a stable 4xx and nothing written', () => {
  let t: TestApp;
  let client: Client;
  let before: Record<string, number>;
  let userBefore: unknown;
  let playerId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    ({
      client,
      player: { id: playerId },
    } = await signUp(t.app));
    before = await rowCounts(t.database);
    userBefore = (await t.database.db.select().from(users).where(eq(users.id, playerId)))[0];
  });
  afterAll(async () => t.close());

  async function send(method: Method, url: string, payload: string, contentType = 'application/json') {
    const cookie = [...client.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    return t.app.inject({
      method,
      url,
      payload,
      headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': contentType, cookie },
    });
  }

  it('malformed JSON → 400 malformed_json', async () => {
    for (const { method, url } of BODY_ENDPOINTS) {
      for (const payload of ['{"user":', '{user: 1}', "{'a':1}", '{"a":1}}', '\u0000']) {
        const res = await send(method, url, payload);
        expect(res.statusCode, `${method} ${url} ${payload}`).toBe(400);
        expect(res.json().code, `${method} ${url}`).toBe('malformed_json');
      }
    }
  });

  it('an empty body with a JSON content type → 400; a non-JSON content type → 415', async () => {
    for (const { method, url } of BODY_ENDPOINTS) {
      const empty = await send(method, url, '');
      expect(empty.statusCode, `${method} ${url}`).toBe(400);
      const text = await send(method, url, 'user[email]=a', 'application/x-www-form-urlencoded');
      expect(text.statusCode, `${method} ${url}`).toBe(415);
      expect(text.json().code).toBe('unsupported_media_type');
    }
  });

  it('wrong top-level types and wrong field types → 400 validation_error', async () => {
    for (const { method, url, body } of BODY_ENDPOINTS) {
      for (const payload of ['[]', '"text"', '42', 'true', 'null']) {
        const res = await send(method, url, payload);
        expect(res.statusCode, `${method} ${url} ${payload}`).toBe(400);
        expect(res.json().code, `${method} ${url} ${payload}`).toBe('validation_error');
      }
      const firstKey = Object.keys(body)[0];
      if (firstKey) {
        const res = await send(method, url, JSON.stringify({ ...body, [firstKey]: 12345 }));
        expect(res.statusCode, `${method} ${url} wrong type`).toBe(400);
        expect(res.json().errors, `${method} ${url}`).toHaveProperty(firstKey);
      }
    }
  });

  it('unknown fields at the top level and nested → 400 with the field path', async () => {
    for (const { method, url, body } of BODY_ENDPOINTS) {
      const top = await send(method, url, JSON.stringify({ ...body, balance_cents: 1_000_000 }));
      expect(top.statusCode, `${method} ${url}`).toBe(400);
      expect(top.json().errors, `${method} ${url}`).toEqual({ balance_cents: ['is not permitted'] });
      const nestedKey = Object.keys(body).find((k) => typeof body[k] === 'object' && body[k] !== null);
      if (nestedKey) {
        const nested = await send(
          method,
          url,
          JSON.stringify({ ...body, [nestedKey]: { ...(body[nestedKey] as object), is_admin: true } }),
        );
        expect(nested.statusCode, `${method} ${url} nested`).toBe(400);
        expect(nested.json().errors, `${method} ${url}`).toHaveProperty(`${nestedKey}.is_admin`);
      }
    }
  });

  it('prototype pollution attempts → 4xx', async () => {
    for (const { method, url } of BODY_ENDPOINTS) {
      for (const payload of ['{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"admin":true}}}']) {
        const res = await send(method, url, payload);
        expect(res.statusCode, `${method} ${url} ${payload}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${method} ${url} ${payload}`).toBeLessThan(500);
        expect(typeof res.json().code).toBe('string');
      }
    }
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('bodies over 64 KB → 413 payload_too_large', async () => {
    const big = JSON.stringify({ user: { email: 'a@example.com', password: 'x'.repeat(70 * 1024) } });
    for (const { method, url } of BODY_ENDPOINTS) {
      const res = await send(method, url, big);
      expect(res.statusCode, `${method} ${url}`).toBe(413);
      expect(res.json().code).toBe('payload_too_large');
    }
  });

  it('unknown or repeated query parameters on GET calls → 400', async () => {
    for (const url of GET_ENDPOINTS) {
      const sep = url.includes('?') ? '&' : '?';
      const cookie = [...client.jar].map(([k, v]) => `${k}=${v}`).join('; ');
      const res = await t.app.inject({ method: 'GET', url: `${url}${sep}unexpected=1`, headers: { cookie } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code, url).toBe('validation_error');
    }
  });

  it('wrote nothing: row counts and the player row are unchanged', async () => {
    expect(await rowCounts(t.database)).toEqual(before);
    const [after] = await t.database.db.select().from(users).where(eq(users.id, playerId));
    expect(after).toEqual(userBefore);
  });

  // Last: a fuzzed body can be valid by chance (an empty object signs out), so this one may write.
  it('fuzzed JSON bodies never cause a 5xx', async () => {
    const { value } = generator(20261122);
    for (const { method, url } of BODY_ENDPOINTS) {
      for (let i = 0; i < 25; i += 1) {
        const payload = JSON.stringify(value(0));
        const res = await send(method, url, payload);
        expect(res.statusCode, `${method} ${url} ${payload}`).toBeLessThan(500);
        expect(res.statusCode, `${method} ${url} ${payload}`).toBeGreaterThanOrEqual(200);
      }
    }
  });
});
