/**
 * Realtime delivery latency (issue 3 §8): with many authenticated sockets connected, how long a
 * `balance` event takes from `publishPrivate` on the server to its player's socket. Prints figures
 * and asserts nothing (target: p99 ≤ 50 ms with 2,000 sockets).
 *
 * The app runs in this process (in-memory embedded PGlite, or PostgreSQL when `databaseUrl` names
 * a fresh database). The clients run in a worker thread, so their
 * parsing does not queue behind the server on one event loop; the machine's cores are still shared.
 * Players and sessions are inserted directly (one INSERT for the players, the session service for
 * the sessions) instead of 2,000 argon2 sign-ups. Publish and receive times are read from the same
 * clock (`performance.timeOrigin + performance.now()` in both threads).
 *
 * Alone: `node --import tsx apps/server/bench/realtime-latency.ts` (env REALTIME_SOCKETS,
 * REALTIME_EVENTS, REALTIME_RATE override the defaults; REALTIME_DATABASE_URL runs it on PostgreSQL).
 */
import { randomInt } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Account } from '@croupier/shared/api/player';
import { REALTIME_PATH } from '@croupier/shared/realtime';

export interface RealtimeBenchOptions {
  /** Authenticated sockets, one player each (default 2,000). */
  sockets?: number;
  /** Balance events published, each to a random connected player (default 2,000). */
  events?: number;
  /** Events per second (default 500): a steady stream, so the figures show latency, not a queue. */
  rate?: number;
  /**
   * A fresh PostgreSQL database to run on (migrated here, and 2,000 players are written to it).
   * Default: an in-memory embedded PGlite, never DATABASE_URL, so a configured database is not filled.
   */
  databaseUrl?: string;
  log?: (line: string) => void;
}

export interface RealtimeBenchResult {
  connected: number;
  events: number;
  /** Events that arrived within the wait; the percentiles are over these. */
  received: number;
  p50: number;
  p99: number;
  max: number;
}

const now = () => performance.timeOrigin + performance.now();

interface ClientsData {
  url: string;
  origin: string;
  path: string;
  cookies: string[];
  /** Resolved here: the worker's evaluated source has no module location to resolve from. */
  clientUrl: string;
  maxEvents: number;
}

type FromClients =
  { type: 'connected'; connected: number; failed: number; error?: string } | { type: 'receipts'; times: Float64Array };

