/**
 * Two-factor recovery codes (docs/auth.md#recovery-codes): issued when two-factor is turned on,
 * stored as keyed hashes, each good once in place of an authenticator code (sign-in, step-up,
 * turning two-factor off), throttled with the codes, replaced by a new set only after a step-up, and
 * gone with the second factor. Also runs on PostgreSQL (DATABASE_URL).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RECOVERY_CODE_COUNT,
  RecoveryCodesSchema,
  RecoveryCodesStatusSchema,
  STEP_UP_WINDOW_MINUTES,
  TwoFactorEnabledSchema,
  TwoFactorSetupSchema,
} from '@croupier/shared/api/auth';
import { twoFactorRecoveryCodes } from '../../db/schema/index.ts';
import { buildTestApp, createClient, type TestApp } from '../../../test/build-test-app.ts';
import { expectContract } from '../../../test/contract.ts';
import { type Client, GOOD_PASSWORD, sendWithBody, signUp, stepUpWithPassword, totpAt } from './test-helpers.ts';

const RECOVERY = '/api/v2/player/two_factor/recovery_codes';
const MAX_FAILURES = 4;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ AUTH_MAX_FAILURES: String(MAX_FAILURES) });
});
afterAll(() => t.close());

/** The next 30 s step, so a fresh TOTP code is not a replay. */
const nextStep = () => t.clock.advance(30_000);

async function withTwoFactor() {
  const signedUp = await signUp(t.app);
  const setup = expectContract(TwoFactorSetupSchema, (await signedUp.client.get('/api/v2/player/two_factor')).json());
  await stepUpWithPassword(signedUp.client);
  const enabledAt = t.clock.now().toISOString();
  const on = await signedUp.client.post('/api/v2/player/two_factor', {
    two_factor: { otp_secret: setup.otp_secret, authentication_code: await totpAt(setup.otp_secret, t.clock.now()) },
  });
  expect(on.statusCode, on.body).toBe(200);
  const enabled = expectContract(TwoFactorEnabledSchema, on.json());
  nextStep();
  return { ...signedUp, secret: setup.otp_secret, setup, enabled, enabledAt, codes: enabled.recovery_codes };
}

/** A new browser: the password step, then `otp_attempt`. */
async function signInWith(
  email: string,
  otpAttempt: string,
): Promise<{ client: Client; status: number; body: unknown }> {
  const client = createClient(t.app);
  const first = await client.post('/api/users/sign_in', { user: { email, password: GOOD_PASSWORD } });
  expect(first.statusCode).toBe(401);
  const second = await client.post('/api/users/sign_in', { user: { otp_attempt: otpAttempt } });
  return { client, status: second.statusCode, body: second.json() };
}

async function storedHashes(userId: number): Promise<string[]> {
  const rows = await t.database.db
    .select({ hash: twoFactorRecoveryCodes.codeHash })
    .from(twoFactorRecoveryCodes)
    .where(eq(twoFactorRecoveryCodes.userId, userId));
  return rows.map((r) => r.hash);
}

const remaining = async (client: Client) =>
  expectContract(RecoveryCodesStatusSchema, (await client.get(RECOVERY)).json()).remaining;

