/**
 * Guesses sent all at once (docs/auth.md#throttling, decision 029): for every guessable secret, 100
 * wrong guesses in parallel, on a clock that moves, are answered by testing at most the bucket's
 * limit of them; the others are refused untested (429, or a coupon's `failed_to_activate`), and the
 * right secret is refused too until the lock ends. The tested ones are counted by their answers
 * (422/401 for a tested wrong guess, 429 for one refused untested), the coupons by the attempts the
 * service ran. docs/reliability.md#a3-throttling, #a4-two-factor-codes, #i4-rate-limits,
 * #b5-single-use-codes. Before the throttle took attempts first, every one of the 100 was tested.
 */
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TwoFactorEnabledSchema, TwoFactorSetupSchema } from '@croupier/shared/api/auth';
import { buildTestApp, createClient, type TestApp } from '../../../test/build-test-app.ts';
import { expectContract } from '../../../test/contract.ts';
import { rows } from '../../db/sql.ts';
import { CouponsService } from '../bonuses/coupons.ts';
import { ADMIN_ENV, admin, createCampaign } from '../bonuses/test-campaigns.ts';
import {
  type Client,
  GOOD_PASSWORD,
  lastMailTo,
  sendWithBody,
  signUp,
  stepUpWithPassword,
  tokenFromMail,
  totpAt,
  uniqueEmail,
} from './test-helpers.ts';

const MINUTE = 60_000;
/** AUTH_MAX_FAILURES: the per-account (and per-player) limit; an IP gets 4× that. */
const MAX = 5;
const PER_IP = 4 * MAX;
const LOCK_MINUTES = 15;
const GUESSES = 100;

let t: TestApp;
beforeAll(async () => {
  // Behind a trusted proxy each test guesses from its own address; the clock moves 3 ms a read.
  t = await buildTestApp(
    { ...ADMIN_ENV, TRUST_PROXY: 'true', AUTH_MAX_FAILURES: String(MAX), AUTH_LOCK_MINUTES: String(LOCK_MINUTES) },
    { tickMs: 3 },
  );
});
afterAll(() => t.close());

let ipCounter = 0;
const nextIp = () => `198.51.100.${(ipCounter += 1)}`;
/** A client whose requests come from one address. */
function from(ip = nextIp()) {
  const client = createClient(t.app);
  const headers = { 'x-forwarded-for': ip };
  return {
    client,
    ip,
    post: (url: string, body?: unknown) => client.post(url, body, headers),
    put: (url: string, body?: unknown) => client.put(url, body, headers),
    get: (url: string) => client.get(url, headers),
  };
}

/** `n` requests at once. */
const burst = (n: number, send: (i: number) => Promise<LightMyRequestResponse>) =>
  Promise.all(Array.from({ length: n }, (_, i) => send(i)));

/** How many answers had each status. */
function statuses(answers: LightMyRequestResponse[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const a of answers) out[a.statusCode] = (out[a.statusCode] ?? 0) + 1;
  return out;
}

/** Every refusal is the throttle's one answer, with a Retry-After. */
function expectRefusedUntested(answers: LightMyRequestResponse[]) {
  for (const a of answers.filter((r) => r.statusCode === 429)) {
    expect(a.json()).toMatchObject({ code: 'too_many_requests' });
    expect(Number(a.headers['retry-after'])).toBeGreaterThan(0);
  }
}

/** The lock lasts AUTH_LOCK_MINUTES from the attempt that filled the bucket: a minute before, still locked. */
const almostOver = () => t.clock.advance((LOCK_MINUTES - 1) * MINUTE);
const over = () => t.clock.advance(2 * MINUTE);

const wrongCode = (i: number) => String(100_000 + i);

