import PgBoss from 'pg-boss';
import type { Database } from '../db/client.ts';

/**
 * Leased background jobs (docs/jobs.md, decision 023): named jobs that run every few seconds, each
 * by one runner at a time across every instance sharing the database, retried when a runner fails
 * or dies, and visible in one place (the `pgboss` schema; `status()`, served to operators at `GET /api/admin/jobs`).
 *
 * Built on pg-boss 10.4.2 (the newest release that runs on Node 20), on PostgreSQL and on the
 * embedded PGlite alike, through `Database.executeSql`. Each job has a `stately` queue: at most one
 * job waiting and one running. A run queues its successor when it ends (`startAfter` the interval);
 * a runner that died leaves its job active until `expireInSeconds`, when pg-boss hands it to
 * another instance; and every instance re-queues a job that has nothing waiting or running, so a
 * chain broken by a crash between two runs restarts within a minute.
 */
export interface JobDefinition {
  /** `<module>.<job>`, e.g. `payments.payouts`. */
  name: string;
  /** Seconds between the end of one run and the start of the next. */
  everySeconds: number;
  /**
   * Longest a run may take before it is counted as failed and handed to another runner (default
   * 60 s). A long-running job (a lease) sets it above its own duration.
   */
  expireInSeconds?: number;
  /** The run's body; `job.id` is pg-boss's id of this run (the same on a retry). */
  run(job?: { id: string }): Promise<unknown>;
  /** Ends a long run at once when the scheduler stops, so shutdown does not wait it out. */
  interrupt?(): void;
}

export interface JobStatus {
  name: string;
  everySeconds: number;
  /** pg-boss states of this queue's jobs still in its tables (created, retry, active, completed, failed). */
  states: Record<string, number>;
  lastCompletedAt: string | null;
  lastFailedAt: string | null;
}

export interface Scheduler {
  /** Adds a job; every job is defined before `start()`. */
  define(job: JobDefinition): void;
  /** Starts pg-boss and the workers. Slow on PGlite (seconds): call it without awaiting start-up. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Runs a job's body once, here and now (tests and operators; not leased). */
  runNow(name: string): Promise<unknown>;
  status(): Promise<JobStatus[]>;
  /** Whether this instance's scheduler has started and not stopped. */
  running(): boolean;
  readonly jobs: ReadonlyMap<string, JobDefinition>;
}

export interface SchedulerOptions {
  database: Database;
  log: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
  /** How often idle workers look for due jobs (pg-boss minimum 0.5 s). */
  pollingIntervalSeconds?: number;
  /** How often each instance re-queues a job with nothing waiting or running. */
  watchdogSeconds?: number;
}

const SCHEMA = 'pgboss';
const UNDEFINED_TABLE = '42P01';
/** pg-boss's one-active-job index of stately queues: two instances fetched the same turn; one wins. */
const STATELY_RACE = /job_i3/;

/**
 * Creates the queue unless it exists. Two instances starting together may both create it, and
 * pg-boss's queue creation (a partition table each) can deadlock or conflict then: the loser tries
 * again and finds the queue there.
 */
