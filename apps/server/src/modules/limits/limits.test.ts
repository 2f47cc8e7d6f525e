import { CURRENCIES, CURRENCY_CODES, REFERENCE_RATES } from '@croupier/shared/currencies';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createClient, expectTimeWithin, type TestApp } from '../../../test/build-test-app.ts';
import { expectRouteContract } from '../../../test/contract.ts';
import { GOOD_PASSWORD, signUp, tokenFromMail } from '../auth/test-helpers.ts';
import { TEST_CARDS } from '../payments/sandbox.ts';
import { gameOf } from '../games-host/test-helpers.ts';
import {
  expectLedgerSound,
  fund,
  gameSession,
  TEST_PROVIDER,
  TEST_PROVIDER_SECRET,
  TEST_PROVIDERS_ENV,
  walletCall,
} from '../wallet/test-helpers.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const HOUR = 3_600_000;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp(TEST_PROVIDERS_ENV);
});
afterAll(async () => {
  await expectLedgerSound(t.database);
  await t.close();
});

let n = 0;
const id = (p: string) => `${p}-${++n}`;

/** A signed-up player with 100.00 EUR, a game session of the test provider, and their limits calls. */
async function player(amount = 10_000) {
  const signedUp = await signUp(t.app, { currency: 'EUR' });
  const { player: p, user } = signedUp;
  let client = signedUp.client;
  await fund(t.wallet, p.id, 'EUR', amount);
  const token = await gameSession(t.database, p.id, 'EUR', TEST_PROVIDER, t.clock.now(), 60 * 24 * 60);
  const base = { user_id: String(p.id), currency: 'EUR', game: 'croupier-originals/test' };
  const wallet = (action: string, body: Json) =>
    walletCall(t.app, TEST_PROVIDER, TEST_PROVIDER_SECRET, action, { ...base, ...body });
  const checked = (method: string, route: string, res: LightMyRequestResponse) => {
    expectRouteContract(method, route, res);
    return res;
  };
  return {
    id: p.id,
    email: user.email,
    get client() {
      return client;
    },
    /** Signs in again: a session does not outlive a jump of the clock by days. */
    relogin: async () => {
      client = await signInAgain(user.email);
    },
    bet: async (amount: number, round = id('r')) =>
      (await wallet('bet', { session_token: token, round_id: round, transaction_id: id('b'), amount })).json.status,
    win: async (amount: number, round: string) =>
      (await wallet('win', { round_id: round, transaction_id: id('w'), amount })).json.status,
    list: async () => checked('GET', '/api/user_limits', await client.get('/api/user_limits')).json() as Json[],
    set: async (body: Json) => checked('POST', '/api/user_limits', await client.post('/api/user_limits', body)),
    remove: async (limitId: number) =>
      checked('DELETE', '/api/user_limits/{id}', await client.delete(`/api/user_limits/${limitId}`)),
    confirm: async (token: string) =>
      checked('POST', '/api/user_limits/confirm', await client.post('/api/user_limits/confirm', { token })),
  };
}

const lastMailTo = (email: string) => t.mail.filter((m) => m.to === email).at(-1);

describe('windows', () => {
  const window = async (anchor: string, period: string, now: string) => {
    const [row] = (
      await t.database.db.execute(
        sql`SELECT w.window_start, w.window_end FROM limits_window(${anchor}::timestamptz, ${period}, ${now}::timestamptz) w`,
      )
    ).rows as { window_start: Date | string; window_end: Date | string | null }[];
    return [row!.window_start, row!.window_end].map((d) => (d === null ? null : new Date(d).toISOString()));
  };

  it('follow one another from the anchor: fixed days, calendar months from the anchor, one window for ever', async () => {
    expect(await window('2027-01-10T18:00:00Z', 'day', '2027-01-12T17:59:59Z')).toEqual([
      '2027-01-11T18:00:00.000Z',
      '2027-01-12T18:00:00.000Z',
    ]);
    expect(await window('2027-01-10T18:00:00Z', 'week', '2027-01-10T18:00:00Z')).toEqual([
      '2027-01-10T18:00:00.000Z',
      '2027-01-17T18:00:00.000Z',
    ]);
    // Set on 31 January: February's window starts on its last day and ends on 31 March, not 28 March.
    expect(await window('2027-01-31T10:00:00Z', 'month', '2027-03-01T00:00:00Z')).toEqual([
      '2027-02-28T10:00:00.000Z',
      '2027-03-31T10:00:00.000Z',
    ]);
    expect(await window('2027-01-31T10:00:00Z', 'month_3', '2027-08-15T00:00:00Z')).toEqual([
      '2027-07-31T10:00:00.000Z',
      '2027-10-31T10:00:00.000Z',
    ]);
    expect(await window('2027-01-31T10:00:00Z', 'forever', '2030-01-01T00:00:00Z')).toEqual([
      '2027-01-31T10:00:00.000Z',
      null,
    ]);
  });
});

