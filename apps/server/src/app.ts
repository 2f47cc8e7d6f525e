import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { Env } from './config/env.ts';
import type { Database } from './db/client.ts';
import { createEventLog, type EventLog } from './events/event-log.ts';
import { installCompression } from './http/compression.ts';
import { installContractDocs } from './http/contract.ts';
import { installCsrfGuard } from './http/csrf.ts';
import { installErrorHandler } from './http/errors.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import type { Clock } from './lib/clock.ts';
import { cryptoRandom, type RandomSource } from './lib/random.ts';
import { loggerOptions } from './lib/logger.ts';
import { jobsAdminRoutes } from './jobs/jobs.routes.ts';
import { createScheduler, type Scheduler } from './jobs/scheduler.ts';
import { authRoutes } from './modules/auth/index.ts';
import {
  createSessionService,
  requireUserFrom,
  type LoadedSession,
  type SessionService,
} from './modules/auth/index.ts';
import { gamesRoutes } from './modules/games/index.ts';
import { registerWinsFeed } from './modules/games/index.ts';
import { infoRoutes } from './modules/info/index.ts';
import type { Mailer } from './modules/mail/index.ts';
import { playerRoutes } from './modules/player/index.ts';
import { limitsRoutes } from './modules/limits/index.ts';
import { createWallet, type Wallet } from './modules/wallet/index.ts';
import { registerGamesHost, type GamesHostModule } from './modules/games-host/index.ts';
import { registerJackpots, type JackpotsModule } from './modules/jackpots/index.ts';
import { registerPayments, type PaymentsModule } from './modules/payments/index.ts';
import { walletRoutes } from './modules/wallet/index.ts';
import { createRealtimeHub, type RealtimeHub } from './realtime/hub.ts';
import { createSocketAuth } from './realtime/session-auth.ts';

/** What the app is built from. Tests pass an in-memory database, a fake clock and a test mailer. */
export interface AppDeps {
  env: Env;
  database: Database;
  clock: Clock;
  /** Chance that decides outcomes (game seeds, jackpot drops); the CSPRNG unless a test pins it. */
  random: RandomSource;
  mailer: Mailer;
  sessions: SessionService;
  wallet: Wallet;
  realtime: RealtimeHub;
  /** The durable event log: modules register their consumers on it (docs/events.md). */
  events: EventLog;
  /** Leased background jobs: modules define theirs; `main.ts` starts them (docs/jobs.md). */
  jobs: Scheduler;
}

declare module 'fastify' {
  interface FastifyInstance {
    wallet: Wallet;
    events: EventLog;
    jobs: Scheduler;
    games: GamesHostModule;
    jackpots: JackpotsModule;
    payments: PaymentsModule;
  }
}

