import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SharedRoundEvent, WinEvent } from '@croupier/shared/realtime';
import { FakeSocket } from './fake-socket';
import { RealtimeClient } from './realtime-client';

/** Lets the client's asynchronous socket creation finish. */
async function settle() {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

function setup() {
  const socket = new FakeSocket();
  const factory = vi.fn(async () => socket);
  return { socket, factory, client: new RealtimeClient(factory) };
}

const round = (game: string, id: number): SharedRoundEvent => ({
  game,
  round_id: id,
  phase: 'betting',
  server_seed_hash: 'f'.repeat(64),
  server_time: '2026-11-22T12:00:00.000Z',
});

const win = (nickname: string) => ({ nickname }) as WinEvent;

afterEach(() => {
  vi.useRealTimers();
});

describe('RealtimeClient', () => {
  it('opens no socket until something subscribes, then exactly one', async () => {
    const { socket, factory, client } = setup();
    await settle();
    expect(factory).not.toHaveBeenCalled();
    client.on('public:wins', () => {});
    client.joinRoom('rocket', () => {});
    client.on('balance', () => {});
    await settle();
    expect(factory).toHaveBeenCalledTimes(1);
    expect(socket.connected).toBe(true);
  });

  it('hands each channel event to its handlers until they unsubscribe', async () => {
    const { socket, client } = setup();
    const wins: WinEvent[] = [];
    const stop = client.on('public:wins', (w) => wins.push(w));
    const balances = vi.fn();
    client.on('balance', balances);
    await settle();
    socket.receive('public:wins', win('a'));
    stop();
    socket.receive('public:wins', win('b'));
    expect(wins).toEqual([win('a')]);
    expect(balances).not.toHaveBeenCalled();
  });

  it('joins game rooms, routes their rounds by game and joins them again after a reconnection', async () => {
    const { socket, client } = setup();
    const rocket: SharedRoundEvent[] = [];
    client.joinRoom('rocket', (e) => rocket.push(e));
    await settle();
    expect(socket.sent).toEqual([['subscribe_room', 'game:rocket']]);
    socket.receive('shared_round', round('rocket', 1));
    socket.receive('shared_round', round('live-roulette', 2));
    expect(rocket).toEqual([round('rocket', 1)]);

    socket.drop('transport close');
    socket.connect();
    expect(socket.sent).toEqual([
      ['subscribe_room', 'game:rocket'],
      ['subscribe_room', 'game:rocket'],
    ]);
  });

  it('leaves a room only when its last user leaves', async () => {
    const { socket, client } = setup();
    const leaveA = client.joinRoom('rocket', () => {});
    const leaveB = client.joinRoom('rocket', () => {});
    await settle();
    leaveA();
    expect(socket.sent).toEqual([['subscribe_room', 'game:rocket']]);
    leaveB();
    expect(socket.sent).toEqual([
      ['subscribe_room', 'game:rocket'],
      ['unsubscribe_room', 'game:rocket'],
    ]);
  });

  it('asks for a resync after every connection that follows the listener, the first one included', async () => {
    const { socket, client } = setup();
    const early = vi.fn();
    client.onResync(early);
    client.on('balance', () => {});
    await settle();
    // Registered while the socket was opening: what it loaded may have missed pushes sent meanwhile.
    expect(early).toHaveBeenCalledTimes(1);
    const late = vi.fn();
    client.onResync(late);
    expect(late).not.toHaveBeenCalled();
    // A dropped network is not the server ending the session: nobody is told to ask who is signed in.
    const serverClosed = vi.fn();
    client.onServerClose(serverClosed);
    socket.drop('transport close');
    expect(serverClosed).not.toHaveBeenCalled();
    socket.connect();
    expect(early).toHaveBeenCalledTimes(2);
    expect(late).toHaveBeenCalledTimes(1);
  });

  it('reconnects after the server ended the connection (session change), once the new identity applies', async () => {
    vi.useFakeTimers();
    const { socket, client } = setup();
    client.on('public:wins', () => {});
    await settle();
    const told = vi.fn();
    client.onServerClose(told);
    socket.drop('io server disconnect');
    expect(socket.connected).toBe(false);
    // The page is told, so it asks who is signed in now (a break or sign-out elsewhere ended the session).
    expect(told).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(socket.connected).toBe(true);
    expect(socket.connects).toBe(2);
  });

  it('reconnects on identityChanged so the handshake carries the new session cookie', async () => {
    const { socket, client } = setup();
    client.on('public:wins', () => {});
    await settle();
    client.identityChanged();
    expect(socket.connected).toBe(true);
    expect(socket.connects).toBe(2);
  });

  it('closes the socket a second after the last subscriber left, and reopens it on demand', async () => {
    vi.useFakeTimers();
    const { socket, factory, client } = setup();
    const stop = client.on('public:wins', () => {});
    await settle();
    stop();
    await vi.advanceTimersByTimeAsync(999);
    expect(socket.connected).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(socket.connected).toBe(false);
    client.on('public:wins', () => {});
    expect(socket.connected).toBe(true);
    expect(factory).toHaveBeenCalledTimes(1);
  });
});
