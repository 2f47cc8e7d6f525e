import { pino } from 'pino';
import { buildApp } from './app.ts';
import { listenHost, parseEnv, startupWarnings } from './config/env.ts';
import { openConfiguredDatabase } from './db/setup.ts';
import { seedDemoContent } from './db/seed.ts';
import { shiftedClock, systemClock, type ShiftableClock } from './lib/clock.ts';
import { loggerOptions } from './lib/logger.ts';
import { createMailer } from './modules/mail/index.ts';
import { mountWeb } from './http/web.ts';

const startedAt = performance.now();
let env;
try {
  env = parseEnv();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const log = pino(loggerOptions(env));
if (env.appSecretOrigin === 'generated')
  log.info({ dataDir: env.DATA_DIR }, 'app secret generated and kept in the data folder (app-secret, mode 0600)');
for (const warning of startupWarnings(env)) log.warn(warning);
if (env.PAYMENTS_SANDBOX && env.NODE_ENV === 'production' && env.DATABASE_URL) {
  log.warn('PAYMENTS_SANDBOX=true: test cards and coins credit real balances; every page shows the sandbox ribbon');
}
const database = await openConfiguredDatabase(env, (error) =>
  log.error({ err: error }, 'idle database connection failed'),
);
if (env.SEED_ON_START) {
  const summary = await seedDemoContent(database.db);
  log.info(summary, 'demo content ready');
}
const mailer = createMailer({ db: database.db, smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, log });
// CLOCK_SHIFT: browser stories step over waits (docs/http.md#moving-the-clock); never in a real deployment.
const clock = env.CLOCK_SHIFT ? shiftedClock(systemClock) : systemClock;
if (env.CLOCK_SHIFT) log.warn('CLOCK_SHIFT=true: the operator API can move this server clock forward');
const croupier = await buildApp({
  env,
  database,
  clock,
  ...(env.CLOCK_SHIFT ? { clockControl: clock as ShiftableClock } : {}),
  mailer,
  web: (instance) => mountWeb(instance, env),
});
const app = croupier.http;

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    await app.close();
    // Let mail already accepted for delivery leave before the transport closes.
    await mailer.flush();
    mailer.close();
    await database.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ host: env.HOST, port: env.PORT });
// Every module's leased jobs (payouts, the sandbox chain, abandoned rounds, the shared-round games)
// run only in a serving process. Not awaited: on the embedded database the scheduler takes
// seconds to start, and the site answers meanwhile.
void croupier.jobs.start().catch((error: unknown) => app.log.error({ err: error }, 'jobs: scheduler failed to start'));
// Event consumers (jackpot contributions, …) catch up with the log now and poll it from here on.
croupier.events.start();
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : env.PORT;
// The origin mail links use (PUBLIC_URL), unless an ephemeral port made it unknowable in advance.
const url = env.PUBLIC_URL || env.PORT !== 0 ? env.publicUrl : `http://${listenHost(env.HOST)}:${port}`;
app.log.info(
  { url, database: database.kind, startupMs: Math.round(performance.now() - startedAt) },
  'Croupier is running',
);
// Plain lines for people and for scripts waiting on start-up.
const extras = [
  env.DEV_MAILBOX && `Mail (confirmation and password links): ${url}/dev/mailbox`,
  env.PAYMENTS_SANDBOX && 'Payments: sandbox provider, test money only (card 4242 4242 4242 4242)',
].filter(Boolean);
process.stdout.write(
  `\nCroupier is running at ${url}  (database: ${database.kind})\n${extras.map((l) => `  ${l}\n`).join('')}\n`,
);