async function withTwoFactor(client: Client) {
  const setup = expectContract(TwoFactorSetupSchema, (await client.get('/api/v2/player/two_factor')).json());
  await stepUpWithPassword(client);
  const on = await client.post('/api/v2/player/two_factor', {
    two_factor: { otp_secret: setup.otp_secret, authentication_code: await totpAt(setup.otp_secret, t.clock.now()) },
  });
  expect(on.statusCode, on.body).toBe(200);
  // The next 30 s step, so the code that turned it on is not a replay below.
  t.clock.advance(30_000);
  return { secret: setup.otp_secret, codes: expectContract(TwoFactorEnabledSchema, on.json()).recovery_codes };
}

describe('passwords', () => {
  it('sign-in: 100 wrong passwords for one account at once → 5 tested (401), 95 refused (429); the right one waits for the lock', async () => {
    const { user } = await signUp(t.app);
    const attacker = from();
    const answers = await burst(GUESSES, (i) =>
      attacker.post('/api/users/sign_in', { user: { email: user.email, password: `wrong password ${i}` } }),
    );
    expect(statuses(answers)).toEqual({ 401: MAX, 429: GUESSES - MAX });
    expectRefusedUntested(answers);

    const right = () => from().post('/api/users/sign_in', { user: { email: user.email, password: GOOD_PASSWORD } });
    expect((await right()).statusCode).toBe(429);
    almostOver();
    expect((await right()).statusCode).toBe(429);
    over();
    expect((await right()).statusCode).toBe(201);
  });

  it('sign-in: 100 wrong passwords from one address for 100 e-mails → 20 tested; then nothing from there is tested', async () => {
    const { user } = await signUp(t.app);
    const attacker = from();
    const answers = await burst(GUESSES, () =>
      attacker.post('/api/users/sign_in', { user: { email: uniqueEmail('spray'), password: 'Summer2024!x' } }),
    );
    expect(statuses(answers)).toEqual({ 401: PER_IP, 429: GUESSES - PER_IP });
    expectRefusedUntested(answers);

    const right = () =>
      from(attacker.ip).post('/api/users/sign_in', { user: { email: user.email, password: GOOD_PASSWORD } });
    expect((await right()).statusCode).toBe(429);
    almostOver();
    expect((await right()).statusCode).toBe(429);
    over();
    expect((await right()).statusCode).toBe(201);
  });

  it("an account update's current password: 100 wrong at once → 5 tested (422), the right one waits for the lock", async () => {
    const { client } = await signUp(t.app);
    const change = (current: string) =>
      client.put(
        '/api/users',
        {
          user: {
            current_password: current,
            password: 'a brand new passphrase',
            password_confirmation: 'a brand new passphrase',
          },
        },
        { 'x-forwarded-for': nextIp() },
      );
    const answers = await burst(GUESSES, (i) => change(`wrong password ${i}`));
    expect(statuses(answers)).toEqual({ 422: MAX, 429: GUESSES - MAX });
    expectRefusedUntested(answers);

    expect((await change(GOOD_PASSWORD)).statusCode).toBe(429);
    almostOver();
    expect((await change(GOOD_PASSWORD)).statusCode).toBe(429);
    over();
    expect((await change(GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it('step-up: 100 wrong passwords at once → 5 tested (422 invalid_password), the right one waits for the lock', async () => {
    const { client } = await signUp(t.app);
    const ip = nextIp();
    const stepUp = (password: string) =>
      client.post('/api/auth/step_up', { user: { password } }, { 'x-forwarded-for': ip });
    const answers = await burst(GUESSES, (i) => stepUp(`wrong password ${i}`));
    expect(statuses(answers)).toEqual({ 422: MAX, 429: GUESSES - MAX });
    expect(answers.filter((a) => a.statusCode === 422).map((a) => a.json().code)).toEqual(
      Array(MAX).fill('invalid_password'),
    );

    expect((await stepUp(GOOD_PASSWORD)).statusCode).toBe(429);
    almostOver();
    expect((await stepUp(GOOD_PASSWORD)).statusCode).toBe(429);
    over();
    expect((await stepUp(GOOD_PASSWORD)).statusCode).toBe(200);
  });
});

describe('authenticator and recovery codes', () => {
  it.each(['authenticator', 'recovery'] as const)(
    'the sign-in code step: 100 wrong %s codes at once on one pending sign-in → 5 tested (422), the right one waits for the lock',
    async (kind) => {
      const { client: owner, user } = await signUp(t.app);
      const { secret, codes } = await withTwoFactor(owner);
      const guess = (i: number) =>
        kind === 'authenticator' ? wrongCode(i) : `zzzz-zzzz-${String(i).padStart(4, '0')}`;
      const right = async () => (kind === 'authenticator' ? totpAt(secret, t.clock.now()) : codes[0]!);
      const pending = async () => {
        const visitor = from();
        const res = await visitor.post('/api/users/sign_in', { user: { email: user.email, password: GOOD_PASSWORD } });
        expect(res.json()).toMatchObject({ code: 'two_factor_required' });
        return visitor;
      };

      const visitor = await pending();
      const answers = await burst(GUESSES, (i) =>
        visitor.post('/api/users/sign_in', { user: { otp_attempt: guess(i) } }),
      );
      expect(statuses(answers)).toEqual({ 422: MAX, 429: GUESSES - MAX });
      expectRefusedUntested(answers);

      expect((await visitor.post('/api/users/sign_in', { user: { otp_attempt: await right() } })).statusCode).toBe(429);
      almostOver();
      // The pending sign-in lasts 10 minutes: a new password step, and still no code is tested.
      const later = await pending();
      expect((await later.post('/api/users/sign_in', { user: { otp_attempt: await right() } })).statusCode).toBe(429);
      over();
      const open = await pending();
      expect((await open.post('/api/users/sign_in', { user: { otp_attempt: await right() } })).statusCode).toBe(201);
    },
  );

  it('step-up: 100 wrong codes with the right password → at most 5 tested, and once 5 were, the right code waits for the lock', async () => {
    const { client } = await signUp(t.app);
    const { secret } = await withTwoFactor(client);
    const stepUp = async (code: string) =>
      client.post(
        '/api/auth/step_up',
        { user: { password: GOOD_PASSWORD, otp_attempt: code } },
        {
          'x-forwarded-for': nextIp(),
        },
      );
    const answers = await burst(GUESSES, (i) => stepUp(wrongCode(i)));
    // A guess in flight holds its place in the account's bucket too, so fewer may reach the code.
    const tested = answers.filter((a) => a.statusCode === 422);
    expect(tested.length).toBeGreaterThan(0);
    expect(tested.length).toBeLessThanOrEqual(MAX);
    expect(tested.map((a) => a.json().code)).toEqual(Array(tested.length).fill('invalid_otp'));
    expect(statuses(answers)[429]).toBe(GUESSES - tested.length);
    // Guessing on one at a time, the code bucket takes MAX in all.
    let more = 0;
    while ((await stepUp(wrongCode(500 + more))).statusCode === 422) more += 1;
    expect(tested.length + more).toBe(MAX);

    expect((await stepUp(await totpAt(secret, t.clock.now()))).statusCode).toBe(429);
    almostOver();
    expect((await stepUp(await totpAt(secret, t.clock.now()))).statusCode).toBe(429);
    over();
    expect((await stepUp(await totpAt(secret, t.clock.now()))).statusCode).toBe(200);
  });

  it('turning two-factor on: 100 wrong codes at once → 5 tested (422), the right one waits for the lock', async () => {
    const { client } = await signUp(t.app);
    const { otp_secret: secret } = (await client.get('/api/v2/player/two_factor')).json();
    await stepUpWithPassword(client);
    const turnOn = (code: string) =>
      client.post('/api/v2/player/two_factor', { two_factor: { otp_secret: secret, authentication_code: code } });
    const answers = await burst(GUESSES, (i) => turnOn(wrongCode(i)));
    expect(statuses(answers)).toEqual({ 422: MAX, 429: GUESSES - MAX });
    expectRefusedUntested(answers);

    expect((await turnOn(await totpAt(secret, t.clock.now()))).statusCode).toBe(429);
    almostOver();
    await stepUpWithPassword(client);
    expect((await turnOn(await totpAt(secret, t.clock.now()))).statusCode).toBe(429);
    over();
    expect((await turnOn(await totpAt(secret, t.clock.now()))).statusCode).toBe(200);
  });

  it('turning two-factor off: 100 wrong codes at once → 5 tested (422), the right one waits for the lock', async () => {
    const { client } = await signUp(t.app);
    const { secret } = await withTwoFactor(client);
    const stepUp = async () => {
      const res = await client.post('/api/auth/step_up', {
        user: { password: GOOD_PASSWORD, otp_attempt: await totpAt(secret, t.clock.now()) },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const turnOff = (code: string) =>
      sendWithBody(t.app, client, 'DELETE', '/api/v2/player/two_factor', { two_factor: { authentication_code: code } });
    await stepUp();
    const answers = await burst(GUESSES, (i) => turnOff(wrongCode(i)));
    expect(statuses(answers)).toEqual({ 422: MAX, 429: GUESSES - MAX });
    expectRefusedUntested(answers);

    expect((await turnOff(await totpAt(secret, t.clock.now()))).statusCode).toBe(429);
    almostOver();
    over();
    t.clock.advance(30_000);
    await stepUp();
    expect((await turnOff(await totpAt(secret, t.clock.now()))).statusCode).toBe(204);
  });
});

describe('mailed links', () => {
  it('password reset: 100 wrong tokens from one address at once → 20 tested (422); the right link there waits for the lock', async () => {
    const { user } = await signUp(t.app);
    await createClient(t.app).post('/api/users/password', { user: { email: user.email } });
    const token = tokenFromMail(lastMailTo(t.mail, user.email), 'reset_password_token');
    const attacker = from();
    const reset = (resetToken: string) =>
      from(attacker.ip).put('/api/users/password', {
        user: {
          reset_password_token: resetToken,
          password: 'a brand new passphrase',
          password_confirmation: 'a brand new passphrase',
        },
      });
    const answers = await burst(GUESSES, (i) => reset(`${token.slice(0, -4)}${String(i).padStart(4, '0')}`));
    expect(statuses(answers)).toEqual({ 422: PER_IP, 429: GUESSES - PER_IP });
    expectRefusedUntested(answers);

    expect((await reset(token)).statusCode).toBe(429);
    almostOver();
    expect((await reset(token)).statusCode).toBe(429);
    over();
    // The link is valid for an hour: ask again, then it works from that address.
    await createClient(t.app).post('/api/users/password', { user: { email: user.email } });
    expect((await reset(tokenFromMail(lastMailTo(t.mail, user.email), 'reset_password_token'))).statusCode).toBe(200);
  });

  it('e-mail confirmation: 100 wrong tokens from one address at once → 20 tested (422); the right link there waits for the lock', async () => {
    const { user } = await signUp(t.app);
    const token = tokenFromMail(lastMailTo(t.mail, user.email), 'confirmation_token');
    const attacker = from();
    const open = (confirmation: string) =>
      from(attacker.ip).get(`/api/users/confirmation?confirmation_token=${encodeURIComponent(confirmation)}`);
    const answers = await burst(GUESSES, (i) => open(`${token.slice(0, -4)}${String(i).padStart(4, '0')}`));
    expect(statuses(answers)).toEqual({ 422: PER_IP, 429: GUESSES - PER_IP });
    expectRefusedUntested(answers);

    expect((await open(token)).statusCode).toBe(429);
    almostOver();
    expect((await open(token)).statusCode).toBe(429);
    over();
    expect((await open(token)).json()).toEqual({ confirmed: true });
  });
});

describe('phone codes', () => {
  it('100 wrong codes at once → 5 tested (the code burns after them); a new code waits for the lock', async () => {
    const { client } = await signUp(t.app);
    const number = '+4917066600001';
    const lastCode = async () => {
      const [sms] = await rows<{ text: string }>(
        t.database.db,
        sql`SELECT text FROM mail_outbox WHERE channel = 'sms' AND "to" = ${number} ORDER BY id DESC LIMIT 1`,
      );
      return sms!.text.match(/\b(\d{6})\b/)![1]!;
    };
    expect((await client.post('/api/player/phone', { phone: { number } })).statusCode).toBe(201);
    const code = await lastCode();
    const confirm = (guess: string) => client.post('/api/player/phone/confirm', { phone: { code: guess } });
    const answers = await burst(GUESSES, (i) => confirm(String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0')));
    const codes = answers.map((a) => a.json().code as string);
    const tested = codes.filter((c) => c === 'invalid_code' || c === 'code_attempts_exceeded');
    expect(tested).toHaveLength(MAX);
    // The rest found the code burnt: nothing left to test.
    expect(codes.filter((c) => c === 'code_expired')).toHaveLength(GUESSES - MAX);

    // A new code does not start the guessing over: the player's bucket is full until the lock ends.
    t.clock.advance(MINUTE);
    const resent = await client.post('/api/player/phone', { phone: { number } });
    expect(resent.statusCode, resent.body).toBe(201);
    const refused = await confirm(await lastCode());
    expect(refused.statusCode).toBe(429);
    expectRefusedUntested([refused]);
    // 14 minutes after the burst (a code lives 10): a new one, still refused untested.
    t.clock.advance((LOCK_MINUTES - 2) * MINUTE);
    expect((await client.post('/api/player/phone', { phone: { number } })).statusCode).toBe(201);
    expect((await confirm(await lastCode())).statusCode).toBe(429);
    over();
    expect((await confirm(await lastCode())).statusCode).toBe(200);
  });
});

describe('coupon and promo codes', () => {
  it('100 wrong codes at once → 5 looked up; the good code fails unread until the lock ends', async () => {
    const campaign = await createCampaign(t, {
      code: null,
      kind: 'nondeposit',
      trigger: 'coupon',
      terms: {
        amount_cents: { EUR: 10_00, USD: 10_00 },
        wager_multiplier: 20,
        activation_days: 7,
        validity_days: 7,
      },
    });
    const made = await admin(t, 'POST', `/api/admin/bonus-campaigns/${campaign.id}/codes`, { max_redemptions: 10 });
    expect(made.statusCode, made.body).toBe(201);
    const good = (made.json() as { code: string }[])[0]!.code;
    const { client, user } = await signUp(t.app, { currency: 'EUR' });
    // A confirmed address, so nothing but the code decides.
    await client.get(
      `/api/users/confirmation?confirmation_token=${tokenFromMail(lastMailTo(t.mail, user.email), 'confirmation_token')}`,
    );
    const redeem = async (code: string) => {
      const res = await client.post('/api/bonuses/coupon', { coupon_code: code });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { status: string }).status;
    };

    const lookedUp = vi.spyOn(CouponsService.prototype as unknown as { attempt: () => unknown }, 'attempt');
    try {
      const outcomes = await Promise.all(Array.from({ length: GUESSES }, (_, i) => redeem(`NOSUCHCODE${i}`)));
      expect(new Set(outcomes)).toEqual(new Set(['failed_to_activate']));
      expect(lookedUp).toHaveBeenCalledTimes(MAX);
      lookedUp.mockClear();

      expect(await redeem(good)).toBe('failed_to_activate');
      almostOver();
      expect(await redeem(good)).toBe('failed_to_activate');
      expect(lookedUp).not.toHaveBeenCalled();
      over();
      expect(await redeem(good)).toBe('successfully_activated');
    } finally {
      lookedUp.mockRestore();
    }
  });
});
