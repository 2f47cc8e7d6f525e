/**
 * Helpers for the realtime tests (not a test file): real socket.io clients against an app listening
 * on an ephemeral port, and waiting for events without fixed sleeps.
 */
import type { FastifyInstance } from 'fastify';
import { io as connectClient, type Socket } from 'socket.io-client';
import type { Account } from '@croupier/shared/api/player';
import { REALTIME_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@croupier/shared/realtime';
import { SESSION_COOKIE } from '../modules/auth/session.service.ts';
import type { Client } from '../modules/auth/test-helpers.ts';

export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}

export function sessionCookie(client: Client): string {
  const token = client.jar.get(SESSION_COOKIE);
  if (!token) throw new Error('client is not signed in');
  return `${SESSION_COOKIE}=${token}`;
}

export interface OpenOptions {
  cookie?: string;
  origin?: string;
  transport?: 'websocket' | 'polling';
}

/** Connects and resolves once connected; rejects with the server's refusal. */
export function openSocket(url: string, opts: OpenOptions = {}): Promise<TestSocket> {
  const headers: Record<string, string> = {};
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.origin) headers.origin = opts.origin;
  const socket: TestSocket = connectClient(url, {
    path: REALTIME_PATH,
    transports: [opts.transport ?? 'websocket'],
    extraHeaders: headers,
    reconnection: false,
    forceNew: true,
    timeout: 5_000,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** Everything a socket receives on the given events, in arrival order. */
export function record(socket: TestSocket, events: string[]): { event: string; data: unknown }[] {
  const seen: { event: string; data: unknown }[] = [];
  socket.onAny((event: string, data: unknown) => {
    if (events.includes(event)) seen.push({ event, data });
  });
  return seen;
}

/** The next `event` the socket receives whose payload passes `match`. */
export function nextEvent<T = unknown>(
  socket: TestSocket,
  event: string,
  match: (data: T) => boolean = () => true,
  timeoutMs = 5_000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.offAny(handler);
      reject(new Error(`no ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    function handler(name: string, data: T) {
      if (name !== event || !match(data)) return;
      clearTimeout(timer);
      socket.offAny(handler);
      resolve(data);
    }
    socket.onAny(handler);
  });
}

export function disconnected(socket: TestSocket, timeoutMs = 5_000): Promise<string> {
  if (!socket.connected) return Promise.resolve('already disconnected');
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still connected after ${timeoutMs} ms`)), timeoutMs);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

/** A wallet payload as the `balance` channel carries it. */
export function wallet(amount: number, version: number, currency = 'EUR'): Account {
  return {
    currency,
    active: true,
    amount_cents: amount,
    available_to_cashout_cents: amount,
    available_to_bet_with_locked_cent: amount,
    deposit_available: true,
    hidden_at: null,
    selected_lottery_id: null,
    version,
  };
}
