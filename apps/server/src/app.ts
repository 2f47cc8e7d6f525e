import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { Env } from './config/env.ts';
import type { Database } from './db/client.ts';
import { installCsrfGuard } from './http/csrf.ts';
import { installErrorHandler } from './http/errors.ts';
import type { Clock } from './lib/clock.ts';
import { loggerOptions } from './lib/logger.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createSessionService, requireUserFrom, type LoadedSession, type SessionService } from './modules/auth/session.service.ts';
import { gamesRoutes } from './modules/games/games.routes.ts';
import { infoRoutes } from './modules/info/info.routes.ts';
import type { Mailer } from './modules/mail/mailer.ts';
import { playerRoutes } from './modules/player/player.routes.ts';

/** What the app is built from. Tests pass an in-memory database, a fake clock and a test mailer. */
export interface AppDeps {
  env: Env;
  database: Database;
  clock: Clock;
  mailer: Mailer;
  sessions: SessionService;
}

export interface BuildAppOptions {
  env: Env;
  database: Database;
  clock: Clock;
  mailer: Mailer;
  /** Mounts the server-rendered web app (left out by API-only tests). */
  web?: (app: FastifyInstance) => Promise<void>;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Builds the HTTP app from its dependencies. Never listens: main.ts does (STYLE §3). */
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

  app.get('/health', async () => ({ status: 'ok' }));

  const deps: AppDeps = { env, database, clock, mailer, sessions };
  await app.register(authRoutes, deps);
  await app.register(playerRoutes, deps);
  await app.register(infoRoutes, deps);
  await app.register(gamesRoutes, deps);

  // Unknown API paths answer JSON, never the web app's HTML.
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ code: 'not_found', error: `No route ${request.method} ${request.url.split('?')[0]}` });
  });

  if (options.web) await options.web(app);

  return app;
}
