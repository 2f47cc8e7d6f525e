import type { SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type {
  PrivateChannel,
  PrivateEvents,
  PublicChannel,
  PublicEvents,
  SHARED_ROUND_EVENT,
  SharedRoundEvent,
} from '@croupier/shared/realtime';
import type { Env } from '../config/env.ts';
import type { Database, Db } from '../db/client.ts';
import type { ModuleSql } from '../db/module-functions.ts';
import type { EventConsumer, EventLog } from '../events/event-log.ts';
import { requireAdminToken } from '../http/admin.ts';
import type { JobDefinition, Scheduler } from '../jobs/scheduler.ts';
import type { Clock } from '../lib/clock.ts';
import type { RandomSource } from '../lib/random.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import type { SessionService } from './auth/index.ts';
import type { Mailer, SmsSender } from './mail/index.ts';
import type { Wallet } from './wallet/index.ts';

/**
 * The platform every module is built on (docs/architecture.md, "One module shape"): configuration,
 * the database, time and chance, the ledger, sessions, realtime, the event log and the scheduler.
 * Built once by `buildApp`; a module never reaches another module through it, only through `use`.
 */
export interface Platform {
  env: Env;
  database: Database;
  clock: Clock;
  /** Chance that decides outcomes (game seeds, jackpot drops); the CSPRNG unless a test pins it. */
  random: RandomSource;
  mailer: Mailer;
  /** Text messages (docs/player-profile.md#sms-sender); by default into the mail outbox. */
  sms: SmsSender;
  sessions: SessionService;
  /** The double-entry ledger and the seamless-wallet protocol: every module's money moves here. */
  wallet: Wallet;
  realtime: RealtimeHub;
  /** The durable event log (docs/events.md). Modules declare consumers rather than registering. */
  events: EventLog;
  /** Leased background jobs (docs/jobs.md). Modules declare jobs rather than defining them here. */
  jobs: Scheduler;
  log: FastifyInstance['log'];
}

/**
 * Each module's public API, by module name. A module adds its entry next to its definition:
 * `declare module '../module.ts' { interface ModuleApis { payments: PaymentsApi } }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface ModuleApis {}

export type ModuleName = keyof ModuleApis;

/** What a module's parts receive: the platform, and the modules listed before it in `app.ts`. */
export interface ModuleContext extends Platform {
  /** The public API of a module listed earlier (`use('games')`); a later one is a wiring error. */
  use<K extends ModuleName>(name: K): ModuleApis[K];
  /** Realtime publication limited to the channels this module declared. */
  publish: ModulePublisher;
  /**
   * Every module's personal-data declaration, in `MODULES` order. Filled while the modules install,
   * so read it when a request or job runs, not in `setup` (docs/privacy.md#the-module-hook).
   */
  personalData: PersonalDataRegistry;
}

/** A transaction of the app's database (what the privacy module hands each module's hook). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * What a module holds about one player (docs/privacy.md#the-module-hook, decision 025). Each module
 * answers for its own tables, in the transaction the privacy module opens.
 */
export interface PersonalData {
  /** The export's parts by name, each a sentence saying what it is (the document's header). */
  sections: Readonly<Record<string, string>>;
  /** The player's data, one entry per name in `sections`. Never a secret (hash, token, unrevealed seed). */
  export(userId: number, tx: Tx): Promise<Record<string, unknown>>;
  /**
   * Why the player cannot be erased now (money held, a payment under way), or null. Checked by
   * every module before any erases anything.
   */
  refuseErasure?(userId: number, tx: Tx): Promise<{ code: string; message: string } | null>;
  /** Anonymises what the law does not require kept. Idempotent: a second run changes nothing. */
  erase?(userId: number, tx: Tx, now: Date): Promise<void>;
}

export interface PersonalDataRegistry {
  /** The declarations installed so far, `{ module, data }`, in `MODULES` order. */
  all(): readonly { module: string; data: PersonalData }[];
}

export interface ModulePublisher {
  toPlayer<C extends PrivateChannel>(userId: number, channel: C, data: PrivateEvents[C]): void;
  /** To one sign-in session's sockets only. */
  toSession<C extends PrivateChannel>(sessionId: string, channel: C, data: PrivateEvents[C]): void;
  toEveryone<C extends PublicChannel>(channel: C, data: PublicEvents[C]): void;
  /** A shared round to the players watching its game (`game:<slug>` rooms). */
  toRoom(game: string, data: SharedRoundEvent): void;
}

export type RealtimeChannel = PrivateChannel | PublicChannel | typeof SHARED_ROUND_EVENT;

/**
 * One module, declared in its `index.ts`. `setup` builds the services (and may mount the module's
 * own HTTP scaffolding, such as a webhook route the sandbox calls); everything else is declared
 * and installed by `installModules`, so a newcomer reads a module's whole footprint — routes,
 * operator routes, jobs, event consumers, bet-time SQL, ledger invariants, realtime channels — in
 * one place.
 */
export interface ModuleDefinition<N extends string = string, Api = unknown> {
  name: N;
  /** Realtime channels this module publishes; `ctx.publish` refuses any other. */
  channels?: readonly RealtimeChannel[];
  /** SQL functions it owns and the bet-time checks among them (docs/bet-checks.md). */
  sql?: ModuleSql;
  /** Builds the services; a module with no API of its own leaves it out. */
  setup?(ctx: ModuleContext, app: FastifyInstance): Api | Promise<Api>;
  /** Player-facing and public routes. */
  routes?(app: FastifyInstance, api: Api, ctx: ModuleContext): void | Promise<void>;
  /**
   * Operator routes: mounted only when ADMIN_API_TOKEN is set, every request checked against it
   * before the handler runs.
   */
  adminRoutes?(app: FastifyInstance, api: Api, ctx: ModuleContext): void | Promise<void>;
  jobs?(api: Api, ctx: ModuleContext): readonly JobDefinition[];
  consumers?(api: Api, ctx: ModuleContext): readonly EventConsumer[];
  /**
   * Ledger-wide invariants this module adds (docs/reliability.md#ledger-invariants): each a query
   * returning the rows that break it, checked by the invariant tests and the storm test.
   */
  invariants?: Readonly<Record<string, InvariantQuery>>;
  /** What it holds about a player, for the export and the erasure (docs/privacy.md#the-module-hook). */
  personalData?(api: Api, ctx: ModuleContext): PersonalData;
  /** Runs when the app closes, before the database does. */
  close?(api: Api): void | Promise<void>;
}

/** A query returning the rows that break an invariant. */
export type InvariantQuery = SQL;

/** Declares a module; the identity function that gives its parts their types. */
export function defineModule<N extends string, Api>(definition: ModuleDefinition<N, Api>): ModuleDefinition<N, Api> {
  return definition;
}

/** The invariants of these modules, as `<module>.<name>` (`expectLedgerSound` runs them with the ledger's). */
export function moduleInvariants(modules: readonly ModuleDefinition<string, unknown>[]): [string, InvariantQuery][] {
  return modules.flatMap((m) =>
    Object.entries(m.invariants ?? {}).map(([name, q]): [string, InvariantQuery] => [`${m.name}.${name}`, q]),
  );
}

/**
 * Builds the modules in order and installs what each declares. Returns every module's API by name:
 * `buildApp` hands them to its caller instead of decorating Fastify.
 */
export async function installModules(
  app: FastifyInstance,
  platform: Platform,
  modules: readonly ModuleDefinition<string, unknown>[],
): Promise<ModuleApis> {
  const built = new Map<string, unknown>();
  const channelOwners = new Map<string, string>();
  const personal: { module: string; data: PersonalData }[] = [];
  const personalData: PersonalDataRegistry = { all: () => personal };
  for (const module of modules) {
    if (built.has(module.name)) throw new Error(`module ${module.name} listed twice`);
    for (const channel of module.channels ?? []) {
      const owner = channelOwners.get(channel);
      if (owner) throw new Error(`channel ${channel} declared by both ${owner} and ${module.name}`);
      channelOwners.set(channel, module.name);
    }
    const declared = new Set<string>(module.channels ?? []);
    const allowed = (channel: string) => {
      if (!declared.has(channel))
        throw new Error(`module ${module.name} publishes ${channel} without declaring it in its channels`);
    };
    const ctx: ModuleContext = {
      ...platform,
      use: (name) => {
        if (!built.has(name)) throw new Error(`module ${module.name} uses ${name}, which is not listed before it`);
        return built.get(name) as ModuleApis[typeof name];
      },
      publish: {
        toPlayer: (userId, channel, data) => {
          allowed(channel);
          platform.realtime.publishPrivate(userId, channel, data);
        },
        toSession: (sessionId, channel, data) => {
          allowed(channel);
          platform.realtime.publishSession(sessionId, channel, data);
        },
        toEveryone: (channel, data) => {
          allowed(channel);
          platform.realtime.publishPublic(channel, data);
        },
        toRoom: (game, data) => {
          allowed('shared_round');
          platform.realtime.publishRoom(game, data);
        },
      },
      personalData,
    };
    const api = module.setup ? await module.setup(ctx, app) : undefined;
    built.set(module.name, api);
    if (module.routes) {
      const routes = module.routes;
      await app.register(async (scope) => routes(scope, api, ctx));
    }
    const token = platform.env.ADMIN_API_TOKEN;
    if (module.adminRoutes && token) {
      const adminRoutes = module.adminRoutes;
      await app.register(async (scope) => {
        scope.addHook('onRequest', async (request) => requireAdminToken(request, token));
        await adminRoutes(scope, api, ctx);
      });
    }
    for (const job of module.jobs?.(api, ctx) ?? []) {
      // The operator's job list (GET /api/admin/jobs) names the module that owns each job.
      if (!job.name.startsWith(`${module.name}.`))
        throw new Error(`job ${job.name} of module ${module.name} must be named ${module.name}.<job>`);
      platform.jobs.define(job);
    }
    for (const consumer of module.consumers?.(api, ctx) ?? []) platform.events.register(consumer);
    if (module.personalData) personal.push({ module: module.name, data: module.personalData(api, ctx) });
    if (module.close) {
      const close = module.close;
      app.addHook('onClose', async () => close(api));
    }
  }
  return Object.fromEntries(built) as unknown as ModuleApis;
}
