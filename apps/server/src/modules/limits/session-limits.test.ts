/**
 * Session limits (docs/limits.md#session-limits) and what the player's pages are told on
 * `game_limits` (docs/limits.md#telling-the-player).
 */
import type { GameLimitsEvent } from '@croupier/shared/api/limits';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createClient, type TestApp } from '../../../test/build-test-app.ts';
import { expectRouteContract } from '../../../test/contract.ts';
import { GOOD_PASSWORD, signUp, tokenFromMail } from '../auth/test-helpers.ts';
import {
  disconnected,
  listen,
  nextEvent,
  openSocket,
  record,
  sessionCookie,
  type TestSocket,
} from '../../realtime/test-helpers.ts';
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

const MINUTE = 60_000;
let t: TestApp;
let url: string;
const open: TestSocket[] = [];
beforeAll(async () => {
  t = await buildTestApp(TEST_PROVIDERS_ENV);
  url = await listen(t.app);
});
afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});
afterAll(async () => {
  await expectLedgerSound(t.database);
  await t.close();
});

let n = 0;
const id = (p: string) => `${p}-${++n}`;
const limits = () => t.croupier.modules.limits;

async function player() {
  const { player: p, user, client } = await signUp(t.app, { currency: 'EUR' });
  await fund(t.wallet, p.id, 'EUR', 10_000);
  const token = await gameSession(t.database, p.id, 'EUR', TEST_PROVIDER, t.clock.now(), 60 * 24 * 60);
  const base = { user_id: String(p.id), currency: 'EUR', game: 'croupier-originals/test' };
  return {
    id: p.id,
    client,
    bet: async (amount: number) =>
      (
        await walletCall(t.app, TEST_PROVIDER, TEST_PROVIDER_SECRET, 'bet', {
          ...base,
          session_token: token,
          round_id: id('r'),
          transaction_id: id('b'),
          amount,
        })
      ).json as Json,
    signIn: async () => {
      const other = createClient(t.app);
      const res = await other.post('/api/users/sign_in', { user: { email: user.email, password: GOOD_PASSWORD } });
      expect(res.statusCode).toBe(201);
      return other;
    },
  };
}

async function connect(cookie: string): Promise<TestSocket> {
  const socket = await openSocket(url, { origin: t.env.publicUrl, cookie });
  open.push(socket);
  return socket;
}

