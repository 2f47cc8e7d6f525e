import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type Croupier } from '../src/app.ts';
import type { ModuleApis } from '../src/modules/module.ts';
import { watchRealtimeContract } from './contract.ts';
import { parseEnv, type Env } from '../src/config/env.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { movingClock } from '../src/lib/clock.ts';
import { seededRandom, type RandomSource } from '../src/lib/random.ts';
import type { MailMessage, Mailer } from '../src/modules/mail/mailer.ts';
import type { SmsSender } from '../src/modules/mail/sms.ts';

/** The test's random source: pinned, and a test may queue the exact bytes the next draws take. */
export interface TestRandom extends RandomSource {
  /** The next `bytes(n)` calls answer these buffers, in order (each must have the length asked). */
  queueBytes(...buffers: Buffer[]): void;
}

function steerable(base: RandomSource): TestRandom {
  const queued: Buffer[] = [];
  return {
    bytes(n) {
      const next = queued.shift();
      if (!next) return base.bytes(n);
      if (next.length !== n) throw new Error(`queued ${next.length} random bytes, ${n} were drawn`);
      return next;
    },
    int: (max) => base.int(max),
    queueBytes: (...buffers) => void queued.push(...buffers),
  };
}

/**
 * A casino built for one test file. The platform's services and each module's API sit beside the
 * HTTP app (`t.wallet`, `t.payments`, `t.gamesHost`…), as `buildApp` returns them.
 */
export interface TestApp {
  app: FastifyInstance;
  croupier: Croupier;
  wallet: Croupier['wallet'];
  events: Croupier['events'];
  jobs: Croupier['jobs'];
  realtime: Croupier['realtime'];
  games: ModuleApis['games'];
  gamesHost: ModuleApis['games-host'];
  jackpots: ModuleApis['jackpots'];
  payments: ModuleApis['payments'];
  random: TestRandom;
  database: Database;
  /** PostgreSQL only: the test database's URL, for a second connection acting as another instance. */
  databaseUrl?: string;
  env: Env;
  /**
   * Stands still while the test makes one request at a time, and moves TEST_CLOCK_TICK_MS on every
   * read while requests overlap (docs/reliability.md#concurrency-tests), or always with `tickMs`.
   */
  clock: ReturnType<typeof movingClock>;
  /** Mail the app sent, newest last. */
  mail: MailMessage[];
  close(): Promise<void>;
}

/** A database for one test file: a copy of the migrated, seeded template. */
export async function openTestDatabase(): Promise<{
  database: Database;
  drop(): Promise<void>;
  /** PostgreSQL only: the database's URL, for a second connection acting as another instance. */
  url?: string;
}> {
  const pgTemplate = inject('pgTemplate');
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl && pgTemplate) {
    const name = `croupier_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${pgTemplate}`);
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    // The forced DROP below terminates this file's connections: expected, so not reported.
    const database = await openDatabase({ databaseUrl: url.toString(), onPoolError: () => {} });
    return {
      database,
      url: url.toString(),
      async drop() {
        await database.close();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const tarball = await fs.readFile(inject('pgliteTemplate'));
  const database = await openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([tarball]) });
  return { database, drop: () => database.close() };
}

/** The random source every test app gets unless a test passes its own: outcomes repeat run after run. */
export const TEST_RANDOM_SEED = 'croupier-test-random';

/**
 * While a test app serves two or more requests at once, its clock moves this much on each read, so
 * concurrent requests carry different, unordered times as they do in production: a rule that reads
 * a window under a lock cannot pass a concurrency test only because every request saw the same
 * instant (docs/reliability.md#concurrency-tests). One request at a time, it stands still, so a
 * test can still say exactly when something happened.
 */
export const TEST_CLOCK_TICK_MS = 3;

