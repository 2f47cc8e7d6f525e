import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every value the server reads from the environment, parsed once at start-up. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Public origin players use, e.g. https://croupier.example. Drives cookies, links in mail, CSRF. */
  PUBLIC_URL: z.url().optional(),
  /** Empty: embedded PGlite in DATA_DIR. Set: a PostgreSQL server. */
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default(path.join(repoRoot, '.data')),
  /** Seed demo content (idempotent) when the server starts. */
  SEED_ON_START: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** SMTP URL (smtp://user:pass@host:port). Empty: mail goes to the outbox and the dev mailbox page. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Croupier <no-reply@croupier.local>'),
  /** Secret for HMACs (session ids are random; this signs tokens in links). Required in production. */
  APP_SECRET: z.string().min(32).optional(),
  /** Comma-separated extra origins allowed to make state-changing requests. */
  ALLOWED_ORIGINS: z.string().default(''),
  /** Countries whose guests are restricted (HTTP 451 semantics, SPEC §2), comma-separated ISO codes. */
  RESTRICTED_COUNTRIES: z.string().default('US'),
  /** Trust X-Forwarded-* from a proxy in front of us. */
  TRUST_PROXY: bool.default(false),
  /** Failed sign-ins per account (and 4× that per IP) before a temporary lock. */
  AUTH_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  AUTH_LOCK_MINUTES: z.coerce.number().int().min(1).default(15),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(60 * 24 * 7),
  SESSION_ABSOLUTE_DAYS: z.coerce.number().int().min(1).default(30),
  WEB_BUILD_DIR: z.string().default(path.join(repoRoot, 'apps/web/build')),
  /**
   * Third-party game providers allowed on the seamless-wallet endpoint: `id:secret` pairs,
   * comma-separated (secrets of 32+ characters). Croupier's own games host is always allowed.
   */
  WALLET_PROVIDERS: z.string().default(''),
  /** Bearer token of the operator API (`/api/admin/...`); unset, those routes do not exist. */
  ADMIN_API_TOKEN: z.string().min(32).optional(),
  /** Minutes a game session (the wallet protocol's session token) accepts new bets. */
  GAME_SESSION_MINUTES: z.coerce.number().int().min(1).default(240),
  /** Minutes after which a game round left open is settled in the player's favour (RELIABILITY G8). */
  GAME_ROUND_ABANDON_MINUTES: z.coerce.number().int().min(1).default(1440),
  /** Seconds a withdrawal stays recallable before the payout job sends it to the provider. */
  PAYOUT_APPROVAL_SECONDS: z.coerce.number().int().min(0).default(60),
  /**
   * Players may recall (cancel) a withdrawal while it waits for approval (SPEC §4). Jurisdictions
   * that ban reverse withdrawals (UKGC) set false: the recall is refused with 409 recall_disabled.
   */
  WITHDRAWAL_RECALL: bool.default(true),
  /**
   * The built-in sandbox payment provider and simulated chain (test cards credit real balances!).
   * A real-money deployment sets this to false and configures a real provider adapter.
   */
  PAYMENTS_SANDBOX: bool.default(true),
  /** Confirmations after which a sandbox crypto deposit is credited, and seconds per sandbox block. */
  CRYPTO_CONFIRMATIONS: z.coerce.number().int().min(1).default(3),
  CRYPTO_BLOCK_SECONDS: z.coerce.number().int().min(1).default(10),
  /** redis://host:port: realtime events fan out across api instances. Unset: one instance, in-process. */
  REDIS_URL: z.string().optional(),
  /** Prefix of the Redis channels: the instances of one deployment share it, other deployments differ. */
  REDIS_PREFIX: z.string().regex(/^[A-Za-z0-9:_-]{1,64}$/).default('croupier'),
});

export type Env = z.infer<typeof EnvSchema> & {
  publicUrl: string;
  appSecret: string;
  allowedOrigins: string[];
  restrictedCountries: string[];
  repoRoot: string;
};

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // Empty strings in .env files mean "not set".
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = result.data;
  if (env.NODE_ENV === 'production' && !env.APP_SECRET && env.PUBLIC_URL?.startsWith('https:')) {
    throw new Error('Invalid configuration:\n  APP_SECRET: required when serving a public https site');
  }
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    ...env,
    publicUrl,
    // A fixed development secret keeps links valid across restarts on a demo machine; production
    // on a public https origin must set its own (checked above).
    appSecret: env.APP_SECRET ?? 'croupier-development-secret-do-not-use-in-production',
    allowedOrigins: env.ALLOWED_ORIGINS.split(',').map((s) => s.trim()).filter(Boolean),
    restrictedCountries: env.RESTRICTED_COUNTRIES.split(',').map((s) => s.trim().toUpperCase()).filter(Boolean),
    repoRoot,
  };
}
