import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { BONUS_WAGER_MULTIPLIER_CEILING } from '@croupier/shared/api/bonuses';
import { isCurrencyCode } from '@croupier/shared/currencies';
import type { S3StoreConfig } from '../modules/documents/index.ts';
import { resolveAppSecret } from './secrets.ts';

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
  /**
   * The mailbox page (`/dev/mailbox`) that shows what the app mailed, links included. Unset: on
   * outside production, and for the embedded demo without SMTP while it is reachable from this
   * machine only (loopback HOST and PUBLIC_URL, no proxy), so a newcomer can confirm an e-mail or
   * reset a password. It shows every player's links: never turn it on for a site others can reach.
   */
  DEV_MAILBOX: bool.optional(),
  /**
   * The secret every key is derived from (HKDF, one label per purpose: src/config/secrets.ts).
   * Unset: generated once and kept in DATA_DIR/app-secret; required in production with DATABASE_URL.
   */
  APP_SECRET: z.string().min(32).optional(),
  /** Comma-separated extra origins allowed to make state-changing requests. */
  ALLOWED_ORIGINS: z.string().default(''),
  /** Countries whose guests are restricted (HTTP 451 semantics, docs/player-app.md#navigation-rules), comma-separated ISO codes. */
  RESTRICTED_COUNTRIES: z.string().default('US'),
  /** Trust X-Forwarded-* from a proxy in front of us. */
  TRUST_PROXY: bool.default(false),
  /** Failed sign-ins per account (and 4× that per IP) before a temporary lock. */
  AUTH_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  AUTH_LOCK_MINUTES: z.coerce.number().int().min(1).default(15),
  /**
   * Sign-ups per SIGNUP_WINDOW_MINUTES from one client address and from one browser (its device
   * cookie) before 429 (docs/auth.md#sign-up-throttle). Unset: 10 and 3, except under NODE_ENV=test,
   * whose suites make many players from one address.
   */
  SIGNUP_MAX_PER_IP: z.coerce.number().int().min(1).optional(),
  SIGNUP_MAX_PER_DEVICE: z.coerce.number().int().min(1).optional(),
  SIGNUP_WINDOW_MINUTES: z.coerce.number().int().min(1).default(60),
  /**
   * Text messages (phone codes) the whole site sends per 24 hours before it refuses more: a bound on
   * what an abuse of the paid gateway can cost (docs/player-profile.md#phone).
   */
  SMS_DAILY_BUDGET: z.coerce.number().int().min(1).default(1000),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(60 * 24 * 7),
  SESSION_ABSOLUTE_DAYS: z.coerce.number().int().min(1).default(30),
  WEB_BUILD_DIR: z.string().default(path.join(repoRoot, 'apps/web/build')),
  /**
   * Third-party game providers allowed on the seamless-wallet endpoint: `id:secret` pairs,
   * comma-separated (secrets of 32+ characters). Croupier's own games host is not one of them: it
   * runs in-process with a key that never leaves the process, and `/wallet/v1` refuses its id.
   */
  WALLET_PROVIDERS: z.string().default(''),
  /** Bearer token of the operator API (`/api/admin/...`); unset, those routes do not exist. */
  ADMIN_API_TOKEN: z.string().min(32).optional(),
  /**
   * Browser stories only: `POST /api/admin/clock` may move this server's clock forward
   * (docs/http.md#moving-the-clock). Never set it on a server players use.
   */
  CLOCK_SHIFT: bool.default(false),
  /** Minutes a game session (the wallet protocol's session token) accepts new bets. */
  GAME_SESSION_MINUTES: z.coerce.number().int().min(1).default(240),
  /** Minutes after which a game round left open is settled in the player's favour (docs/reliability.md#g8-interrupted-rounds). */
  GAME_ROUND_ABANDON_MINUTES: z.coerce.number().int().min(1).default(1440),
  /** Seconds a withdrawal stays recallable before the payout job sends it to the provider. */
  PAYOUT_APPROVAL_SECONDS: z.coerce.number().int().min(0).default(60),
  /**
   * Players may recall (cancel) a withdrawal while it waits for approval (docs/player-app.md#payment-history). Jurisdictions
   * that ban reverse withdrawals (UKGC) set false: the recall is refused with 409 recall_disabled.
   */
  WITHDRAWAL_RECALL: bool.default(true),
  /**
   * The built-in sandbox payment provider and simulated chain (test cards credit real balances!).
   * Unset: on for the embedded demo and outside production, off in production with DATABASE_URL.
   * Whenever it is on, every page shows a "sandbox — test money" ribbon.
   */
  PAYMENTS_SANDBOX: bool.optional(),
  /** Confirmations after which a sandbox crypto deposit is credited, and seconds per sandbox block. */
  CRYPTO_CONFIRMATIONS: z.coerce.number().int().min(1).default(3),
  CRYPTO_BLOCK_SECONDS: z.coerce.number().int().min(1).default(10),
  /**
   * When the current terms and conditions were published (ISO date-time). A player who accepted
   * before it gets `terms_acceptance` in `auth_fields_missed` until they accept again
   * (docs/player-profile.md#filling-missing-fields). Unset: only a player who never accepted.
   */
  TERMS_UPDATED_AT: z.iso.datetime({ offset: true }).optional(),
  /** Folder of the local document store (verification uploads, encrypted). Unset: DATA_DIR/documents. */
  DOCUMENTS_DIR: z.string().optional(),
  /**
   * Where verification documents are kept (docs/verification.md#storage): `local` (DOCUMENTS_DIR)
   * or `s3`, a bucket of Amazon S3 or another S3-compatible store, which several instances share.
   */
  DOCUMENTS_STORE: z.enum(['local', 's3']).default('local'),
  /** The bucket of the s3 store; required with DOCUMENTS_STORE=s3. */
  DOCUMENTS_S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'an S3 bucket name: 3–63 of a-z, 0-9, dot and hyphen')
    .optional(),
  DOCUMENTS_S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,32}$/, 'a region name such as eu-west-1 (or auto)')
    .default('us-east-1'),
  /** Another S3-compatible service, e.g. http://127.0.0.1:9000 (MinIO). Unset: Amazon S3. */
  DOCUMENTS_S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  /** Folders before every object's key, e.g. `croupier/documents`, so one bucket serves several deployments. */
  DOCUMENTS_S3_PREFIX: z
    .string()
    .regex(
      /^(?!\/)(?!.*\/\/)(?!(.*\/)?\.{1,2}(\/|$))[A-Za-z0-9._/-]{1,200}$/,
      'folder names of A-Z, a-z, 0-9, ._- joined by /',
    )
    .optional(),
  /** Static credentials of the s3 store, both or neither; neither: the SDK's default credential chain. */
  DOCUMENTS_S3_ACCESS_KEY_ID: z.string().optional(),
  DOCUMENTS_S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Path-style addresses (`endpoint/bucket/key`). Unset: on with DOCUMENTS_S3_ENDPOINT, off for Amazon S3. */
  DOCUMENTS_S3_FORCE_PATH_STYLE: bool.optional(),
  /** Largest verification document a player may upload, in bytes (docs/verification.md#uploads). */
  DOCUMENT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(100 * 1024 * 1024)
    .default(10 * 1024 * 1024),
  /**
   * Withdrawals need a verified player once their running total in a currency passes its amount
   * (docs/verification.md#withdrawal-threshold): `CUR:minor` pairs, comma-separated, e.g.
   * `EUR:200000,USD:200000`. A currency not listed has no threshold; empty: the rule is off.
   */
  KYC_WITHDRAWAL_THRESHOLDS: z
    .string()
    .regex(/^\s*([A-Z]{3,4}:\d{1,15}\s*(,\s*[A-Z]{3,4}:\d{1,15}\s*)*)?$/, 'CUR:minor pairs, comma-separated')
    .default(''),
  /**
   * The highest wagering multiplier a bonus campaign may have (docs/bonuses.md#data-model): the
   * operator API refuses a campaign above it. 10 where GB rules apply; at most the contract's ceiling (100).
   */
  BONUS_MAX_WAGER_MULTIPLIER: z.coerce.number().int().min(0).max(BONUS_WAGER_MULTIPLIER_CEILING).default(50),
  /** redis://host:port: realtime events fan out across api instances. Unset: one instance, in-process. */
  REDIS_URL: z.string().optional(),
  /** Prefix of the Redis channels: the instances of one deployment share it, other deployments differ. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,64}$/)
    .default('croupier'),
});

export type Env = Omit<
  z.infer<typeof EnvSchema>,
  'PAYMENTS_SANDBOX' | 'DEV_MAILBOX' | 'SIGNUP_MAX_PER_IP' | 'SIGNUP_MAX_PER_DEVICE'
> & {
  PAYMENTS_SANDBOX: boolean;
  DEV_MAILBOX: boolean;
  SIGNUP_MAX_PER_IP: number;
  SIGNUP_MAX_PER_DEVICE: number;
  publicUrl: string;
  /** Empty only for the database command-line tools, which derive no keys. */
  appSecret: string;
  /** Where the app secret came from, for the start-up log. */
  appSecretOrigin: ReturnType<typeof resolveAppSecret>['origin'] | 'none';
  allowedOrigins: string[];
  restrictedCountries: string[];
  /** The local document store's folder. */
  documentsDir: string;
  /** The s3 document store's settings, with DOCUMENTS_STORE=s3 only. */
  documentsS3: S3StoreConfig | null;
  /** KYC_WITHDRAWAL_THRESHOLDS by currency, in minor units. */
  kycWithdrawalThresholds: ReadonlyMap<string, bigint>;
  repoRoot: string;
};

