import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlayerSchema } from '@croupier/shared/api/player';
import { buildTestApp, createClient, type TestApp } from '../../../test/build-test-app.ts';
import { expectContract, expectRouteContract } from '../../../test/contract.ts';
import { playerPhones, users } from '../../db/schema/index.ts';
import { type Client, rowCounts, sendWithBody, signUp } from '../auth/test-helpers.ts';
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
    const result = await t.database.db.execute<{ text: string; subject: string; user_id: number | null }>(
      sql`SELECT text, subject, user_id FROM mail_outbox WHERE channel = 'sms' AND "to" = ${number} ORDER BY id`,
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
    // Recorded as this player's: their copy and erasure find it by that, never by the number.
    expect(texts[0]!.user_id).toBe(player.id);
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

  it('DELETE refuses a query string or a body with 400 and keeps the phone', async () => {
    const { client, player } = await signUp(t.app);
    const number = freshNumber();
    await add(client, number);
    await confirm(client, await lastCode(number));
    for (const res of [
      await client.delete('/api/player/phone?number=all'),
      await sendWithBody(t.app, client, 'DELETE', '/api/player/phone', { number }),
    ]) {
      contract('DELETE', '/api/player/phone', res);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_error', errors: { number: ['is not permitted'] } });
    }
    expect((await phoneRow(player.id))!.verifiedAt).not.toBeNull();
    expect((await sendWithBody(t.app, client, 'DELETE', '/api/player/phone', {})).statusCode).toBe(204);
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

  /** Two players with the same number pending, each holding the code texted for them. */
  async function twoPending() {
    const a = await signUp(t.app, { mobile_phone: '' });
    const b = await signUp(t.app, { mobile_phone: '' });
    const number = freshNumber();
    await add(a.client, number);
    const aCode = await lastCode(number);
    await add(b.client, number);
    const bCode = await lastCode(number);
    return { a, b, number, aCode, bCode };
  }

  it('a confirmation that meets another one committed after its check answers 409 phone_taken, not 500', async () => {
    const { a, b, number, aCode, bCode } = await twoPending();
    // A's confirmation lands between B's check and B's update: a trigger verifies A's row the moment
    // B's row is written, as a concurrent confirmation committing just then would leave it.
    await t.database.db.execute(
      sql.raw(`CREATE FUNCTION test_confirm_other_first() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          UPDATE player_phones SET verified_at = NEW.verified_at WHERE user_id = ${a.player.id};
          RETURN NEW;
        END $$`),
    );
    await t.database.db.execute(
      sql.raw(`CREATE TRIGGER test_confirm_other_first BEFORE UPDATE OF verified_at ON player_phones FOR EACH ROW
        WHEN (NEW.user_id = ${b.player.id} AND NEW.verified_at IS NOT NULL) EXECUTE FUNCTION test_confirm_other_first()`),
    );
    try {
      const taken = await confirm(b.client, bCode);
      expect(taken.statusCode, taken.body).toBe(409);
      expect(taken.json().code).toBe('phone_taken');
    } finally {
      await t.database.db.execute(sql.raw('DROP TRIGGER test_confirm_other_first ON player_phones'));
      await t.database.db.execute(sql.raw('DROP FUNCTION test_confirm_other_first()'));
    }
    // B's transaction was rolled back whole: still pending, and the profile phone untouched.
    expect((await phoneRow(b.player.id))!.verifiedAt).toBeNull();
    expect((await userRow(b.player.id)).mobilePhone).toBeNull();
    // A confirms for real; B is then refused by the check itself.
    expect((await confirm(a.client, aCode)).statusCode).toBe(200);
    expect((await confirm(b.client, bCode)).json().code).toBe('phone_taken');
    expect((await userRow(a.player.id)).mobilePhone).toBe(number);
  });

  it.runIf(process.env.DATABASE_URL)(
    'two players confirming the same number at once on PostgreSQL: one is verified, the other gets 409 phone_taken',
    async () => {
      const { a, b, bCode } = await twoPending();
      const other = new pg.Client({ connectionString: t.databaseUrl });
      const watcher = new pg.Client({ connectionString: t.databaseUrl });
      await other.connect();
      await watcher.connect();
      try {
        // A's confirmation, as another instance would run it, written but not yet committed.
        await other.query('BEGIN');
        await other.query('UPDATE player_phones SET verified_at = $1 WHERE user_id = $2', [t.clock.now(), a.player.id]);
        // B's confirmation passes the check (A's row is not committed) and waits on the unique index.
        const pending = confirm(b.client, bCode);
        for (let i = 0; ; i += 1) {
          const waiting = await watcher.query(
            `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          );
          if (waiting.rowCount) break;
          if (i > 500) throw new Error('the second confirmation never waited on the first');
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        await other.query('COMMIT');
        const taken = await pending;
        expect(taken.statusCode, taken.body).toBe(409);
        expect(taken.json().code).toBe('phone_taken');
      } finally {
        await other.end();
        await watcher.end();
      }
      expect((await phoneRow(a.player.id))!.verifiedAt).not.toBeNull();
      expect((await phoneRow(b.player.id))!.verifiedAt).toBeNull();
      expect((await userRow(b.player.id)).mobilePhone).toBeNull();
    },
  );
});

const DAY = 86_400_000;

/** A test app behind a trusted proxy, so each request may name its client address (X-Forwarded-For). */
function capsHarness(env: Record<string, string> = {}) {
  const h = {} as { t: TestApp };
  beforeAll(async () => {
    h.t = await buildTestApp({ TRUST_PROXY: 'true', ...env });
  });
  afterAll(async () => h.t.close());
  return {
    h,
    add: (client: Client, number: string, ip: string) =>
      client
        .post('/api/player/phone', { phone: { number } }, { 'x-forwarded-for': ip })
        .then((r) => contract('POST', '/api/player/phone', r)),
    smsCount: async (where = sql`true`) =>
      Number(
        (
          await h.t.database.db.execute<{ n: number }>(
            sql`SELECT count(*)::int AS n FROM mail_outbox WHERE channel = 'sms' AND ${where}`,
          )
        ).rows[0]!.n,
      ),
    players: (n: number) => Promise.all(Array.from({ length: n }, () => signUp(h.t.app))),
  };
}

describe('profile: caps on text messages per number and per client address (accounts are free)', () => {
  const { h, add, smsCount, players } = capsHarness();

  it('one number gets at most 5 codes a day, whichever accounts ask; then 429 with Retry-After until the day is over', async () => {
    const victim = '+4917077700001';
    const accounts = await players(PHONE_RULES.maxSendsPerNumberPerDay + 1);
    const start = h.t.clock.now().getTime();
    for (const [i, p] of accounts.slice(0, -1).entries()) {
      expect((await add(p.client, victim, `198.51.100.${i + 1}`)).statusCode).toBe(201);
      h.t.clock.advance(60_000);
    }
    const last = accounts.at(-1)!;
    const refused = await add(last.client, victim, '198.51.100.99');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('too_many_requests');
    expect(refused.headers['retry-after']).toBe(String((start + DAY - h.t.clock.now().getTime()) / 1000));
    expect(await smsCount(sql`"to" = ${victim}`)).toBe(PHONE_RULES.maxSendsPerNumberPerDay);
    // Nothing of the refused request stays: no pending number, nothing counted for its address.
    expect((await last.client.get('/api/player/phone')).statusCode).toBe(204);
    const ipBucket = await h.t.database.db.execute(sql`SELECT 1 FROM auth_throttle WHERE key = 'sms:ip:198.51.100.99'`);
    expect(ipBucket.rows).toEqual([]);
    h.t.clock.set(new Date(start + DAY));
    expect((await add(last.client, victim, '198.51.100.99')).statusCode).toBe(201);
  });

  it(`one client address asks for at most ${PHONE_RULES.maxSendsPerIpPerDay} codes a day; another address is not held up`, async () => {
    const ip = '203.0.113.7';
    const accounts = await players(PHONE_RULES.maxSendsPerIpPerDay + 1);
    const start = h.t.clock.now().getTime();
    for (const [i, p] of accounts.slice(0, -1).entries()) {
      expect((await add(p.client, `+49170888${String(i).padStart(5, '0')}`, ip)).statusCode).toBe(201);
    }
    const last = accounts.at(-1)!;
    const refused = await add(last.client, '+4917088899999', ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('too_many_requests');
    expect(refused.headers['retry-after']).toBe(String((start + DAY - h.t.clock.now().getTime()) / 1000));
    expect(await smsCount(sql`"to" = '+4917088899999'`)).toBe(0);
    // The refusal counted against nothing: the number's bucket was never started.
    const numberBucket = await h.t.database.db.execute(
      sql`SELECT 1 FROM auth_throttle WHERE key = 'sms:number:+4917088899999'`,
    );
    expect(numberBucket.rows).toEqual([]);
    expect((await add(last.client, '+4917088899999', '203.0.113.8')).statusCode).toBe(201);
  });
});

describe('profile: the daily SMS budget of the whole site (SMS_DAILY_BUDGET)', () => {
  const BUDGET = 3;
  const { h, add, smsCount, players } = capsHarness({ SMS_DAILY_BUDGET: String(BUDGET) });

  it('sends at most SMS_DAILY_BUDGET codes a day, from any account, number and address; then 429 until the day is over', async () => {
    const accounts = await players(BUDGET + 1);
    const start = h.t.clock.now().getTime();
    for (const [i, p] of accounts.slice(0, -1).entries()) {
      expect((await add(p.client, `+49170999${String(i).padStart(5, '0')}`, `192.0.2.${i + 1}`)).statusCode).toBe(201);
      h.t.clock.advance(1000);
    }
    const last = accounts.at(-1)!;
    const refused = await add(last.client, '+4917099988888', '192.0.2.200');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'too_many_requests' });
    expect(refused.headers['retry-after']).toBe(String((start + DAY - h.t.clock.now().getTime()) / 1000));
    expect(await smsCount()).toBe(BUDGET);
    h.t.clock.advance(start + DAY - 1000 - h.t.clock.now().getTime());
    expect((await add(last.client, '+4917099988888', '192.0.2.200')).statusCode).toBe(429);
    h.t.clock.set(new Date(start + DAY));
    expect((await add(last.client, '+4917099988888', '192.0.2.200')).statusCode).toBe(201);
    expect(await smsCount()).toBe(BUDGET + 1);
  });
});
