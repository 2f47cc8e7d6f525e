/**
 * Every way into a signed-in session goes through `sessions.start`, which refuses a disabled or
 * self-excluded player (docs/auth.md#starting-a-session, docs/limits.md#enforcement): the password
 * step, the authenticator code step, a recovery code, the reset link. Sign-up starts its session
 * there too. The refusal is the sign-in's 403, word for word, and no cookie is set.
 * docs/reliability.md#a6-session-end.
 */
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TwoFactorEnabledSchema, TwoFactorSetupSchema } from '@croupier/shared/api/auth';
import { users } from '../../db/schema/index.ts';
import { buildTestApp, createClient, type TestApp } from '../../../test/build-test-app.ts';
import { expectContract, expectRouteContract } from '../../../test/contract.ts';
import {
  type Client,
  GOOD_PASSWORD,
  lastMailTo,
  signUp,
  stepUpWithPassword,
  tokenFromMail,
  totpAt,
} from './test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { tickMs: 3 });
});
afterAll(() => t.close());

const NEW_PASSWORD = 'a brand new passphrase';

/** Self-excludes the player of a signed-in client for six months; the sign-in's refusal text. */
async function selfExclude(client: Client): Promise<string> {
  const res = await client.post('/api/user_limits', { type: 'selfexclusion', period: 'month_6' });
  expect(res.statusCode, res.body).toBe(201);
  const endsAt = (res.json() as { ends_at: string }).ends_at;
  return `Your account is self-excluded until ${endsAt.slice(0, 10)}. To withdraw your balance, contact support.`;
}

function expectRefused(res: LightMyRequestResponse, code: string, error?: string) {
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json()).toEqual({ code, error: error ?? expect.any(String) });
  expect(res.cookies).toHaveLength(0);
}

async function turnOnTwoFactor(client: Client) {
  const setup = expectContract(TwoFactorSetupSchema, (await client.get('/api/v2/player/two_factor')).json());
  await stepUpWithPassword(client);
  const on = await client.post('/api/v2/player/two_factor', {
    two_factor: { otp_secret: setup.otp_secret, authentication_code: await totpAt(setup.otp_secret, t.clock.now()) },
  });
  expect(on.statusCode, on.body).toBe(200);
  t.clock.advance(30_000);
  return { secret: setup.otp_secret, codes: expectContract(TwoFactorEnabledSchema, on.json()).recovery_codes };
}

describe('the password reset link', () => {
  it("changes a self-excluded player's password but starts no session: 403 self_excluded, the sign-in's text", async () => {
    const { client, user } = await signUp(t.app);
    const text = await selfExclude(client);
    await createClient(t.app).post('/api/users/password', { user: { email: user.email } });
    const token = tokenFromMail(lastMailTo(t.mail, user.email), 'reset_password_token');

    const browser = createClient(t.app);
    const res = await browser.put('/api/users/password', {
      user: { reset_password_token: token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
    });
    expectRouteContract('PUT', '/api/users/password', res);
    expectRefused(res, 'self_excluded', text);
    expect((await browser.get('/api/player')).statusCode).toBe(401);

    // The password did change: the new one gets the same refusal at sign-in, the old one is wrong.
    const withNew = await createClient(t.app).post('/api/users/sign_in', {
      user: { email: user.email, password: NEW_PASSWORD },
    });
    expectRefused(withNew, 'self_excluded', text);
    const withOld = await createClient(t.app).post('/api/users/sign_in', {
      user: { email: user.email, password: GOOD_PASSWORD },
    });
    expect(withOld.json()).toMatchObject({ code: 'invalid_credentials' });
  });

  it('signs in a player who may play, as before', async () => {
    const { user } = await signUp(t.app);
    await createClient(t.app).post('/api/users/password', { user: { email: user.email } });
    const token = tokenFromMail(lastMailTo(t.mail, user.email), 'reset_password_token');
    const browser = createClient(t.app);
    const res = await browser.put('/api/users/password', {
      user: { reset_password_token: token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect((await browser.get('/api/player')).statusCode).toBe(200);
  });
});

describe('signing in', () => {
  it('the password step refuses a self-excluded and a disabled player (403), a wrong password learns neither', async () => {
    const excluded = await signUp(t.app);
    const text = await selfExclude(excluded.client);
    const signIn = (email: string, password = GOOD_PASSWORD) =>
      createClient(t.app).post('/api/users/sign_in', { user: { email, password } });
    expectRefused(await signIn(excluded.user.email), 'self_excluded', text);
    expect((await signIn(excluded.user.email, 'not the password')).statusCode).toBe(401);

    const disabled = await signUp(t.app);
    await t.database.db.update(users).set({ disabledAt: t.clock.now() }).where(eq(users.id, disabled.player.id));
    expectRefused(await signIn(disabled.user.email), 'account_disabled');
  });

  it.each(['an authenticator code', 'a recovery code'] as const)(
    'the two-factor step with %s refuses a player self-excluded after the password step',
    async (kind) => {
      const { client, user } = await signUp(t.app);
      const { secret, codes } = await turnOnTwoFactor(client);
      const browser = createClient(t.app);
      const password = await browser.post('/api/users/sign_in', {
        user: { email: user.email, password: GOOD_PASSWORD },
      });
      expect(password.json()).toMatchObject({ code: 'two_factor_required' });
      // Meanwhile, on the device still signed in, the player excludes themself.
      const text = await selfExclude(client);

      const code = kind === 'an authenticator code' ? await totpAt(secret, t.clock.now()) : codes[0]!;
      const res = await browser.post('/api/users/sign_in', { user: { otp_attempt: code } });
      expectRouteContract('POST', '/api/users/sign_in', res);
      expectRefused(res, 'self_excluded', text);
      expect((await browser.get('/api/player')).statusCode).toBe(401);
    },
  );

  it('a self-excluded player with two-factor is refused at the password step, before any code is asked', async () => {
    const { client, user } = await signUp(t.app);
    await turnOnTwoFactor(client);
    const text = await selfExclude(client);
    const res = await createClient(t.app).post('/api/users/sign_in', {
      user: { email: user.email, password: GOOD_PASSWORD },
    });
    expectRefused(res, 'self_excluded', text);
  });
});

describe('signing up', () => {
  it('starts its session through the same door: the new player is signed in', async () => {
    const { client, player } = await signUp(t.app);
    expect((await client.get('/api/player')).json()).toMatchObject({ id: player.id });
  });
});