type ToClients = { type: 'collect'; events: number; timeoutMs: number } | { type: 'close' };

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function benchRealtimeLatency(opts: RealtimeBenchOptions = {}): Promise<RealtimeBenchResult> {
  const sockets = opts.sockets ?? 2_000;
  const events = opts.events ?? 2_000;
  const rate = opts.rate ?? 500;
  const log = opts.log ?? (() => {});
  const databaseUrl = opts.databaseUrl;

  // Imported on call, so that importing this module (bench/run.ts) costs nothing until it runs.
  const { buildApp } = await import('../src/app.ts');
  const { parseEnv } = await import('../src/config/env.ts');
  const { openDatabase } = await import('../src/db/client.ts');
  const { systemClock } = await import('../src/lib/clock.ts');
  const { discardingMailer } = await import('../src/modules/mail/mailer.ts');
  const { createSessionService, SESSION_COOKIE } = await import('../src/modules/auth/session.service.ts');

  const env = parseEnv({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    SEED_ON_START: 'false',
    PORT: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const database = await openDatabase({ databaseUrl, dataDir: 'memory://', poolSize: 10 });
  let worker: Worker | null = null;
  const croupier = await (async () => {
    await database.migrate();
    return buildApp({ env, database, clock: systemClock, mailer: discardingMailer });
  })();
  const app = croupier.http;
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const url = `http://127.0.0.1:${address.port}`;

    const t0 = now();
    const created = await database.db.execute(sql`
      INSERT INTO users (email, encrypted_password, currency, nickname)
      SELECT 'rt-bench-' || g || '-' || ${Date.now()} || '@example.test', 'x', 'EUR', 'rt_' || g
      FROM generate_series(1, ${sockets}) AS g
      RETURNING id`);
    const userIds = (created.rows as { id: number }[]).map((r) => Number(r.id));
    const sessions = createSessionService({
      db: database.db,
      clock: systemClock,
      idleMinutes: env.SESSION_IDLE_MINUTES,
      absoluteDays: env.SESSION_ABSOLUTE_DAYS,
      secureCookies: false,
    });
    const cookies: string[] = [];
    for (const userId of userIds) {
      let cookie = '';
      const reply = {
        header: (_name: string, value: string) => void (cookie = value.split(';')[0]!),
      } as unknown as FastifyReply;
      await sessions.start({ headers: {}, ip: '127.0.0.1' } as FastifyRequest, reply, { userId });
      if (!cookie.startsWith(`${SESSION_COOKIE}=`)) throw new Error('session cookie not issued');
      cookies.push(cookie);
    }
    log(`realtime bench: ${sockets} players and sessions in ${Math.round(now() - t0)} ms (${database.kind})`);

    const data: ClientsData = {
      url,
      origin: env.publicUrl,
      path: REALTIME_PATH,
      cookies,
      clientUrl: import.meta.resolve('socket.io-client'),
      maxEvents: events,
    };
    worker = new Worker(CLIENTS_WORKER, { eval: true, workerData: data });
    const messages: FromClients[] = [];
    let wake: (() => void) | null = null;
    worker.on('message', (m: FromClients) => {
      messages.push(m);
      wake?.();
    });
    const workerFailed = new Promise<never>((_, reject) => worker!.once('error', reject));
    const next = async <T extends FromClients['type']>(type: T): Promise<Extract<FromClients, { type: T }>> => {
      for (;;) {
        const i = messages.findIndex((m) => m.type === type);
        if (i >= 0) return messages.splice(i, 1)[0] as Extract<FromClients, { type: T }>;
        await Promise.race([new Promise<void>((r) => (wake = r)), workerFailed]);
      }
    };

    const t1 = now();
    const hello = await next('connected');
    if (hello.error) log(`realtime bench: first connection error: ${hello.error}`);
    log(
      `realtime bench: ${hello.connected} sockets connected (${hello.failed} failed) in ${Math.round(now() - t1)} ms; server counts ${croupier.realtime.connectedCount()}`,
    );

    // Publish: event k carries version k+1, which the worker uses as its index.
    const publishedAt = new Float64Array(events);
    const interval = 1_000 / rate;
    const start = now();
    for (let k = 0; k < events; k++) {
      const due = start + k * interval;
      const wait = due - now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      const userId = userIds[randomInt(userIds.length)]!;
      const wallet: Account = {
        currency: 'EUR',
        active: true,
        amount_cents: 10_000 + k,
        available_to_cashout_cents: 10_000 + k,
        available_to_bet_with_locked_cent: 10_000 + k,
        deposit_available: true,
        hidden_at: null,
        selected_lottery_id: null,
        version: k + 1,
      };
      publishedAt[k] = now();
      croupier.realtime.publishPrivate(userId, 'balance', wallet);
    }
    worker.postMessage({ type: 'collect', events, timeoutMs: 10_000 } satisfies ToClients);
    const { times } = await next('receipts');
    const latencies: number[] = [];
    for (let k = 0; k < events; k++) if (times[k]! > 0) latencies.push(times[k]! - publishedAt[k]!);
    latencies.sort((a, b) => a - b);
    worker.postMessage({ type: 'close' } satisfies ToClients);
    await new Promise<void>((resolve) => {
      worker!.once('exit', () => resolve());
      setTimeout(resolve, 5_000).unref();
    });
    worker = null;
    return {
      connected: hello.connected,
      events,
      received: latencies.length,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: latencies.at(-1) ?? Number.NaN,
    };
  } finally {
    if (worker) await worker.terminate();
    await app.close();
    await database.close();
  }
}

/**
 * The client side, in a worker thread: connects every player's socket in batches (a burst of 2,000
 * handshakes would measure the accept queue, not the steady state), then records when each balance
 * version arrives. Plain JavaScript evaluated as the worker's source: Node 20 does not carry tsx's
 * loader into worker threads, so a TypeScript worker file would not load.
 */
const CLIENTS_WORKER = `
const { parentPort, workerData: data } = require('node:worker_threads');
const now = () => performance.timeOrigin + performance.now();
(async () => {
  const { io } = await import(data.clientUrl);
  const times = new Float64Array(data.maxEvents);
  let received = 0;
  let onReceived = null;
  const open = [];
  let connected = 0;
  let failed = 0;
  let firstError;
  const connectOne = (cookie) => new Promise((resolve) => {
    const socket = io(data.url, { path: data.path, transports: ['websocket'], extraHeaders: { cookie, origin: data.origin }, forceNew: true, reconnection: false, timeout: 20000 });
    open.push(socket);
    socket.on('balance', (wallet) => {
      times[wallet.version - 1] = now();
      received += 1;
      if (onReceived) onReceived();
    });
    socket.once('connect', () => { connected += 1; resolve(); });
    socket.once('connect_error', (error) => { failed += 1; firstError = firstError || error.message; resolve(); });
  });
  for (let i = 0; i < data.cookies.length; i += 100) await Promise.all(data.cookies.slice(i, i + 100).map(connectOne));
  parentPort.postMessage({ type: 'connected', connected, failed, error: firstError });
  parentPort.on('message', (m) => {
    if (m.type === 'collect') {
      let timer;
      const done = () => {
        onReceived = null;
        clearTimeout(timer);
        parentPort.postMessage({ type: 'receipts', times: times.slice(0, m.events) });
      };
      timer = setTimeout(done, m.timeoutMs);
      if (received >= m.events) done();
      else onReceived = () => { if (received >= m.events) done(); };
    } else {
      for (const s of open) s.close();
      parentPort.close();
    }
  });
})();
`;

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const fmt = (n: number) => n.toFixed(1);
  const r = await benchRealtimeLatency({
    sockets: Number(process.env.REALTIME_SOCKETS ?? 2_000),
    events: Number(process.env.REALTIME_EVENTS ?? 2_000),
    rate: Number(process.env.REALTIME_RATE ?? 500),
    ...(process.env.REALTIME_DATABASE_URL ? { databaseUrl: process.env.REALTIME_DATABASE_URL } : {}),
    log: (line) => console.log(line),
  });
  console.log(
    `realtime: ${r.connected} sockets connected, ${r.received}/${r.events} balance events received; publish→receive p50 ${fmt(r.p50)} ms, p99 ${fmt(r.p99)} ms, max ${fmt(r.max)} ms (target p99 ≤ 50 ms)`,
  );
}
