import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlayerSchema } from '@croupier/shared/api/player';
import { userTokens, users } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/crypto.ts';
import { buildTestApp, createClient, type TestApp } from '../../../test/build-test-app.ts';
import { expectContract } from '../../../test/contract.ts';
import { EmptyBodySchema, PasswordResetTwoFactorBodySchema } from '@croupier/shared/api/auth';
import {
  GOOD_PASSWORD,
  lastMailTo,
  rowCounts,
  signUp,
  stepUpWithPassword,
  tokenFromMail,
  totpAt,
  uniqueEmail,
} from './test-helpers.ts';

const NEW_PASSWORD = 'a brand new passphrase';

describe('password reset: POST and PUT /api/users/password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ AUTH_MAX_FAILURES: '5' });
  });
  afterAll(async () => t.close());

  async function requestReset(email: string) {
    const res = await createClient(t.app).post('/api/users/password', { user: { email } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({});
    return tokenFromMail(lastMailTo(t.mail, email.toLowerCase()), 'reset_password_token');
  }

  const put = (token: string, password = NEW_PASSWORD, confirmation = password) =>
    createClient(t.app).put('/api/users/password', {
      user: { reset_password_token: token, password, password_confirmation: confirmation },
    });

  it('mails a one-hour link, sets the new password, ends every session and signs the requester in', async () => {
    const { client: browserA, user, player } = await signUp(t.app);
    const browserB = createClient(t.app);
    expect(
      (await browserB.post('/api/users/sign_in', { user: { email: user.email, password: GOOD_PASSWORD } })).statusCode,
    ).toBe(201);

    const guest = createClient(t.app);
    const requested = await guest.post('/api/users/password', {
      user: { email: user.email.toUpperCase(), captcha: 'tok' },
    });
    expect(requested.statusCode).toBe(201);
    expect(requested.json()).toEqual({});
    expectContract(EmptyBodySchema, requested.json());
    const mail = lastMailTo(t.mail, player.email);
    expect(mail?.subject).toContain('Reset your password');
    const token = tokenFromMail(mail, 'reset_password_token');
    expect(mail?.text).toContain(`${t.env.publicUrl}/users/password/edit?reset_password_token=${token}`);
    const [row] = await t.database.db
      .select()
      .from(userTokens)
      .where(eq(userTokens.tokenHash, sha256(token)));
    expect(row).toMatchObject({ userId: player.id, purpose: 'reset_password', usedAt: null });
    expect(row!.expiresAt.getTime() - t.clock.now().getTime()).toBe(3_600_000);

    const done = await guest.put('/api/users/password', {
      user: { reset_password_token: token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
    });
    expect(done.statusCode).toBe(200);
    expect(expectContract(PlayerSchema, done.json()).id).toBe(player.id);
    expect((await guest.get('/api/player')).statusCode).toBe(200);
    // Every other session ended.
    expect((await browserA.get('/api/player')).statusCode).toBe(401);
    expect((await browserB.get('/api/player')).statusCode).toBe(401);
    expect(lastMailTo(t.mail, player.email)?.subject).toContain('Your password was changed');

    const oldPassword = await createClient(t.app).post('/api/users/sign_in', {
      user: { email: user.email, password: GOOD_PASSWORD },
    });
    expect(oldPassword.statusCode).toBe(401);
    const newPassword = await createClient(t.app).post('/api/users/sign_in', {
      user: { email: user.email, password: NEW_PASSWORD },
    });
    expect(newPassword.statusCode).toBe(201);
    // Following the link proved the mailbox.
    expect(newPassword.json().confirmed_at).toBe(t.clock.now().toISOString());

    // Single use.
    const reuse = await put(token, 'yet another passphrase');
    expect(reuse.statusCode).toBe(422);
    expect(reuse.json()).toMatchObject({ code: 'validation_error', errors: { reset_password_token: ['is invalid'] } });
  });

  it('answers unknown e-mails exactly like known ones and mails nothing', async () => {
    const { user } = await signUp(t.app);
    const sent = t.mail.length;
    const ghost = uniqueEmail('ghost');
    const unknown = await createClient(t.app).post('/api/users/password', { user: { email: ghost } });
    const known = await createClient(t.app).post('/api/users/password', { user: { email: user.email } });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(t.mail.length).toBe(sent + 1);
    expect(lastMailTo(t.mail, ghost)).toBeUndefined();
    const malformed = await createClient(t.app).post('/api/users/password', { user: { email: 'no at sign' } });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors).toEqual({ email: ['is invalid'] });
  });

  it('refuses an expired link, and only the newest link works', async () => {
    const { user } = await signUp(t.app);
    const first = await requestReset(user.email);
    const second = await requestReset(user.email);
    expect((await put(first)).statusCode).toBe(422);
    t.clock.advance(3_600_000 + 1000);
    const expired = await put(second);
    expect(expired.statusCode).toBe(422);
    expect(expired.json().errors).toEqual({ reset_password_token: ['is invalid'] });
    const garbage = await put('not-a-token');
    expect(garbage.statusCode).toBe(422);
  });

  it('applies the password rules without using the link up', async () => {
    const { user } = await signUp(t.app);
    const token = await requestReset(user.email);
    const common = await put(token, 'password123');
    expect(common.statusCode).toBe(422);
    expect(common.json().errors).toEqual({ password: ['is too common'] });
    const short = await put(token, 'short');
    expect(short.json().errors).toEqual({ password: ['is too short (minimum is 8 characters)'] });
    const mismatch = await put(token, NEW_PASSWORD, 'something different');
    expect(mismatch.json().errors).toEqual({ password_confirmation: ["doesn't match Password"] });
    expect((await put(token)).statusCode).toBe(200);
  });

  it('does not sign in a player with two-factor: the answer is { two_factor: true } and the code is still needed', async () => {
    const { client, user, player } = await signUp(t.app);
    const { otp_secret: secret } = (await client.get('/api/v2/player/two_factor')).json();
    await stepUpWithPassword(client);
    await client.post('/api/v2/player/two_factor', {
      two_factor: { otp_secret: secret, authentication_code: await totpAt(secret, t.clock.now()) },
    });

    const token = await requestReset(user.email);
    const guest = createClient(t.app);
    const res = await guest.put('/api/users/password', {
      user: { reset_password_token: token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ two_factor: true });
    expectContract(PasswordResetTwoFactorBodySchema, res.json());
    expect(guest.jar.get('croupier_session')).toBeUndefined();
    expect((await guest.get('/api/player')).statusCode).toBe(401);
    expect((await client.get('/api/player')).statusCode).toBe(401);

    t.clock.advance(30_000);
    const step1 = await guest.post('/api/users/sign_in', { user: { email: user.email, password: NEW_PASSWORD } });
    expect(step1.json()).toMatchObject({ code: 'two_factor_required' });
    const step2 = await guest.post('/api/users/sign_in', {
      user: { otp_attempt: await totpAt(secret, t.clock.now()) },
    });
    expect(step2.statusCode).toBe(201);
    expect(step2.json().id).toBe(player.id);
  });

  it('caps reset mails per player (AUTH_MAX_FAILURES per window) while still answering 201', async () => {
    const { player } = await signUp(t.app);
    const before = t.mail.filter((m) => m.to === player.email).length;
    for (let i = 0; i < 7; i += 1) {
      expect(
        (await createClient(t.app).post('/api/users/password', { user: { email: player.email } })).statusCode,
      ).toBe(201);
    }
    expect(t.mail.filter((m) => m.to === player.email).length - before).toBe(5);
  });

  it('refuses unknown fields and wrong types with 400 and writes nothing', async () => {
    const { user } = await signUp(t.app);
    const token = await requestReset(user.email);
    const before = await rowCounts(t.database);
    const client = createClient(t.app);
    const extra = await client.put('/api/users/password', {
      user: {
        reset_password_token: token,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
        email: 'x@example.com',
      },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().errors).toEqual({ 'user.email': ['is not permitted'] });
    const types = await client.put('/api/users/password', {
      user: { reset_password_token: 1, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
    });
    expect(types.statusCode).toBe(400);
    const postExtra = await client.post('/api/users/password', {
      user: { email: user.email, redirect_url: 'https://evil.example' },
    });
    expect(postExtra.statusCode).toBe(400);
    expect(await rowCounts(t.database)).toEqual(before);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, user.email));
    expect(row!.updatedAt).toEqual(row!.createdAt);
  });
});
