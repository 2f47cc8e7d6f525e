import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  STEP_UP_WINDOW_MINUTES,
  TwoFactorEnabledSchema,
  TwoFactorRequiredBodySchema,
  TwoFactorSetupSchema,
} from '@croupier/shared/api/auth';
import { users } from '../../db/schema/index.ts';
import { buildTestApp, createClient, type TestApp } from '../../../test/build-test-app.ts';
import { expectContract, expectRouteContract } from '../../../test/contract.ts';
import {
  type Client,
  GOOD_PASSWORD,
  lastMailTo,
  rowCounts,
  sendWithBody,
  signUp,
  stepUpWithPassword,
  totpAt,
} from './test-helpers.ts';

describe('two-factor authentication', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ AUTH_MAX_FAILURES: '5' });
  });
  afterAll(async () => t.close());

  const step = () => t.clock.advance(30_000);
  const PATH = '/api/v2/player/two_factor';

  /** Signs up and turns two-factor on; returns the secret. The enabling code's step is used up. */
  async function playerWithTwoFactor(path = '/api/v2/player/two_factor') {
    const signedUp = await signUp(t.app);
    const setup = await signedUp.client.get(path);
    expect(setup.statusCode).toBe(200);
    const { otp_secret: secret } = expectContract(TwoFactorSetupSchema, setup.json());
    await stepUpWithPassword(signedUp.client);
    const enabled = await signedUp.client.post(path, {
      two_factor: { otp_secret: secret, authentication_code: await totpAt(secret, t.clock.now()) },
    });
    expect(enabled.statusCode).toBe(200);
    expectContract(TwoFactorEnabledSchema, enabled.json());
    return { ...signedUp, secret };
  }

  async function passwordStep(email: string): Promise<{ client: Client; res: Awaited<ReturnType<Client['post']>> }> {
    const client = createClient(t.app);
    const res = await client.post('/api/users/sign_in', { user: { email, password: GOOD_PASSWORD } });
    return { client, res };
  }

  it('sets up with a secret and an otpauth URI, stores the seed encrypted, and needs a valid code to turn on', async () => {
    const { client, player } = await signUp(t.app);
    const setup = await client.get('/api/v2/player/two_factor');
    expect(setup.statusCode).toBe(200);
    const { otp_secret: secret, data } = expectContract(TwoFactorSetupSchema, setup.json());
    // 160 random bits, then 80 bits that bind them to this player (nothing is stored until POST).
    expect(secret).toMatch(/^[A-Z2-7]{48}$/);
    expect(data).toMatch(/^otpauth:\/\/totp\/Croupier:.+\?.*secret=/);

    await stepUpWithPassword(client);
    const wrongCode = await client.post('/api/v2/player/two_factor', {
      two_factor: { otp_secret: secret, authentication_code: '000000' },
    });
    expect(wrongCode.statusCode).toBe(422);
    expect(wrongCode.json()).toMatchObject({ code: 'invalid_otp', errors: { authentication_code: ['is invalid'] } });
    const code = await totpAt(secret, t.clock.now());
    const wrongSecret = await client.post('/api/v2/player/two_factor', {
      two_factor: { otp_secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', authentication_code: code },
    });
    expect(wrongSecret.statusCode).toBe(422);
    expect(wrongSecret.json().errors).toEqual({ otp_secret: ['is invalid'] });

    const enabled = await client.post('/api/v2/player/two_factor', {
      two_factor: { otp_secret: secret, authentication_code: code },
    });
    expect(enabled.statusCode).toBe(200);
    expect(expectContract(TwoFactorEnabledSchema, enabled.json()).otp_secret).toBe(secret);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, player.id));
    expect(row!.twoFactorEnabled).toBe(true);
    expect(row!.twoFactorSecret).toMatch(/^v2\./);
    expect(row!.twoFactorSecret).not.toContain(secret);
    expect((await client.get('/api/player')).json().two_factor_enabled).toBe(true);
    expect(lastMailTo(t.mail, player.email)?.subject).toContain('Two-factor authentication is on');

    // An active seed is never shown again.
    expect((await client.get('/api/v2/player/two_factor')).statusCode).toBe(204);
    const again = await client.post('/api/v2/player/two_factor', {
      two_factor: { otp_secret: secret, authentication_code: code },
    });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ code: 'two_factor_already_enabled' });
  });

  it('turning it on needs a fresh step-up: a session that proved nothing (a stolen one) or a stale step-up gets 403 reauth_required, and nothing changes', async () => {
    const { client, player } = await signUp(t.app);
    const { otp_secret: secret } = expectContract(TwoFactorSetupSchema, (await client.get(PATH)).json());
    const before = await rowCounts(t.database);
    const turnOn = async () =>
      client.post(PATH, {
        two_factor: { otp_secret: secret, authentication_code: await totpAt(secret, t.clock.now()) },
      });
    // A sign-up session has proven nothing: whoever holds it (a thief) gets no recovery codes.
    const refused = await turnOn();
    expectRouteContract('POST', PATH, refused);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'reauth_required', error: expect.any(String), two_factor: false });
    expect(refused.body).not.toContain('recovery_codes');
    expect(await rowCounts(t.database)).toEqual(before);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, player.id));
    expect(row!.twoFactorEnabled).toBe(false);

    await stepUpWithPassword(client);
    t.clock.advance(STEP_UP_WINDOW_MINUTES * 60_000 + 1_000);
    expect((await turnOn()).json()).toMatchObject({ code: 'reauth_required' });

    await stepUpWithPassword(client);
    const on = await turnOn();
    expect(on.statusCode).toBe(200);
    expect(expectContract(TwoFactorEnabledSchema, on.json()).recovery_codes).toHaveLength(10);
  });

  it('GET of the set-up changes nothing; a secret set up for one player does not turn it on for another', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const rowOf = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];
    const before = await rowOf(alice.player.id);
    const first = expectContract(
      TwoFactorSetupSchema,
      (await alice.client.get('/api/player/two_factor')).json(),
    ).otp_secret;
    const second = expectContract(
      TwoFactorSetupSchema,
      (await alice.client.get('/api/v2/player/two_factor')).json(),
    ).otp_secret;
    expect(second).not.toBe(first);
    expect(await rowOf(alice.player.id)).toEqual(before);
    await stepUpWithPassword(alice.client);
    await stepUpWithPassword(bob.client);

    // A set-up opened in another tab does not void the first: either secret, once proven, turns it on.
    const stolen = await bob.client.post('/api/v2/player/two_factor', {
      two_factor: { otp_secret: first, authentication_code: await totpAt(first, t.clock.now()) },
    });
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json().errors).toEqual({ otp_secret: ['is invalid'] });
    const tampered = `${first.slice(0, 32)}${'A'.repeat(16)}`;
    const forged = await alice.client.post('/api/v2/player/two_factor', {
      two_factor: { otp_secret: tampered, authentication_code: await totpAt(tampered, t.clock.now()) },
    });
    expect(forged.json().errors).toEqual({ otp_secret: ['is invalid'] });
    const enabled = await alice.client.post('/api/v2/player/two_factor', {
      two_factor: { otp_secret: first, authentication_code: await totpAt(first, t.clock.now()) },
    });
    expect(enabled.statusCode).toBe(200);
    expect((await rowOf(bob.player.id))!.twoFactorEnabled).toBe(false);
  });

  it('asks for the code after the password (401 two_factor_required with a pending session), then signs in with it', async () => {
    const { user, secret, player } = await playerWithTwoFactor();
    step();
    const { client, res } = await passwordStep(user.email);
    expectContract(TwoFactorRequiredBodySchema, res.json());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      code: 'two_factor_required',
      error: 'Enter the code from your authenticator app.',
      two_factor: true,
    });
    expect(client.jar.get('croupier_session')).toBeDefined();
    // The pending session is not a signed-in one.
    expect((await client.get('/api/player')).statusCode).toBe(401);

    const pendingToken = client.jar.get('croupier_session');
    const ok = await client.post('/api/users/sign_in', { user: { otp_attempt: await totpAt(secret, t.clock.now()) } });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ id: player.id, two_factor_enabled: true });
    expect(client.jar.get('croupier_session')).not.toBe(pendingToken);
    expect((await client.get('/api/player')).statusCode).toBe(200);
  });

  it('refuses a replayed code, including the one that turned two-factor on', async () => {
    const { user, secret } = await playerWithTwoFactor();
    const enablingCode = await totpAt(secret, t.clock.now());
    const first = await passwordStep(user.email);
    const replayOfEnabling = await first.client.post('/api/users/sign_in', { user: { otp_attempt: enablingCode } });
    expect(replayOfEnabling.statusCode).toBe(422);
    expect(replayOfEnabling.json()).toMatchObject({ code: 'invalid_otp', errors: { otp_attempt: ['is invalid'] } });

    step();
    const code = await totpAt(secret, t.clock.now());
    expect((await first.client.post('/api/users/sign_in', { user: { otp_attempt: code } })).statusCode).toBe(201);

    // Someone who watched the code tries it in another browser, in the same 30 s.
    const second = await passwordStep(user.email);
    const replay = await second.client.post('/api/users/sign_in', { user: { otp_attempt: code } });
    expect(replay.statusCode).toBe(422);
    expect((await second.client.get('/api/player')).statusCode).toBe(401);
  });

  it('accepts a code from the neighbouring 30 s step (clock skew) but not older ones', async () => {
    const { user, secret } = await playerWithTwoFactor();
    step();
    step();
    step();
    const { client } = await passwordStep(user.email);
    const old = await client.post('/api/users/sign_in', {
      user: { otp_attempt: await totpAt(secret, t.clock.now(), -2) },
    });
    expect(old.statusCode).toBe(422);
    const previous = await client.post('/api/users/sign_in', {
      user: { otp_attempt: await totpAt(secret, t.clock.now(), -1) },
    });
    expect(previous.statusCode).toBe(201);
  });

  it('throttles wrong codes: after AUTH_MAX_FAILURES even the right code gets 429', async () => {
    const { user, secret } = await playerWithTwoFactor();
    step();
    const { client } = await passwordStep(user.email);
    for (let i = 0; i < 5; i += 1) {
      const res = await client.post('/api/users/sign_in', { user: { otp_attempt: String(100000 + i) } });
      expect(res.statusCode).toBe(422);
    }
    const locked = await client.post('/api/users/sign_in', {
      user: { otp_attempt: await totpAt(secret, t.clock.now()) },
    });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(16 * 60_000);
  });

  it('refuses a code without a password step first', async () => {
    const res = await createClient(t.app).post('/api/users/sign_in', { user: { otp_attempt: '123456' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'two_factor_session_expired' });
  });

  it('turns off with a valid code on DELETE (v1 path too); the next sign-in needs only the password', async () => {
    const { client, user, secret, player } = await playerWithTwoFactor('/api/player/two_factor');
    step();
    // Turning it off needs a fresh step-up (decision 015; step-up.test.ts covers its absence).
    const stepUp = await client.post('/api/auth/step_up', {
      user: { password: GOOD_PASSWORD, otp_attempt: await totpAt(secret, t.clock.now()) },
    });
    expect(stepUp.statusCode).toBe(200);
    const wrong = await sendWithBody(t.app, client, 'DELETE', '/api/player/two_factor', {
      two_factor: { authentication_code: '000000' },
    });
    expect(wrong.statusCode).toBe(422);
    const unknownField = await sendWithBody(t.app, client, 'DELETE', '/api/v2/player/two_factor', {
      two_factor: { authentication_code: '1', force: true },
    });
    expect(unknownField.statusCode).toBe(400);
    const off = await sendWithBody(t.app, client, 'DELETE', '/api/v2/player/two_factor', {
      two_factor: { authentication_code: await totpAt(secret, t.clock.now()) },
    });
    expect(off.statusCode).toBe(204);
    expect(lastMailTo(t.mail, player.email)?.subject).toContain('Two-factor authentication is off');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, player.id));
    expect(row).toMatchObject({ twoFactorEnabled: false, twoFactorSecret: null, twoFactorLastStep: null });
    const { res } = await passwordStep(user.email);
    expect(res.statusCode).toBe(201);
    const notOn = await sendWithBody(t.app, client, 'DELETE', '/api/v2/player/two_factor', {
      two_factor: { authentication_code: '123456' },
    });
    expect(notOn.statusCode).toBe(422);
    expect(notOn.json()).toMatchObject({ code: 'two_factor_not_enabled' });
  });

  it('is for signed-in players only, and bad bodies change nothing', async () => {
    const guest = createClient(t.app);
    expect((await guest.get('/api/v2/player/two_factor')).statusCode).toBe(401);
    const { client } = await signUp(t.app);
    const before = await rowCounts(t.database);
    expect(
      (await guest.post('/api/v2/player/two_factor', { two_factor: { otp_secret: 'X', authentication_code: '1' } }))
        .statusCode,
    ).toBe(401);
    expect((await client.post('/api/v2/player/two_factor', { two_factor: { otp_secret: 'X' } })).statusCode).toBe(400);
    expect(
      (await client.post('/api/v2/player/two_factor', { otp_secret: 'X', authentication_code: '1' })).statusCode,
    ).toBe(400);
    expect(await rowCounts(t.database)).toEqual(before);
  });
});