describe('money limits', () => {
  it('a daily loss limit refuses the bet that would pass it, counts wins back, and rolls over with the clock', async () => {
    const p = await player();
    expect(await p.list()).toEqual([]);
    const before = t.clock.now();
    const created = await p.set({ type: 'loss', period: 'day', accounts: [{ currency: 'EUR', amount_cents: 1_000 }] });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      type: 'loss',
      period: 'day',
      status: 'active',
      accounts: [{ currency: 'EUR', amount_cents: 1_000, current_value_amount_cents: 0 }],
    });
    expectTimeWithin(created.json().accounts[0].active_until, before, t.clock.now(), 24 * HOUR);

    expect(await p.bet(600)).toBe('OK');
    // 6.00 lost so far: 5.00 more would pass 10.00; 4.00 lands exactly on it.
    expect(await p.bet(500)).toBe('GAMBLING_BLOCKED');
    const round = id('r');
    expect(await p.bet(400, round)).toBe('OK');
    expect((await p.list())[0]!.accounts[0]).toMatchObject({ current_value_amount_cents: 1_000 });
    expect(await p.bet(1)).toBe('GAMBLING_BLOCKED');
    // A win is never refused, and it gives room back: the loss is stakes less wins.
    expect(await p.win(300, round)).toBe('OK');
    expect((await p.list())[0]!.accounts[0]).toMatchObject({ current_value_amount_cents: 700 });
    expect(await p.bet(300)).toBe('OK');
    expect(await p.bet(1)).toBe('GAMBLING_BLOCKED');

    // The games host refuses a launch once not even the smallest bet fits, with the check's message.
    const game = await gameOf(t, 'slot-low');
    const launch = await p.client.post('/games-api/sessions', { game: game.seoTitle, id: game.launchIds.EUR });
    expect(launch.statusCode, launch.body).toBe(403);
    expect(launch.json()).toMatchObject({
      code: 'gambling_blocked',
      error: 'You have reached your loss limit for the day.',
    });

    // The next window starts a day after the limit was set: nothing used in it yet.
    t.clock.advance(24 * HOUR);
    expect((await p.list())[0]!.accounts[0]).toMatchObject({ current_value_amount_cents: 0 });
    expect(await p.bet(1_000)).toBe('OK');
    expect(await p.bet(1)).toBe('GAMBLING_BLOCKED');
  });

  it('a wager limit counts stakes only, and the tightest of two windows binds', async () => {
    const p = await player();
    await p.set({ type: 'wager', period: 'week', accounts: [{ currency: 'EUR', amount_cents: 5_000 }] });
    await p.set({ type: 'wager', period: 'day', accounts: [{ currency: 'EUR', amount_cents: 800 }] });
    const round = id('r');
    expect(await p.bet(800, round)).toBe('OK');
    expect(await p.win(5_000, round)).toBe('OK');
    // Winning does not give stake room back.
    expect(await p.bet(1)).toBe('GAMBLING_BLOCKED');
    // Another currency is not limited.
    expect((await p.list()).map((l) => l.period).sort()).toEqual(['day', 'week']);
  });

  it('a tighter amount applies at once; a higher one waits 24 h for the mailed confirmation, else lapses', async () => {
    const p = await player();
    const first = (
      await p.set({ type: 'loss', period: 'month', accounts: [{ currency: 'EUR', amount_cents: 2_000 }] })
    ).json() as Json;
    const lower = await p.set({ type: 'loss', period: 'month', accounts: [{ currency: 'EUR', amount_cents: 500 }] });
    expect(lower.statusCode).toBe(200);
    expect(lower.json()).toMatchObject({ id: first.id, status: 'active', accounts: [{ amount_cents: 500 }] });
    expect(await p.bet(501)).toBe('GAMBLING_BLOCKED');

    const requestedAt = t.clock.now();
    const higher = await p.set({
      id: first.id,
      type: 'loss',
      period: 'month',
      accounts: [{ currency: 'EUR', amount_cents: 3_000 }],
    });
    const answeredAt = t.clock.now();
    expect(higher.json()).toMatchObject({
      status: 'unconfirmed',
      accounts: [{ amount_cents: 500, pending_amount_cents: 3_000 }],
    });
    expectTimeWithin(higher.json().confirmable_at, requestedAt, answeredAt, 24 * HOUR);
    expect(Date.parse(higher.json().confirm_until) - Date.parse(higher.json().confirmable_at)).toBe(7 * 24 * HOUR);
    // The old amount still binds while the raise waits.
    expect(await p.bet(501)).toBe('GAMBLING_BLOCKED');
    const mail = lastMailTo(p.email);
    expect(mail?.subject).toContain('Confirm the change to your limit');
    const token = tokenFromMail(mail, 'token');
    expect(mail!.text).toContain('/profile/limits/confirm?token=');

    t.clock.advance(24 * HOUR - 1_000);
    const early = await p.confirm(token);
    expect(early.statusCode).toBe(422);
    expect(early.json()).toMatchObject({ code: 'limit_confirm_too_early' });
    // Someone else's token is not this player's to use.
    const other = await player();
    expect((await other.confirm(token)).json()).toMatchObject({ code: 'limit_confirm_invalid' });

    t.clock.advance(1_000);
    const confirmed = await p.confirm(token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({
      confirmed: true,
      limit: { status: 'active', accounts: [{ amount_cents: 3_000, pending_amount_cents: null }] },
    });
    expect(await p.bet(2_000)).toBe('OK');
    // A token works once.
    expect((await p.confirm(token)).json()).toMatchObject({ code: 'limit_confirm_invalid' });

    // A raise nobody confirms in time lapses: by the clock at once, by the job in the database.
    await p.set({ type: 'loss', period: 'month', accounts: [{ currency: 'EUR', amount_cents: 9_000 }] });
    const lapsing = tokenFromMail(lastMailTo(p.email), 'token');
    t.clock.advance(24 * HOUR + 7 * 24 * HOUR);
    await p.relogin();
    expect((await p.list())[0]).toMatchObject({ status: 'active', accounts: [{ amount_cents: 3_000 }] });
    expect((await p.confirm(lapsing)).json()).toMatchObject({ code: 'limit_confirm_expired' });
    expect(
      (await p.set({ type: 'loss', period: 'month', accounts: [{ currency: 'EUR', amount_cents: 9_500 }] })).json(),
    ).toMatchObject({ status: 'unconfirmed' });
    t.clock.advance(24 * HOUR + 7 * 24 * HOUR);
    expect(await t.jobs.runNow('limits.lapse-changes')).toEqual({ lapsed: 1 });
  });

  it('a removal waits 24 h and the confirmation, then the limit is gone', async () => {
    const p = await player();
    const limit = (
      await p.set({ type: 'deposit', period: 'day', accounts: [{ currency: 'EUR', amount_cents: 5_000 }] })
    ).json() as Json;
    // A query string is refused and parks nothing.
    const withQuery = await p.client.delete(`/api/user_limits/${limit.id}?confirm=now`);
    expect([withQuery.statusCode, (withQuery.json() as Json).code]).toEqual([400, 'validation_error']);
    expect((await p.list())[0]).toMatchObject({ status: 'active' });
    const before = t.clock.now();
    const parked = await p.remove(limit.id);
    expect(parked.json()).toMatchObject({ status: 'unconfirmed_disable', accounts: [{ amount_cents: 5_000 }] });
    expectTimeWithin(parked.json().disable_at, before, t.clock.now(), 24 * HOUR);
    const token = tokenFromMail(lastMailTo(p.email), 'token');
    t.clock.advance(24 * HOUR);
    expect((await p.confirm(token)).json()).toEqual({ confirmed: true, limit: null });
    expect(await p.list()).toEqual([]);
    expect((await p.remove(limit.id)).json()).toMatchObject({ code: 'limit_not_found' });
  });

  it('refuses what it cannot do, with a clear code, and changes nothing', async () => {
    const p = await player();
    const refusals: [Json, number, string][] = [
      [{ type: 'session', period: 'day', accounts: [{ currency: 'EUR', amount_cents: 60 }] }, 422, 'validation_error'],
      [{ type: 'coolingoff', period: 'forever' }, 422, 'limit_period_invalid'],
      [{ type: 'selfexclusion', period: 'day' }, 422, 'limit_period_invalid'],
      [{ type: 'loss', period: 'day' }, 422, 'validation_error'],
      [{ type: 'loss', period: 'day', accounts: [{ currency: 'EUR', amount_cents: -5 }] }, 422, 'validation_error'],
      [
        { type: 'loss', period: 'fortnight', accounts: [{ currency: 'EUR', amount_cents: 5 }] },
        422,
        'validation_error',
      ],
      [
        { id: 2_000_000_000, type: 'loss', period: 'day', accounts: [{ currency: 'EUR', amount_cents: 5 }] },
        404,
        'limit_not_found',
      ],
    ];
    for (const [body, status, code] of refusals) {
      const res = await p.set(body);
      expect([res.statusCode, (res.json() as Json).code], JSON.stringify(body)).toEqual([status, code]);
    }
    expect(await p.list()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/user_limits' })).statusCode).toBe(401);
  });
});