async function ensureQueue(b: PgBoss, queue: PgBoss.Queue) {
  for (let attempt = 1; ; attempt++) {
    try {
      if (await b.getQueue(queue.name)) return;
      await b.createQueue(queue.name, queue);
      return;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= 5 || (code !== '40P01' && code !== '23505' && code !== '42P07')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

export function createScheduler(options: SchedulerOptions): Scheduler {
  const { database, log } = options;
  const jobs = new Map<string, JobDefinition>();
  let boss: PgBoss | null = null;
  let watchdog: NodeJS.Timeout | undefined;
  let stopped = false;
  let started = false;

  const queueNext = async (b: PgBoss, job: JobDefinition, startAfter: number) => {
    // Returns null when one is already waiting: the stately queue keeps at most one.
    await b.send(job.name, {}, { startAfter });
  };

  const rekindle = async (b: PgBoss) => {
    for (const job of jobs.values()) {
      const [pending] = (
        await database.executeSql(
          `SELECT count(*)::int AS n FROM ${SCHEMA}.job WHERE name = $1 AND state IN ('created', 'retry', 'active')`,
          [job.name],
        )
      ).rows as { n: number }[];
      // One interval from now, as a timer would: a job never runs just because an instance started.
      if ((pending?.n ?? 0) === 0) await queueNext(b, job, job.everySeconds);
    }
  };

  return {
    jobs,
    define(job) {
      if (boss) throw new Error(`job ${job.name} defined after the scheduler started`);
      if (jobs.has(job.name)) throw new Error(`job ${job.name} defined twice`);
      jobs.set(job.name, job);
    },

    async start() {
      if (boss || stopped) return;
      const b = new PgBoss({
        db: { executeSql: (text, values) => database.executeSql(text, values) },
        schema: SCHEMA,
        // Keep a week of finished jobs for the status page; pg-boss's own maintenance prunes them.
        deleteAfterDays: 7,
      });
      b.on('error', (error: Error & { queue?: string }) => {
        if (STATELY_RACE.test(error.message)) return;
        log.error({ err: error, queue: error.queue }, 'jobs: scheduler error');
      });
      boss = b;
      await b.start();
      for (const job of jobs.values()) {
        const expireInSeconds = job.expireInSeconds ?? 60;
        await ensureQueue(b, {
          name: job.name,
          policy: 'stately',
          retryLimit: 5,
          retryDelay: Math.max(1, Math.ceil(job.everySeconds)),
          expireInSeconds,
        });
        await b.work(job.name, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 0.5 }, async ([taken]) => {
          try {
            return await job.run(taken ? { id: taken.id } : undefined);
          } catch (error) {
            // pg-boss records the failure and retries, but tells no one: the operator's log must.
            log.error({ err: error, job: job.name, jobId: taken?.id }, 'jobs: run failed');
            throw error;
          } finally {
            // Queued before pg-boss marks this run complete, so the chain never has a gap; the
            // stately queue lets one wait while this one is active.
            if (!stopped) await queueNext(b, job, job.everySeconds);
          }
        });
      }
      await rekindle(b);
      watchdog = setInterval(
        () => {
          if (!stopped) rekindle(b).catch((error: unknown) => log.error({ err: error }, 'jobs: re-queueing failed'));
        },
        (options.watchdogSeconds ?? 60) * 1000,
      );
      watchdog.unref();
      started = true;
      log.info({ jobs: [...jobs.keys()] }, 'jobs: scheduler started');
    },

    async stop() {
      stopped = true;
      clearInterval(watchdog);
      for (const job of jobs.values()) job.interrupt?.();
      // Runs in progress end first (graceful); an unfinished one is failed and retried elsewhere.
      await boss?.stop({ graceful: true, wait: true, timeout: 10_000, close: false });
    },

    running: () => started && !stopped,

    async runNow(name) {
      const job = jobs.get(name);
      if (!job) throw new Error(`no job ${name}`);
      return job.run();
    },

    async status() {
      const counts = (
        await database
          .executeSql(
            `SELECT name, state::text AS state, count(*)::int AS n,
                    max(completed_on) FILTER (WHERE state = 'completed') AS completed,
                    max(completed_on) FILTER (WHERE state = 'failed') AS failed
             FROM ${SCHEMA}.job GROUP BY name, state`,
          )
          // Before the scheduler's first start there is no schema yet: nothing has run. Any
          // other failure is the database's, and the caller hears of it.
          .catch((error: unknown) => {
            if ((error as { code?: string }).code === UNDEFINED_TABLE) return { rows: [] };
            throw error;
          })
      ).rows as { name: string; state: string; n: number; completed: Date | null; failed: Date | null }[];
      return [...jobs.values()].map((job) => {
        const mine = counts.filter((c) => c.name === job.name);
        const latest = (pick: (c: (typeof mine)[number]) => Date | null) => {
          const dates = mine.map(pick).filter((d): d is Date => d !== null);
          return dates.length ? new Date(Math.max(...dates.map((d) => new Date(d).getTime()))).toISOString() : null;
        };
        return {
          name: job.name,
          everySeconds: job.everySeconds,
          states: Object.fromEntries(mine.map((c) => [c.state, c.n])),
          lastCompletedAt: latest((c) => c.completed),
          lastFailedAt: latest((c) => c.failed),
        };
      });
    },
  };
}