describe('a session limit', () => {
  it('refuses bets once a sign-in session is older than its minutes; the job signs that session out, says why, and a new sign-in plays again', async () => {
    const p = await player();
    const started = t.clock.now().getTime();
    const set = await p.client.post('/api/user_limits', { type: 'session', period: 'day', minutes: 30 });
    expectRouteContract('POST', '/api/user_limits', set);
    expect(set.statusCode, set.body).toBe(201);
    const listed = (await p.client.get('/api/user_limits')).json() as Json[];
    expect(listed).toEqual([
      expect.objectContaining({
        type: 'session',
        period: 'day',
        status: 'active',
        minutes: 30,
        pending_minutes: null,
        accounts: [],
        ends_at: new Date(started + 30 * MINUTE).toISOString(),
      }),
    ]);

    t.clock.advance(29 * MINUTE);
    expect((await p.bet(100)).status).toBe('OK');
    t.clock.advance(MINUTE);
    expect(await p.bet(100)).toMatchObject({
      status: 'GAMBLING_BLOCKED',
      message: 'You have reached your session limit of 30 minutes. Sign in again to play.',
    });

    // A fresh sign-in elsewhere is not touched by the job, hears nothing of it, and plays again.
    const fresh = await p.signIn();
    const socket = await connect(sessionCookie(p.client));
    const freshSocket = await connect(sessionCookie(fresh));
    const freshHeard = record(freshSocket, ['game_limits']);
    // Listening only once every socket is open: the close may come before the job's answer does.
    const told = nextEvent<GameLimitsEvent>(socket, 'game_limits');
    const closed = disconnected(socket, 5_000);
    // Other players' sessions may be past their limits too: this test asks only about its own.
    expect(await limits().endSessionsPastLimit()).toBeGreaterThanOrEqual(1);
    expect(await told).toMatchObject({
      reason: 'session_ended',
      message: 'You have reached your session limit of 30 minutes. Sign in again to play.',
      limits: [expect.objectContaining({ type: 'session', minutes: 30 })],
    });
    expect(await closed).toBe('io server disconnect');
    expect((await p.client.get('/api/player')).statusCode).toBe(401);
    expect((await fresh.get('/api/player')).statusCode).toBe(200);
    expect(freshSocket.connected).toBe(true);
    expect(freshHeard).toEqual([]);
    expect((await p.bet(100)).status).toBe('OK');
    // Another pass leaves the fresh session alone.
    await limits().endSessionsPastLimit();
    expect((await fresh.get('/api/player')).statusCode).toBe(200);
  });

  it('fewer minutes apply at once; more minutes wait 24 h for the mailed confirmation', async () => {
    const p = await player();
    expect((await p.client.post('/api/user_limits', { type: 'session', period: 'day', minutes: 60 })).statusCode).toBe(
      201,
    );
    const raised = await p.client.post('/api/user_limits', { type: 'session', period: 'day', minutes: 120 });
    expect(raised.statusCode).toBe(200);
    expect(raised.json()).toMatchObject({ status: 'unconfirmed', minutes: 60, pending_minutes: 120 });
    const token = tokenFromMail(t.mail.at(-1), 'token');
    const tighter = await p.client.post('/api/user_limits', { type: 'session', period: 'day', minutes: 45 });
    // The tighter request overtakes the parked raise: nothing waits any more.
    expect(tighter.json()).toMatchObject({ status: 'active', minutes: 45, pending_minutes: null });
    expect((await p.client.post('/api/user_limits/confirm', { token })).statusCode).toBe(422);

    await p.client.post('/api/user_limits', { type: 'session', period: 'day', minutes: 90 });
    const second = tokenFromMail(t.mail.at(-1), 'token');
    t.clock.advance(24 * 60 * MINUTE);
    const again = await p.signIn();
    const confirmed = await again.post('/api/user_limits/confirm', { token: second });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ limit: { status: 'active', minutes: 90, pending_minutes: null } });
  });

  it('refuses what it cannot be, with a clear code, and changes nothing', async () => {
    const p = await player();
    const refusals: [Json, string][] = [
      [{ type: 'session', period: 'week', minutes: 30 }, 'limit_period_invalid'],
      [{ type: 'session', period: 'day' }, 'validation_error'],
      [{ type: 'session', period: 'day', minutes: 2 }, 'validation_error'],
      [{ type: 'session', period: 'day', minutes: 1_441 }, 'validation_error'],
      [
        { type: 'loss', period: 'day', minutes: 30, accounts: [{ currency: 'EUR', amount_cents: 500 }] },
        'validation_error',
      ],
      [
        { type: 'session', period: 'day', minutes: 30, accounts: [{ currency: 'EUR', amount_cents: 500 }] },
        'validation_error',
      ],
      [{ type: 'coolingoff', period: 'day', accounts: [{ currency: 'EUR', amount_cents: 500 }] }, 'validation_error'],
    ];
    for (const [body, code] of refusals) {
      const res = await p.client.post('/api/user_limits', body);
      expect([res.statusCode, (res.json() as Json).code], JSON.stringify(body)).toEqual([422, code]);
    }
    expect((await p.client.get('/api/user_limits')).json()).toEqual([]);
  });
});

describe('game_limits', () => {
  it('tells the pages when a bet used up a loss limit, and after every change, with the list as the API gives it', async () => {
    const p = await player();
    // A bet before any limit: the player is remembered as holding none, until a change says otherwise.
    expect((await p.bet(100)).status).toBe('OK');
    await limits().afterBet(p.id, 'EUR');
    // The limit's window starts after that bet.
    t.clock.advance(1_000);
    const socket = await connect(sessionCookie(p.client));
    const changed = nextEvent<GameLimitsEvent>(socket, 'game_limits');
    await p.client.post('/api/user_limits', {
      type: 'loss',
      period: 'day',
      accounts: [{ currency: 'EUR', amount_cents: 500 }],
    });
    expect(await changed).toMatchObject({
      reason: 'changed',
      message: null,
      limits: [{ type: 'loss', accounts: [{ amount_cents: 500 }] }],
    });

    const reached = nextEvent<GameLimitsEvent>(socket, 'game_limits', (e) => e.message !== null);
    expect((await p.bet(300)).status).toBe('OK');
    expect((await p.bet(200)).status).toBe('OK');
    const event = await reached;
    expect(event).toMatchObject({
      reason: 'bet_limit_reached',
      message: 'You have reached your loss limit for the day.',
    });
    expect(event.limits[0]!.accounts[0]).toMatchObject({ amount_cents: 500, current_value_amount_cents: 500 });
  });
});