/** Sign-ups a test suite may make from its one address (inject's 127.0.0.1) unless it sets a limit. */
const TEST_SIGNUP_ROOM = 1_000_000;

/**
 * What a production start should hear about before the first player arrives: settings whose
 * default is safe to run but not what a real-money site wants. Logged as warnings by main.ts.
 */
export function startupWarnings(env: Env): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const warnings: string[] = [];
  if (env.kycWithdrawalThresholds.size === 0)
    warnings.push(
      'KYC_WITHDRAWAL_THRESHOLDS is empty: withdrawals never ask for verification. Set the amounts above which a player must be verified, e.g. EUR:200000,USD:200000 (docs/verification.md#withdrawal-threshold)',
    );
  return warnings;
}

export function parseEnv(source: NodeJS.ProcessEnv = process.env, options: { secret?: boolean } = {}): Env {
  // Empty strings in .env files mean "not set".
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = result.data;
  // A movable clock would let anyone holding the operator token move every expiry, limit window and
  // payout: only on a server nobody else can reach (docs/http.md#moving-the-clock).
  if (env.CLOCK_SHIFT && !localOnly(env)) {
    throw new Error(
      'Invalid configuration:\n  CLOCK_SHIFT: only on a server that listens on loopback, with no proxy and no public origin',
    );
  }
  if (env.NODE_ENV === 'production' && !env.APP_SECRET && env.PUBLIC_URL?.startsWith('https:')) {
    throw new Error('Invalid configuration:\n  APP_SECRET: required when serving a public https site');
  }
  const realMoneyDeployment = env.NODE_ENV === 'production' && Boolean(env.DATABASE_URL);
  const secret = options.secret === false ? null : resolveAppSecret(env);
  // Unset, the origin is the address the server listens on and prints, so links in mail open the
  // same site (and cookies) the player is using.
  const publicUrl = (env.PUBLIC_URL ?? `http://${listenHost(env.HOST)}:${env.PORT}`).replace(/\/$/, '');
  return {
    ...env,
    publicUrl,
    PAYMENTS_SANDBOX: env.PAYMENTS_SANDBOX ?? !realMoneyDeployment,
    SIGNUP_MAX_PER_IP: env.SIGNUP_MAX_PER_IP ?? (env.NODE_ENV === 'test' ? TEST_SIGNUP_ROOM : 10),
    SIGNUP_MAX_PER_DEVICE: env.SIGNUP_MAX_PER_DEVICE ?? (env.NODE_ENV === 'test' ? TEST_SIGNUP_ROOM : 3),
    DEV_MAILBOX:
      env.DEV_MAILBOX ?? (env.NODE_ENV !== 'production' || (!env.DATABASE_URL && !env.SMTP_URL && localOnly(env))),
    appSecret: secret?.secret ?? '',
    appSecretOrigin: secret?.origin ?? 'none',
    allowedOrigins: env.ALLOWED_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    restrictedCountries: env.RESTRICTED_COUNTRIES.split(',')
      .map((s) => s.trim().toUpperCase())
      .filter(Boolean),
    documentsDir: env.DOCUMENTS_DIR ?? path.join(env.DATA_DIR, 'documents'),
    documentsS3: documentsS3(env),
    kycWithdrawalThresholds: new Map(
      env.KYC_WITHDRAWAL_THRESHOLDS.split(',')
        .map((pair) => pair.trim())
        .filter(Boolean)
        .map((pair): [string, bigint] => {
          const [currency = '', amount = '0'] = pair.split(':');
          if (!isCurrencyCode(currency))
            throw new Error(`Invalid configuration:\n  KYC_WITHDRAWAL_THRESHOLDS: unknown currency ${currency}`);
          return [currency, BigInt(amount)];
        }),
    ),
    repoRoot,
  };
}

