import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlayerSchema } from '@croupier/shared/api/player';
import { buildTestApp, createClient, type TestApp } from '../../../test/build-test-app.ts';
import { expectContract, expectRouteContract } from '../../../test/contract.ts';
import { playerPhones, users } from '../../db/schema/index.ts';
import { type Client, rowCounts, signUp } from '../auth/test-helpers.ts';
import { PHONE_RULES } from './profile.service.ts';

/** Every answer checked against its route's contract (docs/contract.md). */
function contract(method: string, route: string, res: LightMyRequestResponse) {
  expectRouteContract(method, route, res);
  return res;
}

describe('profile: /api/player/phone', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  /** Text messages the default sender recorded in the outbox for a number, oldest first. */
  async function smsTo(number: string) {
    const result = await t.database.db.execute<{ text: string; subject: string }>(
      sql`SELECT text, subject FROM mail_outbox WHERE channel = 'sms' AND "to" = ${number} ORDER BY id`,
    );
    return result.rows;
  }
  async function lastCode(number: string): Promise<string> {
    const last = (await smsTo(number)).at(-1);
    const code = last?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code texted to ${number}`);
    return code;
  }
  const add = (client: Client, number: string) =>
    client.post('/api/player/phone', { phone: { number } }).then((r) => contract('POST', '/api/player/phone', r));
  const confirm = (client: Client, code: string) =>
    client
      .post('/api/player/phone/confirm', { phone: { code } })
      .then((r) => contract('POST', '/api/player/phone/confirm', r));
  const phoneRow = async (userId: number) =>
    (await t.database.db.select().from(playerPhones).where(eq(playerPhones.userId, userId)))[0];
  const userRow = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  let numbers = 0;
  /** A fresh number per test: verified numbers are unique across players. */
  const freshNumber = () => `+4917055${String(++numbers).padStart(5, '0')}`;

  it('refuses guests', async () => {
    const guest = createClient(t.app);
    expect((await guest.get('/api/player/phone')).statusCode).toBe(401);
    expect((await guest.post('/api/player/phone', { phone: { number: '+4917012345678' } })).statusCode).toBe(401);
    expect((await guest.post('/api/player/phone/confirm', { phone: { code: '123456' } })).statusCode).toBe(401);
    expect((await guest.delete('/api/player/phone')).statusCode).toBe(401);
  });

  it('adds a number, texts a 6-digit code through the outbox, and verifies it with that code', async () => {
    const { client, player } = await signUp(t.app, { mobile_phone: '' });
    expect(contract('GET', '/api/player/phone', await client.get('/api/player/phone')).statusCode).toBe(204);
    const number = freshNumber();
    // People type spaces and brackets; the plus stays (docs/player-app.md#phone).
    const added = await add(client, `${number.slice(0, 3)} (${number.slice(3, 6)}) ${number.slice(6)}`);
    expect(added.statusCode).toBe(201);
    expect(added.headers['cache-control']).toBe('private, no-store');
    const now = t.clock.now().getTime();
    expect(added.json()).toEqual({
      number,
      verified: false,
      confirmed_at: null,
      code_expires_at: new Date(now + PHONE_RULES.codeTtlMs).toISOString(),
      resend_available_at: new Date(now + PHONE_RULES.resendAfterMs).toISOString(),
    });
    const texts = await smsTo(number);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.subject).toBe('SMS (phone_code)');
    const code = await lastCode(number);
    // Only an HMAC of the code is kept.
    const stored = await phoneRow(player.id);
    expect(stored!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.codeHash).not.toContain(code);
    // Not verified yet: the profile's phone is untouched.
    expect((await userRow(player.id)).mobilePhone).toBeNull();

    const verified = await confirm(client, code);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({
      number,
      verified: true,
      confirmed_at: t.clock.now().toISOString(),
      code_expires_at: null,
      resend_available_at: null,
    });
    expect(expectContract(PlayerSchema, (await client.get('/api/player')).json()).mobile_phone).toBe(number);
    expect((await client.get('/api/player/phone')).json()).toMatchObject({ number, verified: true });
    // The same code cannot be used again.
    expect((await confirm(client, code)).json().code).toBe('phone_already_verified');
  });

  it('refuses bad numbers and bodies with 4xx and writes nothing', async () => {
    const { client, player } = await signUp(t.app);
    const counts = await rowCounts(t.database);
    const rule: unknown[] = ['4917012345678', '+0917012345', '+12345', '+1234567890123456', 'phone', '', '+49 170 abc'];
    for (const number of rule) {
      const res = await add(client, number as string);
      expect(res.statusCode, String(number)).toBe(422);
      expect(res.json().errors).toHaveProperty('number');
    }
    const shape: unknown[] = [
      { phone: { number: 4917012345678 } },
      { phone: { number: '+4917012345678', verified: true } },
      { number: '+4917012345678' },
      { phone: '+4917012345678' },
      {},
    ];
    for (const body of shape) {
      const res = contract('POST', '/api/player/phone', await client.post('/api/player/phone', body));
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    for (const code of ['12345', '1234567', 'abcdef', '']) {
      expect((await confirm(client, code)).statusCode, code).toBe(422);
    }
    expect((await client.post('/api/player/phone/confirm', { phone: { code: 123456 } })).statusCode).toBe(400);
    expect(await phoneRow(player.id)).toBeUndefined();
    expect(await rowCounts(t.database)).toEqual(counts);
    // Nothing to confirm or delete.
    expect((await confirm(client, '123456')).json().code).toBe('phone_not_found');
    expect(contract('DELETE', '/api/player/phone', await client.delete('/api/player/phone')).statusCode).toBe(404);
  });

  it('a code expires after 10 minutes', async () => {
    const { client } = await signUp(t.app);
    const number = freshNumber();
    await add(client, number);
    const code = await lastCode(number);
    t.clock.advance(PHONE_RULES.codeTtlMs - 1000);
    expect((await client.get('/api/player/phone')).json().code_expires_at).not.toBeNull();
    t.clock.advance(1000);
    const late = await confirm(client, code);
    expect(late.statusCode).toBe(422);
    expect(late.json().code).toBe('code_expired');
    expect((await client.get('/api/player/phone')).json()).toMatchObject({ verified: false, code_expires_at: null });
    // A new code works.
    await add(client, number);
    expect((await confirm(client, await lastCode(number))).statusCode).toBe(200);
  });

  it('five wrong codes burn the code; the right one no longer works after that', async () => {
    const { client, player } = await signUp(t.app);
    const number = freshNumber();
    await add(client, number);
    const code = await lastCode(number);
    for (let i = 1; i < PHONE_RULES.maxAttempts; i += 1) {
      const res = await confirm(client, wrongCode(code));
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'invalid_code', errors: { code: ['is invalid'] } });
      expect(res.json().error).toContain(`${PHONE_RULES.maxAttempts - i} attempt`);
    }
    const last = await confirm(client, wrongCode(code));
    expect(last.json().code).toBe('code_attempts_exceeded');
    expect((await phoneRow(player.id))!.codeHash).toBeNull();
    expect((await confirm(client, code)).json().code).toBe('code_expired');
    expect((await phoneRow(player.id))!.verifiedAt).toBeNull();
  });

  it('throttles resends: one a minute, five a day; a resend replaces the code', async () => {
    const { client } = await signUp(t.app);
    const number = freshNumber();
    const windowStart = t.clock.now().getTime();
    await add(client, number);
    const first = await lastCode(number);
    const soon = await add(client, number);
    expect(soon.statusCode).toBe(429);
    expect(soon.json().code).toBe('too_many_requests');
    expect(await smsTo(number)).toHaveLength(1);
    t.clock.advance(PHONE_RULES.resendAfterMs);
    expect((await add(client, number)).statusCode).toBe(201);
    const second = await lastCode(number);
    if (second !== first) expect((await confirm(client, first)).json().code).toBe('invalid_code');
    for (let i = 3; i <= PHONE_RULES.maxSendsPerDay; i += 1) {
      t.clock.advance(PHONE_RULES.resendAfterMs);
      expect((await add(client, number)).statusCode).toBe(201);
    }
    t.clock.advance(PHONE_RULES.resendAfterMs);
    const capped = await add(client, number);
    expect(capped.statusCode).toBe(429);
    // The next code is possible when the day that started with the first one is over.
    expect((await client.get('/api/player/phone')).json().resend_available_at).toBe(
      new Date(windowStart + 86_400_000).toISOString(),
    );
    expect(await smsTo(number)).toHaveLength(PHONE_RULES.maxSendsPerDay);
    t.clock.set(new Date(windowStart + 86_400_000));
    expect((await add(client, number)).statusCode).toBe(201);
    expect((await confirm(client, await lastCode(number))).statusCode).toBe(200);
  });

  it('one phone per player: delete the verified one before adding another; delete clears the profile phone', async () => {
    const { client, player } = await signUp(t.app);
    const number = freshNumber();
    await add(client, number);
    await confirm(client, await lastCode(number));
    t.clock.advance(PHONE_RULES.resendAfterMs);
    const other = await add(client, freshNumber());
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('phone_exists');
    expect((await phoneRow(player.id))!.number).toBe(number);
    const deleted = contract('DELETE', '/api/player/phone', await client.delete('/api/player/phone'));
    expect(deleted.statusCode).toBe(204);
    expect(await phoneRow(player.id)).toBeUndefined();
    expect((await userRow(player.id)).mobilePhone).toBeNull();
    expect((await client.get('/api/player/phone')).statusCode).toBe(204);
    expect((await client.delete('/api/player/phone')).json().code).toBe('phone_not_found');
  });

  it('another player is untouched, and cannot verify a number someone else verified', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const number = freshNumber();
    await add(a.client, number);
    await confirm(a.client, await lastCode(number));
    const aBefore = await phoneRow(a.player.id);
    const aUser = await userRow(a.player.id);

    // B may ask for a code to it (the number is not revealed as taken), but not prove it.
    t.clock.advance(PHONE_RULES.resendAfterMs);
    expect((await add(b.client, number)).statusCode).toBe(201);
    const taken = await confirm(b.client, await lastCode(number));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('phone_taken');
    expect((await b.client.delete('/api/player/phone')).statusCode).toBe(204);

    expect(await phoneRow(a.player.id)).toEqual(aBefore);
    expect(await userRow(a.player.id)).toEqual(aUser);
    expect((await a.client.get('/api/player/phone')).json()).toMatchObject({ number, verified: true });
  });
});

describe('profile: a failing SMS sender', () => {
  let t: TestApp;
  const sent: string[] = [];
  beforeAll(async () => {
    let fail = true;
    t = await buildTestApp(
      {},
      {
        sms: {
          async send(message) {
            if (fail) {
              fail = false;
              throw new Error('gateway down');
            }
            sent.push(message.text);
          },
        },
      },
    );
  });
  afterAll(async () => t.close());

  it('answers 502 and keeps no code nobody received; the injected sender gets the next one', async () => {
    const { client, player } = await signUp(t.app);
    const res = await client.post('/api/player/phone', { phone: { number: '+4917099999999' } });
    expectRouteContract('POST', '/api/player/phone', res);
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('sms_failed');
    const [row] = await t.database.db.select().from(playerPhones).where(eq(playerPhones.userId, player.id));
    expect(row!.codeHash).toBeNull();
    t.clock.advance(PHONE_RULES.resendAfterMs);
    expect((await client.post('/api/player/phone', { phone: { number: '+4917099999999' } })).statusCode).toBe(201);
    expect(sent).toHaveLength(1);
    const code = sent[0]!.match(/\b(\d{6})\b/)![1]!;
    expect((await client.post('/api/player/phone/confirm', { phone: { code } })).statusCode).toBe(200);
    // The default outbox sender was replaced: nothing went to the outbox.
    const outbox = await t.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM mail_outbox WHERE channel = 'sms'`,
    );
    expect(Number(outbox.rows[0]!.n)).toBe(0);
  });
});