describe('breaks', () => {
  it('a cooling-off refuses bets until it ends, signs the player out, cannot be shortened, and lets wins through', async () => {
    const p = await player();
    const round = id('r');
    expect(await p.bet(100, round)).toBe('OK');
    const started = t.clock.now();
    const res = await p.set({ type: 'coolingoff', period: 'week' });
    expect(res.statusCode, res.body).toBe(201);
    const limit = res.json() as Json;
    expect(limit).toMatchObject({
      type: 'coolingoff',
      status: 'active',
      accounts: [],
    });
    expectTimeWithin(limit.ends_at, started, t.clock.now(), 7 * 24 * HOUR);
    // Every session of the player ended with the request that began the break.
    expect((await p.client.get('/api/player')).statusCode).toBe(401);
    const again = await signInAgain(p.email);
    expect((await again.get('/api/user_limits')).json()).toHaveLength(1);

    expect(await p.bet(100)).toBe('GAMBLING_BLOCKED');
    expect(await p.win(250, round)).toBe('OK');
    expect((await again.delete(`/api/user_limits/${limit.id}`)).json()).toMatchObject({ code: 'limit_locked' });
    expect((await again.post('/api/user_limits', { type: 'coolingoff', period: 'week' })).json()).toMatchObject({
      code: 'limit_locked',
    });

    t.clock.set(new Date(started.getTime() + 7 * 24 * HOUR - 1_000));
    expect(await p.bet(100)).toBe('GAMBLING_BLOCKED');
    t.clock.advance(1_000);
    expect(await p.bet(100)).toBe('OK');
    // An ended break leaves the list.
    expect((await again.get('/api/user_limits')).json()).toEqual([]);
  });

  it('self-exclusion refuses bets with its own message, and sign-in until it ends', async () => {
    const p = await player();
    const created = await p.set({ type: 'selfexclusion', period: 'month_6' });
    expect(created.statusCode).toBe(201);
    const endsAt = (created.json() as Json).ends_at as string;
    const signIn = () =>
      createClient(t.app).post('/api/users/sign_in', { user: { email: p.email, password: GOOD_PASSWORD } });
    const refusedSignIn = await signIn();
    expectRouteContract('POST', '/api/users/sign_in', refusedSignIn);
    expect(refusedSignIn.statusCode).toBe(403);
    expect(refusedSignIn.json()).toMatchObject({
      code: 'self_excluded',
      error: `Your account is self-excluded until ${endsAt.slice(0, 10)}. To withdraw your balance, contact support.`,
    });
    // A wrong password learns nothing about it.
    const wrong = await createClient(t.app).post('/api/users/sign_in', {
      user: { email: p.email, password: 'nope nope nope' },
    });
    expect(wrong.statusCode).toBe(401);
    const refused = await walletCall(t.app, TEST_PROVIDER, TEST_PROVIDER_SECRET, 'bet', {
      session_token: await gameSession(t.database, p.id, 'EUR', TEST_PROVIDER, t.clock.now()),
      user_id: String(p.id),
      currency: 'EUR',
      game: 'croupier-originals/test',
      round_id: id('r'),
      transaction_id: id('b'),
      amount: 100,
    });
    expect(refused.json).toMatchObject({ status: 'GAMBLING_BLOCKED' });
    expect(JSON.parse(refused.body).message).toMatch(/^You are self-excluded until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    // Six months on, the exclusion is over: signing in works again.
    t.clock.set(new Date(endsAt));
    expect((await signIn()).statusCode).toBe(201);
  });
});

const CARD: Record<string, string> = {
  card_number: TEST_CARDS.success,
  expiry_date: '12/39',
  cvv: '123',
  card_holder: 'Ada Player',
};

describe('deposits', () => {
  const deposit = (client: ReturnType<typeof createClient>, amount_cents: number, card = CARD) =>
    client.post('/api/payments/deposits', {
      payment: { currency: 'EUR', amount_cents, method_id: 'sandbox_card', fields: card },
    });
  const payments = async (userId: number) =>
    Number(
      (
        (await t.database.db.execute(sql`SELECT count(*)::int AS n FROM payments WHERE user_id = ${userId}`))
          .rows[0] as { n: number }
      ).n,
    );

  it('a daily deposit limit refuses the deposit that would pass it before any provider is asked; a declined one frees its room', async () => {
    const p = await player();
    await p.set({ type: 'deposit', period: 'day', accounts: [{ currency: 'EUR', amount_cents: 10_000 }] });
    expect((await deposit(p.client, 6_000)).statusCode).toBe(201);
    const refused = await deposit(p.client, 5_000);
    expectRouteContract('POST', '/api/payments/deposits', refused);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'deposit_limit_reached',
      error: 'This deposit would pass your deposit limit for the day: 40.00 EUR left.',
    });
    expect(await payments(p.id)).toBe(1);
    // A deposit the bank declines holds no room.
    const declined = await deposit(p.client, 4_000, { ...CARD, card_number: TEST_CARDS.declined });
    expect(declined.json()).toMatchObject({ code: 'payment_declined' });
    const again = await deposit(p.client, 4_000);
    expect(again.statusCode, again.body).toBe(201);
    expect((await deposit(p.client, 1_000)).json()).toMatchObject({ code: 'deposit_limit_reached' });
    expect((await p.list())[0]!.accounts[0]).toMatchObject({ current_value_amount_cents: 10_000 });
    // The next window starts from nothing.
    t.clock.advance(24 * HOUR);
    await p.relogin();
    expect((await deposit(p.client, 10_000)).statusCode).toBe(201);
  });

  it('two deposits started at once cannot pass the limit together', async () => {
    const p = await player();
    await p.set({ type: 'deposit', period: 'week', accounts: [{ currency: 'EUR', amount_cents: 10_000 }] });
    const both = await Promise.all([deposit(p.client, 6_000), deposit(p.client, 6_000)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 422]);
  });

  it('a break refuses deposits; coins sent meanwhile are recorded declined with the reason, never credited', async () => {
    const p = await player();
    const { address } = (await p.client.post('/api/payments/crypto/addresses', { currency: 'BTC' })).json() as Json;
    await p.set({ type: 'coolingoff', period: 'day' });
    await p.relogin();
    expect((await deposit(p.client, 2_000)).json()).toMatchObject({ code: 'cooling_off' });
    const sent = await p.client.post('/sandbox-chain/send', { address, amount_cents: 2_500_000 });
    expect(sent.statusCode, sent.body).toBe(201);
    for (let i = 0; i < t.env.CRYPTO_CONFIRMATIONS; i++) await t.payments.chain.mineBlock();
    const history = (await p.client.get('/api/player/payments')).json() as Json[];
    expect(history[0]).toMatchObject({ currency: 'BTC', state: 'declined' });
    expect(history[0]!.cancellation_reason).toMatch(/^You are taking a break until .*: no deposits until then\.$/);
    const btc = ((await p.client.get('/api/player/accounts')).json() as Json[]).find((a) => a.currency === 'BTC');
    expect(btc).toMatchObject({ amount_cents: 0 });
  });
});

