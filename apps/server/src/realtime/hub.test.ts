import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WinEvent } from '@croupier/shared/realtime';
import type { Account } from '@croupier/shared/api/player';
import { buildTestApp, createClient, type TestApp } from '../../test/build-test-app.ts';
import { GOOD_PASSWORD, signUp, type Client } from '../modules/auth/test-helpers.ts';
import { DEFAULT_REALTIME_LIMITS, type PublishedEvent } from './hub.ts';
import {
  disconnected,
  listen,
  nextEvent,
  openSocket,
  record,
  sessionCookie,
  wallet,
  type TestSocket,
} from './test-helpers.ts';

let t: TestApp;
let url: string;
let origin: string;
const open: TestSocket[] = [];

interface Player {
  id: number;
  client: Client;
  cookie: string;
}

async function player(): Promise<Player> {
  const { client, player } = await signUp(t.app);
  return { id: player.id, client, cookie: sessionCookie(client) };
}

async function connect(opts: Parameters<typeof openSocket>[1] = {}): Promise<TestSocket> {
  const socket = await openSocket(url, { origin, ...opts });
  open.push(socket);
  return socket;
}

const win = (nickname: string): WinEvent => ({
  at: 1_790_000_000,
  bet_amount_cents: 100,
  win_amount_cents: 2_500,
  currency: 'EUR',
  game_identifier: 'croupier/lucky-sevens',
  game_title: 'Lucky Sevens',
  game_table_image_path: null,
  game_table_url: null,
  humanized_win: null,
  nickname,
});

const round = (roundId: number) => ({
  game: 'rocket',
  round_id: roundId,
  phase: 'betting' as const,
  server_seed_hash: 'ab'.repeat(32),
  server_time: '2026-11-22T12:00:00.000Z',
});

beforeAll(async () => {
  t = await buildTestApp();
  url = await listen(t.app);
  origin = t.env.publicUrl;
});

afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});

afterAll(async () => {
  await t?.close();
});

describe('private channels', () => {
  it('delivers a balance event to its player and never to another player', async () => {
    const [ann, bob] = await Promise.all([player(), player()]);
    const annSocket = await connect({ cookie: ann.cookie });
    const bobSocket = await connect({ cookie: bob.cookie });
    const annSeen = record(annSocket, ['balance']);
    const bobSeen = record(bobSocket, ['balance']);

    const markers = [annSocket, bobSocket].map((s) =>
      nextEvent(s, 'public:wins', (w: WinEvent) => w.nickname === 'private-marker'),
    );
    t.realtime.publishPrivate(ann.id, 'balance', wallet(111, 7));
    t.realtime.publishPrivate(bob.id, 'balance', wallet(222, 3));
    // Socket.io keeps each socket's order: a misrouted private event would arrive before the marker.
    t.realtime.publishPublic('public:wins', win('private-marker'));
    await Promise.all(markers);
    expect(annSeen.map((e) => e.data)).toEqual([wallet(111, 7)]);
    expect(bobSeen.map((e) => e.data)).toEqual([wallet(222, 3)]);
  });

  it('publishes the wallet balance after a committed credit, with a newer version', async () => {
    const ann = await player();
    const socket = await connect({ cookie: ann.cookie });
    const published: PublishedEvent[] = [];
    const stop = t.realtime.onPublish((e) => published.push(e));
    const first = nextEvent<Account>(socket, 'balance');
    await t.wallet.service.creditPlayer({
      userId: ann.id,
      currency: 'EUR',
      amount: 5_000n,
      from: 'payment_clearing',
      kind: 'deposit',
      idempotencyKey: `realtime-test:${randomUUID()}`,
    });
    const event = await first;
    expect(event).toMatchObject({ currency: 'EUR', amount_cents: 5_000, available_to_cashout_cents: 5_000 });
    const second = nextEvent<Account>(socket, 'balance');
    await t.wallet.service.creditPlayer({
      userId: ann.id,
      currency: 'EUR',
      amount: 1_000n,
      from: 'payment_clearing',
      kind: 'deposit',
      idempotencyKey: `realtime-test:${randomUUID()}`,
    });
    const next = await second;
    expect(next.amount_cents).toBe(6_000);
    expect(next.version).toBeGreaterThan(event.version);
    stop();
    expect(published.filter((e) => e.channel === 'balance').map((e) => e.target)).toEqual([
      `user:${ann.id}`,
      `user:${ann.id}`,
    ]);
  });

  it('gives a guest no private events', async () => {
    const ann = await player();
    const guest = await connect();
    const seen = record(guest, ['balance']);
    t.realtime.publishPrivate(ann.id, 'balance', wallet(1, 1));
    t.realtime.publishPublic('public:wins', win('marker'));
    await nextEvent(guest, 'public:wins', (w: WinEvent) => w.nickname === 'marker');
    expect(seen).toEqual([]);
  });
});