export async function buildTestApp(
  overrides: Partial<Record<string, string>> = {},
  /** `sms`: a text-message sender instead of the default outbox one (docs/player-profile.md#sms-sender). */
  /** `tickMs`: the clock moves this much on every read, overlapping requests or not (0: never). */
  options: { random?: RandomSource; sms?: SmsSender; tickMs?: number } = {},
): Promise<TestApp> {
  // Uploaded documents go to a folder of this test app, removed when it closes, never into DATA_DIR.
  const documentsDir = overrides.DOCUMENTS_DIR ? null : await fs.mkdtemp(path.join(os.tmpdir(), 'croupier-test-docs-'));
  const env = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_ON_START: 'false',
    ...(documentsDir ? { DOCUMENTS_DIR: documentsDir } : {}),
    ...overrides,
  });
  const { database, drop, url } = await openTestDatabase();
  // Requests in flight through `app.inject`: two or more at once and the clock moves.
  let inFlight = 0;
  const clock = movingClock(new Date('2026-11-22T12:00:00Z'), options.tickMs ?? TEST_CLOCK_TICK_MS, () =>
    options.tickMs !== undefined ? true : inFlight > 1,
  );
  const mail: MailMessage[] = [];
  const mailer: Mailer = {
    async send(message) {
      mail.push(message);
    },
    // Seen only once the caller's transaction has committed, as the outbox row is.
    async sendIn(_tx, message) {
      return () => mail.push(message);
    },
  };
  const random = steerable(options.random ?? seededRandom(TEST_RANDOM_SEED));
  const start = clock.now().getTime();
  // CLOCK_SHIFT: the operator's clock call moves this test's clock (docs/http.md#moving-the-clock).
  const clockControl = env.CLOCK_SHIFT
    ? { now: clock.now, advance: clock.advance, offsetMs: () => clock.now().getTime() - start }
    : undefined;
  const croupier = await buildApp({
    env,
    database,
    clock,
    mailer,
    random,
    ...(clockControl ? { clockControl } : {}),
    ...(options.sms ? { sms: options.sms } : {}),
  });
  const app = croupier.http;
  const inject = app.inject.bind(app) as (opts: InjectOptions | string) => Promise<LightMyRequestResponse>;
  // Every test request goes through inject; counting them tells the clock when requests overlap.
  (app as { inject: unknown }).inject = async (opts: InjectOptions | string) => {
    inFlight++;
    try {
      return await inject(opts);
    } finally {
      inFlight--;
    }
  };
  const realtimeContract = watchRealtimeContract(croupier.realtime);
  await app.ready();
  return {
    app,
    croupier,
    wallet: croupier.wallet,
    events: { ...croupier.events, drain: (consumer?: string) => drainToEnd(croupier, consumer) },
    jobs: croupier.jobs,
    realtime: croupier.realtime,
    games: croupier.modules.games,
    gamesHost: croupier.modules['games-host'],
    jackpots: croupier.modules.jackpots,
    payments: croupier.modules.payments,
    random,
    database,
    ...(url ? { databaseUrl: url } : {}),
    env,
    clock,
    mail,
    async close() {
      await app.close();
      await drop();
      if (documentsDir) await fs.rm(documentsDir, { recursive: true, force: true });
      realtimeContract.check();
    },
  };
}

/** A cookie-keeping API client over inject, sending the headers our web client sends. */
export function createClient(app: FastifyInstance) {
  const jar = new Map<string, string>();
  async function request(
    method: InjectOptions['method'],
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await app.inject({
      method,
      url,
      headers: {
        'x-requested-with': 'XMLHttpRequest',
        accept: 'application/json',
        ...(cookie ? { cookie } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { payload: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
    for (const c of res.cookies) {
      if (c.value === '' || c.maxAge === 0) jar.delete(c.name);
      else jar.set(c.name, c.value);
    }
    return res;
  }
  return {
    jar,
    get: (url: string, headers?: Record<string, string>) => request('GET', url, undefined, headers),
    post: (url: string, body?: unknown, headers?: Record<string, string>) => request('POST', url, body ?? {}, headers),
    put: (url: string, body?: unknown, headers?: Record<string, string>) => request('PUT', url, body ?? {}, headers),
    patch: (url: string, body?: unknown, headers?: Record<string, string>) =>
      request('PATCH', url, body ?? {}, headers),
    delete: (url: string, headers?: Record<string, string>) => request('DELETE', url, undefined, headers),
  };
}

/**
 * `events.drain` for tests: drains until the consumer (or every consumer) has passed the last event
 * of the log. One drain applies only the events older than every transaction still running on the
 * server (docs/events.md#consuming); on a shared PostgreSQL server that includes other test files'
 * transactions in their own databases, so one drain may stop short for a moment. This waits for that
 * condition, never for a fixed time. A failing consumer stays where it is (its cursor says why).
 */
async function drainToEnd(croupier: Croupier, consumer?: string): Promise<number> {
  let total = 0;
  const names = consumer === undefined ? croupier.events.consumerNames() : [consumer];
  const list = sql.join(
    names.map((n) => sql`${n}`),
    sql`, `,
  );
  for (let attempt = 0; attempt < 400; attempt++) {
    total += await croupier.events.drain(consumer);
    if (names.length === 0) return total;
    const found = await croupier.database.db.execute(
      sql`SELECT EXISTS (
            SELECT 1 FROM event_cursors c
             WHERE c.consumer IN (${list}) AND c.failures = 0
               AND EXISTS (SELECT 1 FROM events e WHERE (e.tx, e.id) > (c.last_tx, c.last_id))) AS behind`,
    );
    if (!(found.rows[0] as { behind: boolean } | undefined)?.behind) return total;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`events: ${consumer ?? 'the consumers'} did not reach the end of the log`);
}

/**
 * On a moving clock a request reads the time somewhere between two reads the test takes around it:
 * `value` (an ISO time or Date) is `offsetMs` after some instant in [before, after].
 */
export function expectTimeWithin(value: unknown, before: Date, after: Date, offsetMs = 0): void {
  const at = new Date(value as string | Date).getTime() - offsetMs;
  if (!(at >= before.getTime() && at <= after.getTime()))
    throw new Error(
      `expected ${String(value)} to be ${offsetMs} ms after a time between ${before.toISOString()} and ${after.toISOString()}`,
    );
}