/** The s3 store's settings; a store asked for without what it needs stops the start, naming the key. */
function documentsS3(env: z.infer<typeof EnvSchema>): S3StoreConfig | null {
  if (env.DOCUMENTS_STORE !== 's3') return null;
  const bucket = env.DOCUMENTS_S3_BUCKET;
  if (!bucket) throw new Error('Invalid configuration:\n  DOCUMENTS_S3_BUCKET: required when DOCUMENTS_STORE=s3');
  const accessKeyId = env.DOCUMENTS_S3_ACCESS_KEY_ID;
  const secretAccessKey = env.DOCUMENTS_S3_SECRET_ACCESS_KEY;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    throw new Error(
      'Invalid configuration:\n  DOCUMENTS_S3_ACCESS_KEY_ID, DOCUMENTS_S3_SECRET_ACCESS_KEY: set both, or neither for the default credential chain',
    );
  const prefix = env.DOCUMENTS_S3_PREFIX?.replace(/\/+$/, '');
  return {
    bucket,
    region: env.DOCUMENTS_S3_REGION,
    endpoint: env.DOCUMENTS_S3_ENDPOINT,
    forcePathStyle: env.DOCUMENTS_S3_FORCE_PATH_STYLE ?? Boolean(env.DOCUMENTS_S3_ENDPOINT),
    prefix: prefix ? `${prefix}/` : '',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  };
}

/** How a browser on this machine reaches HOST: a wildcard address is reached as localhost. */
export function listenHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|::1|\[::1\])$/i;

/** Only people on this machine can reach the server: it listens on loopback, no proxy, no public origin. */
function localOnly(env: { HOST: string; PUBLIC_URL?: string | undefined; TRUST_PROXY: boolean }): boolean {
  return (
    LOOPBACK.test(env.HOST) && !env.TRUST_PROXY && (!env.PUBLIC_URL || LOOPBACK.test(new URL(env.PUBLIC_URL).hostname))
  );
}
