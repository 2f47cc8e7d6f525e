/**
 * Step-up authentication (docs/reliability.md#a8-step-up, decision 015): turning two-factor off, changing the
 * password or the e-mail address, and withdrawing to a destination no payout reached yet need the
 * password (plus the code when two-factor is on) proven in this session within the step-up window.
 * Every action is tried without a step-up, with a fresh one and with a stale one, on the fixed clock.
 * Money moves here, so this file also runs on PostgreSQL (DATABASE_URL).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { STEP_UP_WINDOW_MINUTES, StepUpBodySchema, TwoFactorSetupSchema } from '@croupier/shared/api/auth';
import { users } from '../../db/schema/index.ts';
import { buildTestApp, createClient, type TestApp } from '../../../test/build-test-app.ts';
import { expectContract } from '../../../test/contract.ts';
import { expectLedgerSound, fund } from '../wallet/test-helpers.ts';
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

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are checked field by field

const NEW_PASSWORD = 'another long passphrase';
const WINDOW_MS = STEP_UP_WINDOW_MINUTES * 60_000;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ AUTH_MAX_FAILURES: '3' });
});
afterAll(() => t.close());
afterEach(() => expectLedgerSound(t.database));

/** The next 30 s TOTP step: a code of the step just used is refused as a replay. */
const nextStep = () => t.clock.advance(30_000);
const stale = () => t.clock.advance(WINDOW_MS + 1_000);

async function withTwoFactor() {
  const signedUp = await signUp(t.app);
  const { otp_secret: secret } = expectContract(
    TwoFactorSetupSchema,
    (await signedUp.client.get('/api/v2/player/two_factor')).json(),
  );
  await stepUpWithPassword(signedUp.client);
  const on = await signedUp.client.post('/api/v2/player/two_factor', {
    two_factor: { otp_secret: secret, authentication_code: await totpAt(secret, t.clock.now()) },
  });
  expect(on.statusCode).toBe(200);
  // Turning it on needed a step-up; the tests start once that one is over (and on a new TOTP step).
  stale();
  return { ...signedUp, secret };
}

const stepUp = (client: Client, user: Json) => client.post('/api/auth/step_up', { user });
const changePassword = (client: Client, current = GOOD_PASSWORD, password = NEW_PASSWORD) =>
  client.put('/api/users', { user: { current_password: current, password, password_confirmation: password } });
const changeEmail = (client: Client, email: string, current = GOOD_PASSWORD) =>
  client.put('/api/users', { user: { current_password: current, email } });
const disableTwoFactor = (client: Client, code: string) =>
  sendWithBody(t.app, client, 'DELETE', '/api/v2/player/two_factor', { two_factor: { authentication_code: code } });
const passwordHash = async (id: number) =>
  (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!.encryptedPassword;

function expectStepUpRequired(res: Awaited<ReturnType<Client['post']>>, twoFactor: boolean) {
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json()).toEqual({ code: 'reauth_required', error: expect.any(String), two_factor: twoFactor });
}