describe('public channels', () => {
  it('delivers public:wins to guests and players', async () => {
    const ann = await player();
    const guest = await connect();
    const signedIn = await connect({ cookie: ann.cookie });
    const toGuest = nextEvent<WinEvent>(guest, 'public:wins');
    const toPlayer = nextEvent<WinEvent>(signedIn, 'public:wins');
    t.realtime.publishPublic('public:wins', win('an***'));
    expect(await toGuest).toEqual(win('an***'));
    expect(await toPlayer).toEqual(win('an***'));
  });
});

describe('handshake (docs/reliability.md#t1-handshake)', () => {
  it('refuses a foreign Origin on the WebSocket upgrade and on polling', async () => {
    const ann = await player();
    const before = t.realtime.connectedCount();
    await expect(openSocket(url, { origin: 'https://evil.example', cookie: ann.cookie })).rejects.toThrow();
    await expect(
      openSocket(url, { origin: 'https://evil.example', cookie: ann.cookie, transport: 'polling' }),
    ).rejects.toThrow();
    await expect(openSocket(url, { origin: 'null', cookie: ann.cookie })).rejects.toThrow();
    expect(t.realtime.connectedCount()).toBe(before);
  });

  it('accepts our own origin over polling too', async () => {
    const socket = await connect({ transport: 'polling' });
    expect(socket.connected).toBe(true);
  });

  it('treats a forged or unknown session cookie as a guest', async () => {
    const ann = await player();
    const forged = await connect({ cookie: `croupier_session=${'A'.repeat(43)}` });
    const seen = record(forged, ['balance']);
    t.realtime.publishPrivate(ann.id, 'balance', wallet(5, 5));
    t.realtime.publishPublic('public:wins', win('after-forged'));
    await nextEvent(forged, 'public:wins', (w: WinEvent) => w.nickname === 'after-forged');
    expect(seen).toEqual([]);
  });

  it(`refuses a player's socket beyond ${DEFAULT_REALTIME_LIMITS.socketsPerUser} at once`, async () => {
    const ann = await player();
    for (let i = 0; i < DEFAULT_REALTIME_LIMITS.socketsPerUser; i++) await connect({ cookie: ann.cookie });
    await expect(openSocket(url, { origin, cookie: ann.cookie })).rejects.toThrow('too_many_connections');
  });

  it('closes a socket that sends a frame larger than the limit', async () => {
    const socket = await connect();
    const gone = disconnected(socket);
    socket.emit('subscribe_room', 'game:' + 'x'.repeat(DEFAULT_REALTIME_LIMITS.maxMessageBytes * 2), () => {});
    await expect(gone).resolves.toBe('transport close');
  });
});

describe('game rooms', () => {
  it('lets any visitor join and leave game:<slug> and receive shared rounds only while joined', async () => {
    const guest = await connect();
    expect(await guest.emitWithAck('subscribe_room', 'game:rocket')).toEqual({ ok: true });
    const seen = record(guest, ['shared_round']);
    t.realtime.publishRoom('rocket', round(1));
    t.realtime.publishRoom('live-roulette', { ...round(9), game: 'live-roulette' });
    expect(await nextEvent(guest, 'shared_round')).toEqual(round(1));

    expect(await guest.emitWithAck('unsubscribe_room', 'game:rocket')).toEqual({ ok: true });
    t.realtime.publishRoom('rocket', round(2));
    t.realtime.publishPublic('public:wins', win('after-leave'));
    await nextEvent(guest, 'public:wins', (w: WinEvent) => w.nickname === 'after-leave');
    expect(seen.map((e) => e.data)).toEqual([round(1)]);
  });

  it('refuses any room that is not game:<slug>, so no one reaches a private room', async () => {
    const [ann, bob] = await Promise.all([player(), player()]);
    const bobSocket = await connect({ cookie: bob.cookie });
    for (const room of [`user:${ann.id}`, 'game:', 'game:../admin', 'game:Rocket', 'session:x', 'public:wins', 42]) {
      expect(await bobSocket.emitWithAck('subscribe_room', room as string)).toEqual({
        ok: false,
        error: 'invalid_room',
      });
    }
    const seen = record(bobSocket, ['balance']);
    t.realtime.publishPrivate(ann.id, 'balance', wallet(9, 9));
    t.realtime.publishPublic('public:wins', win('after-refusal'));
    await nextEvent(bobSocket, 'public:wins', (w: WinEvent) => w.nickname === 'after-refusal');
    expect(seen).toEqual([]);
  });

  it('caps the game rooms one socket may hold', async () => {
    const guest = await connect();
    for (let i = 0; i < DEFAULT_REALTIME_LIMITS.roomsPerSocket; i++) {
      expect(await guest.emitWithAck('subscribe_room', `game:g-${i}`)).toEqual({ ok: true });
    }
    expect(await guest.emitWithAck('subscribe_room', 'game:one-more')).toEqual({ ok: false, error: 'too_many_rooms' });
    // Joining a room it already holds is not a new room.
    expect(await guest.emitWithAck('subscribe_room', 'game:g-0')).toEqual({ ok: true });
  });
});