describe('concurrency (docs/limits.md#concurrent-requests, RG1)', () => {
  // The test app's clock moves on every read (TEST_CLOCK_TICK_MS), so parallel requests carry
  // different times, in an order their locks do not follow: what made parallel bets pass a limit.
  it('50 concurrent losing bets of 1.00 against a 10.00 loss limit: exactly 10 go through', async () => {
    const p = await player();
    await p.set({ type: 'loss', period: 'day', accounts: [{ currency: 'EUR', amount_cents: 1_000 }] });
    const statuses = await Promise.all(Array.from({ length: 50 }, () => p.bet(100)));
    expect(statuses.filter((s) => s === 'OK')).toHaveLength(10);
    expect(statuses.filter((s) => s === 'GAMBLING_BLOCKED')).toHaveLength(40);
    expect((await p.list())[0]!.accounts[0]).toMatchObject({ current_value_amount_cents: 1_000 });
  });

  it('40 concurrent bets of 1.00 against a 10.00 wager limit: exactly 10 go through', async () => {
    const p = await player();
    await p.set({ type: 'wager', period: 'week', accounts: [{ currency: 'EUR', amount_cents: 1_000 }] });
    const statuses = await Promise.all(Array.from({ length: 40 }, () => p.bet(100)));
    expect(statuses.filter((s) => s === 'OK')).toHaveLength(10);
    expect((await p.list())[0]!.accounts[0]).toMatchObject({ current_value_amount_cents: 1_000 });
  });

  it('a double-click with 1.00 of room left: one of the two bets goes through, in every one of 10 trials', async () => {
    for (let trial = 0; trial < 10; trial++) {
      const p = await player();
      await p.set({ type: 'loss', period: 'day', accounts: [{ currency: 'EUR', amount_cents: 1_000 }] });
      expect(await p.bet(900)).toBe('OK');
      const both = await Promise.all([p.bet(100), p.bet(100)]);
      expect(both.sort()).toEqual(['GAMBLING_BLOCKED', 'OK']);
    }
  });

  it('10 concurrent card deposits of 20.00 on a 50.00 deposit limit: two are started, the rest refused', async () => {
    const p = await player();
    await p.set({ type: 'deposit', period: 'day', accounts: [{ currency: 'EUR', amount_cents: 5_000 }] });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        p.client.post('/api/payments/deposits', {
          payment: { currency: 'EUR', amount_cents: 2_000, method_id: 'sandbox_card', fields: CARD },
        }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(2);
    expect(answers.filter((r) => r.statusCode === 422).map((r) => r.json().code)).toEqual(
      Array(8).fill('deposit_limit_reached'),
    );
    expect((await p.list())[0]!.accounts[0]).toMatchObject({ current_value_amount_cents: 4_000 });
  });

  it('6 chain deposits of 0.0003 BTC seen at once on a 0.001 BTC limit: 0.0009 BTC credited, the rest declined', async () => {
    const p = await player();
    await p.set({ type: 'deposit', period: 'day', accounts: [{ currency: 'BTC', amount_cents: 100_000 }] });
    const { address } = (await p.client.post('/api/payments/crypto/addresses', { currency: 'BTC' })).json() as Json;
    const sent = await Promise.all(
      Array.from({ length: 6 }, () => p.client.post('/sandbox-chain/send', { address, amount_cents: 30_000 })),
    );
    expect(sent.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    for (let i = 0; i < t.env.CRYPTO_CONFIRMATIONS; i++) await t.payments.chain.mineBlock();
    const btc = ((await p.client.get('/api/player/accounts')).json() as Json[]).find((a) => a.currency === 'BTC');
    expect(btc).toMatchObject({ amount_cents: 90_000 });
    const history = (await p.client.get('/api/player/payments')).json() as Json[];
    expect(history.filter((h) => h.state === 'declined')).toHaveLength(3);
  });
});

describe('through the games host', () => {
  it('12 parallel slot spins of 1.00 in 12 games on a 5.00 wager limit: exactly 5 are played, the rest refused', async () => {
    const p = await player();
    await p.set({ type: 'wager', period: 'day', accounts: [{ currency: 'EUR', amount_cents: 500 }] });
    const snapshot = await t.gamesHost.host.deps.catalogue.get();
    // One open round per game: distinct games so that the spins really run at once.
    const slots = [...snapshot.byId.values()]
      .filter((g) => g.engine.startsWith('slot') && g.active && g.launchIds.EUR !== undefined)
      .slice(0, 12);
    expect(slots).toHaveLength(12);
    const sessions = await Promise.all(
      slots.map(async (g) => {
        const res = await p.client.post('/games-api/sessions', { game: g.seoTitle, id: g.launchIds.EUR });
        expect(res.statusCode, res.body).toBe(200);
        return { 'x-game-session': (res.json() as Json).token as string };
      }),
    );
    const answers = await Promise.all(
      sessions.map((headers) => p.client.post('/games-api/rounds', { bet: { amount: 100 } }, headers)),
    );
    const played = answers.filter((a) => a.statusCode === 200);
    expect(played).toHaveLength(5);
    expect(answers.filter((a) => a.statusCode !== 200).map((a) => (a.json() as Json).code)).toEqual(
      Array(12 - played.length).fill('gambling_blocked'),
    );
    expect((await p.list())[0]!.accounts[0]!.current_value_amount_cents).toBe(played.length * 100);
  });
  it('a spin too big for the room left is refused with the room, for the game to say in the player’s language', async () => {
    const p = await player();
    await p.set({ type: 'wager', period: 'day', accounts: [{ currency: 'EUR', amount_cents: 500 }] });
    const game = await gameOf(t, 'slot-low');
    const launched = await p.client.post('/games-api/sessions', { game: game.seoTitle, id: game.launchIds.EUR });
    const headers = { 'x-game-session': (launched.json() as Json).token as string };
    expect((await p.client.post('/games-api/rounds', { bet: { amount: 400 } }, headers)).statusCode).toBe(200);
    const refused = await p.client.post('/games-api/rounds', { bet: { amount: 200 } }, headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'gambling_blocked',
      error: 'This bet would pass your wager limit for the day: 1.00 EUR left.',
      reason: 'wager_limit_reached',
      left_cents: 100,
      left_currency: 'EUR',
    });
  });
});

describe('one limit, every wallet (docs/limits.md#one-limit-every-wallet)', () => {
  /** Opens the player's wallet in `currency`, funds it, and gives it a game session of the test provider. */
  async function openWallet(p: Awaited<ReturnType<typeof player>>, currency: string, amount: number) {
    const opened = await p.client.post('/api/player/accounts', { currency });
    expect(opened.statusCode, opened.body).toBeLessThan(300);
    await fund(t.wallet, p.id, currency, amount);
    const token = await gameSession(t.database, p.id, currency, TEST_PROVIDER, t.clock.now(), 60 * 24 * 60);
    return async (amountCents: number) =>
      (
        await walletCall(t.app, TEST_PROVIDER, TEST_PROVIDER_SECRET, 'bet', {
          user_id: String(p.id),
          currency,
          game: 'croupier-originals/test',
          session_token: token,
          round_id: id('r'),
          transaction_id: id('b'),
          amount: amountCents,
        })
      ).json as Json;
  }

  it('a EUR loss limit used up refuses a bet from the USD wallet; USD play counts against it, converted', async () => {
    const p = await player();
    const betUsd = await openWallet(p, 'USD', 10_000);
    await p.set({ type: 'loss', period: 'day', accounts: [{ currency: 'EUR', amount_cents: 1_000 }] });
    // 10.80 USD is 10.00 EUR at the reference rate (1.08 USD per EUR): all of the limit.
    expect((await betUsd(540)).status).toBe('OK');
    expect((await p.list())[0]!.accounts[0]).toMatchObject({ current_value_amount_cents: 500 });
    expect(await p.bet(600)).toBe('GAMBLING_BLOCKED');
    expect(await p.bet(500)).toBe('OK');
    const refused = await betUsd(5_000);
    expect(refused).toMatchObject({
      status: 'GAMBLING_BLOCKED',
      message: 'You have reached your loss limit for the day.',
    });
    expect((await p.list())[0]!.accounts[0]).toMatchObject({ current_value_amount_cents: 1_000 });
  });

  it('parallel bets from two wallets cannot pass one limit together', async () => {
    const p = await player();
    const betUsd = await openWallet(p, 'USD', 10_000);
    await p.set({ type: 'wager', period: 'day', accounts: [{ currency: 'EUR', amount_cents: 1_000 }] });
    // 20 bets of 1.00 EUR and 20 of 1.08 USD (1.00 EUR each): ten fit, from either wallet.
    const statuses = await Promise.all([
      ...Array.from({ length: 20 }, () => p.bet(100)),
      ...Array.from({ length: 20 }, async () => (await betUsd(108)).status as string),
    ]);
    expect(statuses.filter((s) => s === 'OK')).toHaveLength(10);
    expect((await p.list())[0]!.accounts[0]).toMatchObject({ current_value_amount_cents: 1_000 });
  });

  it('a deposit limit counts deposits into every wallet, and a refusal says how much room is left', async () => {
    const p = await player();
    await p.client.post('/api/player/accounts', { currency: 'USD' });
    await p.set({ type: 'deposit', period: 'week', accounts: [{ currency: 'EUR', amount_cents: 5_000 }] });
    const usd = await p.client.post('/api/payments/deposits', {
      payment: { currency: 'USD', amount_cents: 3_240, method_id: 'sandbox_card', fields: CARD },
    });
    expect(usd.statusCode, usd.body).toBe(201);
    const eur = await p.client.post('/api/payments/deposits', {
      payment: { currency: 'EUR', amount_cents: 2_500, method_id: 'sandbox_card', fields: CARD },
    });
    expect(eur.statusCode).toBe(422);
    expect(eur.json()).toMatchObject({
      code: 'deposit_limit_reached',
      error: 'This deposit would pass your deposit limit for the week: 20.00 EUR left.',
    });
  });

  it('a stake too big for the room left is refused with the room, in the limit’s currency', async () => {
    const p = await player();
    await p.set({ type: 'loss', period: 'day', accounts: [{ currency: 'EUR', amount_cents: 1_000 }] });
    expect(await p.bet(700)).toBe('OK');
    const refused = await walletCall(t.app, TEST_PROVIDER, TEST_PROVIDER_SECRET, 'bet', {
      user_id: String(p.id),
      currency: 'EUR',
      game: 'croupier-originals/test',
      session_token: await gameSession(t.database, p.id, 'EUR', TEST_PROVIDER, t.clock.now(), 60),
      round_id: id('r'),
      transaction_id: id('b'),
      amount: 500,
    });
    expect(refused.json).toMatchObject({
      status: 'GAMBLING_BLOCKED',
      message: 'This bet would pass your loss limit for the day: 3.00 EUR left.',
    });
  });

  it('the rates limits convert by are the shared reference rates, for every currency', async () => {
    const found = (
      await t.database.db.execute(
        sql`SELECT currency, eur::text, units::text, subunits FROM limit_rates ORDER BY currency`,
      )
    ).rows as { currency: string; eur: string; units: string; subunits: number }[];
    expect(
      Object.fromEntries(
        found.map((r) => [r.currency, { eur: Number(r.eur), units: Number(r.units), subunits: r.subunits }]),
      ),
    ).toEqual(
      Object.fromEntries(
        CURRENCY_CODES.map((c) => [c, { ...REFERENCE_RATES[c], subunits: CURRENCIES[c].subunitsToUnit }]),
      ),
    );
  });
});

/** Signs the player in again (their sessions ended with the break). */
async function signInAgain(email: string) {
  const client = createClient(t.app);
  const res = await client.post('/api/users/sign_in', { user: { email, password: GOOD_PASSWORD } });
  if (res.statusCode !== 200 && res.statusCode !== 201)
    throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return client;
}