describe('POST /api/auth/step_up', () => {
  it('confirms the password and answers until when sensitive actions pass; guests get 401', async () => {
    expect((await stepUp(createClient(t.app), { password: GOOD_PASSWORD })).statusCode).toBe(401);
    const { client } = await signUp(t.app);
    const ok = await stepUp(client, { password: GOOD_PASSWORD });
    expect(ok.statusCode, ok.body).toBe(200);
    expectContract(StepUpBodySchema, ok.json());
    expect(ok.json()).toEqual({ valid_until: new Date(t.clock.now().getTime() + WINDOW_MS).toISOString() });
    expect((await client.post('/api/auth/step_up', { password: GOOD_PASSWORD })).statusCode).toBe(400);
  });

  it('throttles wrong passwords like sign-in: after AUTH_MAX_FAILURES even the right one gets 429, and sign-in is locked too', async () => {
    const { client, user } = await signUp(t.app);
    for (let i = 0; i < 3; i++) {
      const wrong = await stepUp(client, { password: 'not my password' });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json()).toMatchObject({ code: 'invalid_password', errors: { password: ['is invalid'] } });
    }
    const locked = await stepUp(client, { password: GOOD_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
    const signIn = await createClient(t.app).post('/api/users/sign_in', {
      user: { email: user.email, password: GOOD_PASSWORD },
    });
    expect(signIn.statusCode).toBe(429);
    expect((await changePassword(client)).statusCode).toBe(429);
  });

  it('with two-factor on asks for the code too; wrong and replayed codes are refused and throttled', async () => {
    const { client, secret } = await withTwoFactor();
    const noCode = await stepUp(client, { password: GOOD_PASSWORD });
    expect(noCode.statusCode).toBe(422);
    expect(noCode.json()).toMatchObject({ code: 'two_factor_required', errors: { otp_attempt: [expect.any(String)] } });
    const ok = await stepUp(client, { password: GOOD_PASSWORD, otp_attempt: await totpAt(secret, t.clock.now()) });
    expect(ok.statusCode, ok.body).toBe(200);
    const replay = await stepUp(client, { password: GOOD_PASSWORD, otp_attempt: await totpAt(secret, t.clock.now()) });
    expect(replay.json()).toMatchObject({ code: 'invalid_otp' });
    for (let i = 0; i < 2; i++) {
      expect((await stepUp(client, { password: GOOD_PASSWORD, otp_attempt: '000000' })).json()).toMatchObject({
        code: 'invalid_otp',
      });
    }
    nextStep();
    const locked = await stepUp(client, { password: GOOD_PASSWORD, otp_attempt: await totpAt(secret, t.clock.now()) });
    expect(locked.statusCode).toBe(429);
  });
});

describe('PUT /api/users: changing the password', () => {
  it('two-factor off: the current password is the step-up; a wrong one changes nothing; other sessions end', async () => {
    const { client, user, player } = await signUp(t.app);
    const other = createClient(t.app);
    expect(
      (await other.post('/api/users/sign_in', { user: { email: user.email, password: GOOD_PASSWORD } })).statusCode,
    ).toBe(201);
    const before = await passwordHash(player.id);

    const wrong = await changePassword(client, 'not my password');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ errors: { current_password: ['is invalid'] } });
    expect(await passwordHash(player.id)).toBe(before);

    const done = await changePassword(client);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ id: player.id, email: player.email });
    expect(lastMailTo(t.mail, player.email)?.subject).toContain('Your password was changed');
    expect((await client.get('/api/player')).statusCode).toBe(200);
    expect((await other.get('/api/player')).statusCode).toBe(401);
    const signIn = (password: string) =>
      createClient(t.app).post('/api/users/sign_in', { user: { email: user.email, password } });
    expect((await signIn(GOOD_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(NEW_PASSWORD)).statusCode).toBe(201);
  });

  it('two-factor on: refused without a step-up and with a stale one, done with a fresh one', async () => {
    const { client, secret, player } = await withTwoFactor();
    const before = await passwordHash(player.id);
    expectStepUpRequired(await changePassword(client), true);
    expect(await passwordHash(player.id)).toBe(before);

    expect(
      (await stepUp(client, { password: GOOD_PASSWORD, otp_attempt: await totpAt(secret, t.clock.now()) })).statusCode,
    ).toBe(200);
    stale();
    expectStepUpRequired(await changePassword(client), true);
    expect(await passwordHash(player.id)).toBe(before);

    expect(
      (await stepUp(client, { password: GOOD_PASSWORD, otp_attempt: await totpAt(secret, t.clock.now()) })).statusCode,
    ).toBe(200);
    t.clock.advance(WINDOW_MS - 1_000);
    const done = await changePassword(client);
    expect(done.statusCode, done.body).toBe(200);
    expect(await passwordHash(player.id)).not.toBe(before);
  });

  it('a sign-in with password and code counts as a step-up for the window', async () => {
    const { user, secret } = await withTwoFactor();
    const client = createClient(t.app);
    expect(
      (await client.post('/api/users/sign_in', { user: { email: user.email, password: GOOD_PASSWORD } })).statusCode,
    ).toBe(401);
    expect(
      (await client.post('/api/users/sign_in', { user: { otp_attempt: await totpAt(secret, t.clock.now()) } }))
        .statusCode,
    ).toBe(201);
    t.clock.advance(WINDOW_MS + 1);
    expectStepUpRequired(await changePassword(client), true);
  });

  it('keeps the password rules and the request shape', async () => {
    const { client } = await signUp(t.app);
    expect((await changePassword(client, GOOD_PASSWORD, 'password')).json()).toMatchObject({
      errors: { password: expect.any(Array) },
    });
    const mismatch = await client.put('/api/users', {
      user: { current_password: GOOD_PASSWORD, password: NEW_PASSWORD, password_confirmation: 'x' },
    });
    expect(mismatch.json()).toMatchObject({ errors: { password_confirmation: expect.any(Array) } });
    expect((await client.put('/api/users', { user: { current_password: GOOD_PASSWORD } })).statusCode).toBe(422);
    expect((await client.put('/api/users', { user: { password: NEW_PASSWORD } })).statusCode).toBe(400);
    expect(
      (
        await createClient(t.app).put('/api/users', {
          user: { current_password: GOOD_PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('PUT /api/users: changing the e-mail address', () => {
  it('two-factor off: the new address takes over only once its link is opened; the old one is told', async () => {
    const { client, user, player } = await signUp(t.app);
    const next = uniqueEmail('moved');
    const wrong = await changeEmail(client, next, 'not my password');
    expect(wrong.json()).toMatchObject({ errors: { current_password: ['is invalid'] } });
    expect(lastMailTo(t.mail, next)).toBeUndefined();

    const asked = await changeEmail(client, next);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ email: player.email });
    expect(lastMailTo(t.mail, player.email)?.subject).toContain('Your e-mail address is being changed');
    const link = lastMailTo(t.mail, next);
    expect(link?.subject).toContain('Confirm your new e-mail address');
    expect(
      (await createClient(t.app).post('/api/users/sign_in', { user: { email: next, password: GOOD_PASSWORD } }))
        .statusCode,
    ).toBe(401);

    const open = () =>
      client.get(`/api/users/confirmation?confirmation_token=${tokenFromMail(link, 'confirmation_token')}`);
    const confirmed = await open();
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ id: player.id, email: next });
    // Opening it again (a reload) says the same, not "invalid link".
    const again = await open();
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ id: player.id, email: next });
    expect(
      (await createClient(t.app).post('/api/users/sign_in', { user: { email: next, password: GOOD_PASSWORD } }))
        .statusCode,
    ).toBe(201);
    expect(
      (await createClient(t.app).post('/api/users/sign_in', { user: { email: user.email, password: GOOD_PASSWORD } }))
        .statusCode,
    ).toBe(401);
  });

  it('refuses an address another account uses', async () => {
    const { client } = await signUp(t.app);
    const { player: someone } = await signUp(t.app);
    const taken = await changeEmail(client, someone.email.toUpperCase());
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toMatchObject({ errors: { email: ['has already been taken'] } });
  });

  it('two-factor on: refused without a step-up and with a stale one, done with a fresh one', async () => {
    const { client, secret, player } = await withTwoFactor();
    const next = uniqueEmail('moved2fa');
    expectStepUpRequired(await changeEmail(client, next), true);
    await stepUp(client, { password: GOOD_PASSWORD, otp_attempt: await totpAt(secret, t.clock.now()) });
    stale();
    expectStepUpRequired(await changeEmail(client, next), true);
    expect(lastMailTo(t.mail, next)).toBeUndefined();
    nextStep();
    await stepUp(client, { password: GOOD_PASSWORD, otp_attempt: await totpAt(secret, t.clock.now()) });
    const asked = await changeEmail(client, next);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(lastMailTo(t.mail, next)).toBeDefined();
    const [row] = await t.database.db.select().from(users).where(eq(users.id, player.id));
    expect(row).toMatchObject({ email: player.email, unconfirmedEmail: next });
  });
});

describe('DELETE /api/v2/player/two_factor: turning two-factor off', () => {
  it('is refused without a step-up and with a stale one, done with a fresh one (whose code may be the same)', async () => {
    const { client, secret, player } = await withTwoFactor();
    const isOn = async () =>
      (await t.database.db.select().from(users).where(eq(users.id, player.id)))[0]!.twoFactorEnabled;
    expectStepUpRequired(await disableTwoFactor(client, await totpAt(secret, t.clock.now())), true);
    expect(await isOn()).toBe(true);

    await stepUp(client, { password: GOOD_PASSWORD, otp_attempt: await totpAt(secret, t.clock.now()) });
    stale();
    expectStepUpRequired(await disableTwoFactor(client, await totpAt(secret, t.clock.now())), true);
    expect(await isOn()).toBe(true);

    const code = await totpAt(secret, t.clock.now());
    expect((await stepUp(client, { password: GOOD_PASSWORD, otp_attempt: code })).statusCode).toBe(200);
    expect((await disableTwoFactor(client, '000000')).statusCode).toBe(422);
    const off = await disableTwoFactor(client, code);
    expect(off.statusCode, off.body).toBe(204);
    expect(await isOn()).toBe(false);
  });
});

describe('withdrawals to a new destination (payments)', () => {
  async function player() {
    const signedUp = await signUp(t.app, { currency: 'EUR' });
    await fund(t.wallet, signedUp.player.id, 'EUR', 20_000);
    const withdraw = (fields: Record<string, string>, method_id = 'sandbox_ewallet', extra: Json = {}) =>
      signedUp.client.post('/api/payments/withdrawals', {
        payment: { currency: 'EUR', amount_cents: 5_000, method_id, fields, ...extra },
      });
    const deposit = (fields: Record<string, string>, method_id = 'sandbox_ewallet') =>
      signedUp.client.post('/api/payments/deposits', {
        payment: { currency: 'EUR', amount_cents: 2_000, method_id, fields },
      });
    const cash = async () =>
      ((await signedUp.client.get('/api/player/accounts')).json() as Json[]).find((a) => a.currency === 'EUR')!
        .available_to_cashout_cents as number;
    const payments = async () =>
      Number(
        (
          (
            await t.database.db.execute(
              sql`SELECT count(*)::int AS n FROM payments WHERE user_id = ${signedUp.player.id}`,
            )
          ).rows[0] as { n: number }
        ).n,
      );
    return { ...signedUp, withdraw, deposit, cash, payments };
  }
  const settle = () => t.payments.sandbox.idle();
  const payOut = async () => {
    t.clock.advance(t.env.PAYOUT_APPROVAL_SECONDS * 1000 + 1);
    await t.payments.service.processPayouts();
    await settle();
  };

  it('a destination never used needs a step-up: refused without one (nothing reserved) and with a stale one, paid with a fresh one', async () => {
    const p = await player();
    const refused = await p.withdraw({ email: 'new-wallet@example.com' });
    expectStepUpRequired(refused, false);
    expect(await p.cash()).toBe(20_000);
    expect(await p.payments()).toBe(0);

    expect((await stepUp(p.client, { password: GOOD_PASSWORD })).statusCode).toBe(200);
    stale();
    expectStepUpRequired(await p.withdraw({ email: 'new-wallet@example.com' }), false);
    expect(await p.payments()).toBe(0);

    await stepUp(p.client, { password: GOOD_PASSWORD });
    const asked = await p.withdraw({ email: 'new-wallet@example.com' });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(await p.cash()).toBe(15_000);
  });

  it('a deposit does not make its account known: a session that never stepped up deposits from it, then withdrawing to it is refused (nothing reserved)', async () => {
    // A stolen session could otherwise pay in a few euros from the thief's own e-wallet and then
    // send everything there without the password.
    const p = await player();
    expect((await p.deposit({ email: 'Thief@Example.com' })).statusCode).toBe(201);
    await settle();
    const before = await p.cash();
    expect(before).toBe(22_000);
    expectStepUpRequired(await p.withdraw({ email: ' thief@example.com ' }), false);
    expect(await p.cash()).toBe(before);
    expect(await p.payments()).toBe(1);
  });

  it('a destination paid out to before passes without a step-up; one still pending does not count yet', async () => {
    const p = await player();
    await stepUp(p.client, { password: GOOD_PASSWORD });
    expect((await p.withdraw({ iban: 'DE89 3704 0044 0532 0130 00' }, 'sandbox_bank')).statusCode).toBe(201);
    stale();
    expectStepUpRequired(await p.withdraw({ iban: 'de89370400440532013000' }, 'sandbox_bank'), false);
    await payOut();
    const again = await p.withdraw({ iban: 'de89370400440532013000' }, 'sandbox_bank');
    expect(again.statusCode, again.body).toBe(201);
    expectStepUpRequired(await p.withdraw({ iban: 'DE44500105175407324931' }, 'sandbox_bank'), false);
  });

  it('an e-mail paid out to is known however it is typed; a recalled payout proves nothing', async () => {
    const p = await player();
    await stepUp(p.client, { password: GOOD_PASSWORD });
    expect((await p.withdraw({ email: 'Mine@Example.com' })).statusCode).toBe(201);
    const recalled = await p.withdraw({ email: 'recalled@example.com' });
    expect(recalled.statusCode, recalled.body).toBe(201);
    const recall = await p.client.post(`/api/player/payments/${recalled.json().payment.id}/recall`, {});
    expect(recall.statusCode, recall.body).toBe(200);
    await payOut();
    stale();
    const known = await p.withdraw({ email: ' mine@example.com ' });
    expect(known.statusCode, known.body).toBe(201);
    expectStepUpRequired(await p.withdraw({ email: 'recalled@example.com' }), false);
  });

  it('a card the player deposited with needs the step-up for its first payout, then no longer', async () => {
    const p = await player();
    const card = { card_number: '4242424242424242', expiry_date: '12/39', cvv: '123', card_holder: 'Ada Player' };
    expect((await p.deposit(card, 'sandbox_card')).statusCode).toBe(201);
    await settle();
    const methods = (await p.client.get('/api/payments/methods?currency=EUR&action=withdrawal')).json() as Json[];
    const profile = methods.find((m) => m.id === 'sandbox_card')!.savedProfiles[0].id as number;
    expectStepUpRequired(await p.withdraw({}, 'sandbox_card', { profile_id: profile }), false);
    await stepUp(p.client, { password: GOOD_PASSWORD });
    expect((await p.withdraw({}, 'sandbox_card', { profile_id: profile })).statusCode).toBe(201);
    await payOut();
    stale();
    const paid = await p.withdraw({}, 'sandbox_card', { profile_id: profile });
    expect(paid.statusCode, paid.body).toBe(201);
  });

  it('changing the password with two-factor off counts as a step-up for a new destination', async () => {
    const p = await player();
    expectStepUpRequired(await p.withdraw({ email: 'after-change@example.com' }), false);
    expect((await changePassword(p.client)).statusCode).toBe(200);
    expect((await p.withdraw({ email: 'after-change@example.com' })).statusCode).toBe(201);
  });
});