export interface BuildAppOptions {
  env: Env;
  database: Database;
  clock: Clock;
  /** Defaults to the CSPRNG; tests pass `seededRandom(...)` to pin outcomes. */
  random?: RandomSource;
  mailer: Mailer;
  /** Mounts the server-rendered web app (left out by API-only tests). */
  web?: (app: FastifyInstance) => Promise<void>;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Builds the HTTP app from its dependencies. Never listens: main.ts does (docs/architecture.md#the-server). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { env, database, clock, mailer } = options;
  const app = Fastify({
    logger: loggerOptions(env),
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 64 * 1024,
    // Accept a caller's request id when it looks like one, so a request can be traced across
    // services; otherwise mint one.
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    requestIdHeader: false,
  });

  const sessions = createSessionService({
    db: database.db,
    clock,
    idleMinutes: env.SESSION_IDLE_MINUTES,
    absoluteDays: env.SESSION_ABSOLUTE_DAYS,
    secureCookies: env.publicUrl.startsWith('https:'),
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // Loaded lazily and once per request: guest traffic to public catalogue routes never touches
  // the sessions table.
  app.decorateRequest('auth', null as unknown as FastifyRequest['auth']);
  app.decorateRequest('requireUser', null as unknown as FastifyRequest['requireUser']);
  app.addHook('onRequest', async (request) => {
    let cached: Promise<LoadedSession | null> | undefined;
    request.auth = () => (cached ??= sessions.load(request));
    request.requireUser = async () => requireUserFrom(await request.auth());
  });

  installErrorHandler(app);
  installCsrfGuard(app, [env.publicUrl, ...env.allowedOrigins]);
  installSecurityHeaders(app, env);
  // Before any route: it hooks each route as it is added.
  await installCompression(app);

  app.get('/health', async () => ({ status: 'ok' }));
  installContractDocs(app, { publicUrl: env.publicUrl });

  const wallet = createWallet({
    db: database.db,
    clock,
    providers: env.WALLET_PROVIDERS,
    logError: (message, error) => app.log.error({ err: error }, message),
  });

  const realtime = await createRealtimeHub({
    server: app.server,
    allowedOrigins: [env.publicUrl, ...env.allowedOrigins],
    trustProxy: env.TRUST_PROXY,
    auth: createSocketAuth({ sessions, db: database.db, clock, idleMinutes: env.SESSION_IDLE_MINUTES }),
    log: app.log,
    redisUrl: env.REDIS_URL,
    redisPrefix: env.REDIS_PREFIX,
  });
  // preClose, not onClose: open sockets must end before Fastify waits for the server's connections.
  app.addHook('preClose', () => realtime.close());
  app.decorate('realtime', realtime);
  // Balance events leave only after the wallet's transaction committed (the wallet calls this then).
  wallet.onBalance((userId, account) => realtime.publishPrivate(userId, 'balance', account));

  const events = createEventLog({
    db: database.db,
    signal: database.signal,
    logError: (message, error) => app.log.error({ err: error }, message),
  });
  // A committed wallet call appended its event: consumers in this process catch up at once.
  wallet.onCommitted(() => events.wake());
  app.addHook('onClose', () => events.stop());
  app.decorate('events', events);

  const jobs = createScheduler({ database, log: app.log });
  // Before the database closes: runs in progress finish or are handed back.
  app.addHook('onClose', () => jobs.stop());
  app.decorate('jobs', jobs);
  await app.register(async (scope) => jobsAdminRoutes(scope, { token: env.ADMIN_API_TOKEN, jobs }));

  const deps: AppDeps = {
    env,
    database,
    clock,
    random: options.random ?? cryptoRandom,
    mailer,
    sessions,
    wallet,
    realtime,
    events,
    jobs,
  };
  // Tests and benchmarks reach the wallet (funding players, invariant checks) through the app.
  app.decorate('wallet', wallet);
  await app.register(authRoutes, deps);
  await app.register(playerRoutes, deps);
  await app.register(infoRoutes, deps);
  await app.register(gamesRoutes, deps);
  await app.register(walletRoutes, deps);
  await app.register(limitsRoutes, deps);
  const games = await registerGamesHost(app, deps);
  app.decorate('games', games);
  const jackpots = await registerJackpots(app, deps, games.host.deps.catalogue);
  app.decorate('jackpots', jackpots);
  // Every event below is published after its transaction committed.
  games.onSharedRound((game, event) => realtime.publishRoom(game, event));
  registerWinsFeed(events, games.host.deps.catalogue, (item) => realtime.publishPublic('public:wins', item));
  jackpots.onWin((userId, award) => realtime.publishPrivate(userId, 'jackpot_win_award', award));
  jackpots.onChange((jackpot) => realtime.publishPublic('public:jackpots_changes', jackpot));
  const payments = await registerPayments(app, deps);
  app.decorate('payments', payments);
  payments.onChange((userId, payment) => realtime.publishPrivate(userId, 'payments_changes', payment));
  // A payment transition appended its event (deposit credited, withdrawal paid): consumers catch up.
  payments.onChange(() => events.wake());

  // Unknown API paths answer JSON, never the web app's HTML.
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ code: 'not_found', error: `No route ${request.method} ${request.url.split('?')[0]}` });
  });

  if (options.web) await options.web(app);

  return app;
}