describe('recovery codes', () => {
  it('come with turning two-factor on: ten distinct high-entropy codes, shown once, stored only as hashes; the set-up has a QR code', async () => {
    const { client, player, setup, enabled, enabledAt, codes } = await withTwoFactor();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes)
      expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4}$/);

    // The QR code is an SVG of the otpauth URI, in GET and in POST, with nothing that runs.
    for (const svg of [setup.qr_svg, enabled.qr_svg]) {
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg).not.toMatch(/<script|on\w+=|href=/i);
    }

    const hashes = await storedHashes(player.id);
    expect(hashes).toHaveLength(RECOVERY_CODE_COUNT);
    const table = JSON.stringify(
      (await t.database.db.execute(sql`SELECT * FROM two_factor_recovery_codes WHERE user_id = ${player.id}`)).rows,
    );
    for (const code of codes) {
      expect(table).not.toContain(code);
      expect(table).not.toContain(code.replace(/-/g, ''));
    }
    const status = expectContract(RecoveryCodesStatusSchema, (await client.get(RECOVERY)).json());
    expect(status).toEqual({ remaining: RECOVERY_CODE_COUNT, created_at: enabledAt });
    // Shown once: the set-up of an account with two-factor on shows nothing.
    expect((await client.get('/api/v2/player/two_factor')).statusCode).toBe(204);
  });

  it('a recovery code signs in once, however it is typed, and not a second time', async () => {
    const { client, user, codes } = await withTwoFactor();
    const code = codes[3]!;
    const typed = ` ${code.replace(/-/g, ' ').toUpperCase()} `;
    const first = await signInWith(user.email, typed);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect((await first.client.get('/api/player')).statusCode).toBe(200);
    expect(await remaining(client)).toBe(RECOVERY_CODE_COUNT - 1);

    const again = await signInWith(user.email, code);
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ code: 'invalid_otp', errors: { otp_attempt: ['is invalid'] } });
    expect((await again.client.get('/api/player')).statusCode).toBe(401);
    // Another player's code is no code of this one.
    const other = await withTwoFactor();
    expect((await signInWith(user.email, other.codes[0]!)).status).toBe(422);
    expect(await remaining(other.client)).toBe(RECOVERY_CODE_COUNT);
    expect(await remaining(client)).toBe(RECOVERY_CODE_COUNT - 1);
  });

  it('wrong recovery codes are throttled with the authenticator codes: after AUTH_MAX_FAILURES even a right one gets 429', async () => {
    const { client, user, codes } = await withTwoFactor();
    const browser = createClient(t.app);
    expect(
      (await browser.post('/api/users/sign_in', { user: { email: user.email, password: GOOD_PASSWORD } })).statusCode,
    ).toBe(401);
    for (let i = 0; i < MAX_FAILURES; i += 1) {
      const res = await browser.post('/api/users/sign_in', { user: { otp_attempt: `aaaa-bbbb-cc${i}${i}` } });
      expect(res.statusCode).toBe(422);
    }
    const locked = await browser.post('/api/users/sign_in', { user: { otp_attempt: codes[0]! } });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // The lock tested nothing: the code is still unused.
    expect(await remaining(client)).toBe(RECOVERY_CODE_COUNT);
    t.clock.advance((Number(locked.headers['retry-after']) + 1) * 1000);
    // The half-finished sign-in outlived its 10 minutes meanwhile: the password step again, then the code.
    expect((await signInWith(user.email, codes[0]!)).status).toBe(201);
  });

  it('a new set needs a fresh step-up, replaces the old one (old codes stop working) and is refused with two-factor off', async () => {
    const { client, user, secret, codes } = await withTwoFactor();
    t.clock.advance(STEP_UP_WINDOW_MINUTES * 60_000 + 1_000);
    const refused = await client.post(RECOVERY, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'reauth_required', two_factor: true });
    expect(await remaining(client)).toBe(RECOVERY_CODE_COUNT);

    const stepUp = await client.post('/api/auth/step_up', {
      user: { password: GOOD_PASSWORD, otp_attempt: await totpAt(secret, t.clock.now()) },
    });
    expect(stepUp.statusCode).toBe(200);
    const fresh = await client.post(RECOVERY, {});
    expect(fresh.statusCode, fresh.body).toBe(200);
    const newCodes = expectContract(RecoveryCodesSchema, fresh.json()).recovery_codes;
    expect(newCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(newCodes.filter((c) => codes.includes(c))).toEqual([]);
    expect(await storedHashes((await client.get('/api/player')).json().id)).toHaveLength(RECOVERY_CODE_COUNT);

    expect((await signInWith(user.email, codes[0]!)).status).toBe(422);
    expect((await signInWith(user.email, newCodes[0]!)).status).toBe(201);
    expect(await remaining(client)).toBe(RECOVERY_CODE_COUNT - 1);

    const { client: plain } = await signUp(t.app);
    const off = await plain.post(RECOVERY, {});
    expect(off.statusCode).toBe(422);
    expect(off.json()).toMatchObject({ code: 'two_factor_not_enabled' });
    expect(expectContract(RecoveryCodesStatusSchema, (await plain.get(RECOVERY)).json())).toEqual({
      remaining: 0,
      created_at: null,
    });
  });

  it('a recovery code stands in for the code in a step-up, once', async () => {
    const { client, codes } = await withTwoFactor();
    const stepUp = (otp: string) =>
      client.post('/api/auth/step_up', { user: { password: GOOD_PASSWORD, otp_attempt: otp } });
    expect((await stepUp(codes[1]!)).statusCode).toBe(200);
    const replay = await stepUp(codes[1]!);
    expect(replay.statusCode).toBe(422);
    expect(replay.json()).toMatchObject({ code: 'invalid_otp' });
  });

  it('a player who lost the phone signs in with a recovery code and turns two-factor off with it; the codes go too', async () => {
    const { user, player, codes } = await withTwoFactor();
    const { client, status } = await signInWith(user.email, codes[5]!);
    expect(status).toBe(201);
    // That sign-in is the step-up; its code may be given again within the window, as a TOTP code may.
    const off = await sendWithBody(t.app, client, 'DELETE', '/api/v2/player/two_factor', {
      two_factor: { authentication_code: codes[5]! },
    });
    expect(off.statusCode, off.body).toBe(204);
    expect(await storedHashes(player.id)).toEqual([]);
    expect((await client.get('/api/player')).json().two_factor_enabled).toBe(false);
    expect(await remaining(client)).toBe(0);
  });

  it('a used code is no good for turning two-factor off once the step-up window is over', async () => {
    const { user, player, secret, codes } = await withTwoFactor();
    const { client } = await signInWith(user.email, codes[2]!);
    t.clock.advance(STEP_UP_WINDOW_MINUTES * 60_000 + 1_000);
    const stepUp = await client.post('/api/auth/step_up', {
      user: { password: GOOD_PASSWORD, otp_attempt: await totpAt(secret, t.clock.now()) },
    });
    expect(stepUp.statusCode).toBe(200);
    const off = await sendWithBody(t.app, client, 'DELETE', '/api/v2/player/two_factor', {
      two_factor: { authentication_code: codes[2]! },
    });
    expect(off.statusCode).toBe(422);
    expect(off.json()).toMatchObject({ code: 'invalid_otp' });
    expect(await storedHashes(player.id)).toHaveLength(RECOVERY_CODE_COUNT);
  });

  it('are for signed-in players only', async () => {
    const guest = createClient(t.app);
    expect((await guest.get(RECOVERY)).statusCode).toBe(401);
    expect((await guest.post(RECOVERY, {})).statusCode).toBe(401);
  });
});