describe('session changes reach open sockets (docs/reliability.md#t2-sockets-follow-the-session)', () => {
  it('closes the socket on sign-out, and the old cookie then connects only as a guest', async () => {
    const ann = await player();
    const socket = await connect({ cookie: ann.cookie });
    const other = await player();
    const otherSocket = await connect({ cookie: other.cookie });
    const gone = disconnected(socket, 2_000);
    const res = await ann.client.delete('/api/users/sign_out');
    expect(res.statusCode).toBe(204);
    expect(await gone).toBe('io server disconnect');
    expect(otherSocket.connected).toBe(true);

    const again = await connect({ cookie: ann.cookie });
    const seen = record(again, ['balance']);
    t.realtime.publishPrivate(ann.id, 'balance', wallet(3, 3));
    t.realtime.publishPublic('public:wins', win('after-sign-out'));
    await nextEvent(again, 'public:wins', (w: WinEvent) => w.nickname === 'after-sign-out');
    expect(seen).toEqual([]);
  });

  it('sign-out ends only that session: the same player on another device stays connected', async () => {
    const ann = await player();
    const otherDevice = await connect({ cookie: ann.cookie });
    const secondBrowser = createClient(t.app);
    const signIn = await secondBrowser.post('/api/users/sign_in', {
      user: { email: await emailOf(ann.id), password: GOOD_PASSWORD },
    });
    expect(signIn.statusCode).toBe(201);
    const thisDevice = await connect({ cookie: sessionCookie(secondBrowser) });
    const gone = disconnected(thisDevice, 2_000);
    await secondBrowser.delete('/api/users/sign_out');
    expect(await gone).toBe('io server disconnect');
    const still = nextEvent<Account>(otherDevice, 'balance');
    t.realtime.publishPrivate(ann.id, 'balance', wallet(8, 8));
    expect(await still).toEqual(wallet(8, 8));
  });

  it('disconnectUser closes every socket of the player', async () => {
    const ann = await player();
    const a = await connect({ cookie: ann.cookie });
    const b = await connect({ cookie: ann.cookie });
    const both = Promise.all([disconnected(a, 2_000), disconnected(b, 2_000)]);
    t.realtime.disconnectUser(ann.id);
    expect(await both).toEqual(['io server disconnect', 'io server disconnect']);
  });

  it('closes a socket whose session was deleted or expired, or whose player was disabled, on revalidation', async () => {
    const [ann, bob] = await Promise.all([player(), player()]);
    const annSocket = await connect({ cookie: ann.cookie });
    const bobSocket = await connect({ cookie: bob.cookie });
    const gone = disconnected(annSocket, 2_000);
    await t.database.db.execute(sql`DELETE FROM sessions WHERE user_id = ${ann.id}`);
    expect(await t.realtime.revalidateSessions()).toBe(1);
    expect(await gone).toBe('io server disconnect');
    expect(bobSocket.connected).toBe(true);

    const cyd = await player();
    const cydSocket = await connect({ cookie: cyd.cookie });
    const cydGone = disconnected(cydSocket, 2_000);
    await t.database.db.execute(sql`UPDATE users SET disabled_at = now() WHERE id = ${cyd.id}`);
    expect(await t.realtime.revalidateSessions()).toBe(1);
    expect(await cydGone).toBe('io server disconnect');

    const bobGone = disconnected(bobSocket, 2_000);
    t.clock.advance(t.env.SESSION_IDLE_MINUTES * 60_000 + 1);
    try {
      expect(await t.realtime.revalidateSessions()).toBe(1);
      await bobGone;
    } finally {
      t.clock.advance(-(t.env.SESSION_IDLE_MINUTES * 60_000 + 1));
    }
  });
});

async function emailOf(userId: number): Promise<string> {
  const found = await t.database.db.execute(sql`SELECT email FROM users WHERE id = ${userId}`);
  return String((found.rows[0] as { email: string }).email);
}
