import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { Env } from './config/env.ts';
import type { Database } from './db/client.ts';
import { createEventLog } from './events/event-log.ts';
import { installCompression } from './http/compression.ts';
import { installContractDocs } from './http/contract.ts';
import { installCsrfGuard } from './http/csrf.ts';
import { installErrorHandler } from './http/errors.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import type { Clock } from './lib/clock.ts';
import { cryptoRandom, type RandomSource } from './lib/random.ts';
import { loggerOptions } from './lib/logger.ts';
import { jobsAdminRoutes } from './jobs/jobs.routes.ts';
import { createScheduler } from './jobs/scheduler.ts';
import { authModule, createSessionService, requireUserFrom, type LoadedSession } from './modules/auth/index.ts';
import { gamesModule } from './modules/games/index.ts';
import { gamesHostModule } from './modules/games-host/index.ts';
import { infoModule } from './modules/info/index.ts';
import { jackpotsModule } from './modules/jackpots/index.ts';
import { limitsModule } from './modules/limits/index.ts';
import { bonusesModule } from './modules/bonuses/index.ts';
import { createOutboxSmsSender, mailModule, type Mailer, type SmsSender } from './modules/mail/index.ts';
import { documentsModule } from './modules/documents/index.ts';
import {
  installModules,
  type ModuleApis,
  type ModuleContext,
  type ModuleDefinition,
  type Platform,
} from './modules/module.ts';
import { paymentsModule } from './modules/payments/index.ts';
import { playerModule } from './modules/player/index.ts';
import { profileModule } from './modules/profile/index.ts';
import { privacyModule } from './modules/privacy/index.ts';
import { createWallet, walletModule } from './modules/wallet/index.ts';
import { createRealtimeHub } from './realtime/hub.ts';
import { createSocketAuth } from './realtime/session-auth.ts';
import { clockAdminRoutes } from './http/clock-admin.routes.ts';
import type { ShiftableClock } from './lib/clock.ts';

/**
 * The casino's modules, in the order they are built: a module may `use` only those before it
 * (docs/architecture.md, "One module shape"). Adding a module is adding it here.
 */
export const MODULES: readonly ModuleDefinition<string, unknown>[] = [
  authModule,
  playerModule,
  mailModule,
  infoModule,
  gamesModule,
  walletModule,
  limitsModule,
  profileModule,
  documentsModule,
  bonusesModule,
  gamesHostModule,
  jackpotsModule,
  paymentsModule,
  privacyModule,
];

/** What route plugins receive: the platform and `use` (kept under this name for the route files). */
export type AppDeps = ModuleContext;

/** A built casino: the HTTP app, the platform services and every module's API. */
export interface Croupier extends Platform {
  http: FastifyInstance;
  modules: ModuleApis;
}

export interface BuildAppOptions {
  env: Env;
  database: Database;
  clock: Clock;
  /** A clock the operator API may move forward (`CLOCK_SHIFT`, browser stories only). */
  clockControl?: ShiftableClock;
  /** Defaults to the CSPRNG; tests pass `seededRandom(...)` to pin outcomes. */
  random?: RandomSource;
  mailer: Mailer;
  /** Text messages; defaults to the outbox sender the dev mailbox shows (docs/player-profile.md#sms-sender). */
  sms?: SmsSender;
  /** Mounts the server-rendered web app (left out by API-only tests). */
  web?: (app: FastifyInstance) => Promise<void>;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Builds the HTTP app from its dependencies. Never listens: main.ts does (docs/architecture.md#the-server). */
export async function buildApp(options: BuildAppOptions): Promise<Croupier> {
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

  const jobs = createScheduler({ database, log: app.log });
  // Before the database closes: runs in progress finish or are handed back.
  app.addHook('onClose', () => jobs.stop());
  await app.register(async (scope) => jobsAdminRoutes(scope, { token: env.ADMIN_API_TOKEN, jobs }));
  await app.register(async (scope) =>
    clockAdminRoutes(scope, {
      token: env.ADMIN_API_TOKEN,
      ...(options.clockControl ? { clock: options.clockControl } : {}),
    }),
  );

  const platform: Platform = {
    env,
    database,
    clock,
    random: options.random ?? cryptoRandom,
    mailer,
    sms: options.sms ?? createOutboxSmsSender(database.db, () => clock.now()),
    sessions,
    wallet,
    realtime,
    events,
    jobs,
    log: app.log,
  };
  const modules = await installModules(app, platform, MODULES);

  // Unknown API paths answer JSON, never the web app's HTML.
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ code: 'not_found', error: `No route ${request.method} ${request.url.split('?')[0]}` });
  });

  if (options.web) await options.web(app);

  return { ...platform, http: app, modules };
}
