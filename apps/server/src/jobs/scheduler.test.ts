/**
 * The leased-jobs scheduler (docs/jobs.md) on the test's database: PGlite, or PostgreSQL when
 * DATABASE_URL is set, where two schedulers on one database stand for two server instances.
 * These tests wait for runs to happen (pg-boss polls every 0.5 s); they wait on promises the runs
 * resolve, never on a fixed sleep, and assert only on what happened, not on how long it took.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/build-test-app.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { createScheduler, type Scheduler } from './scheduler.ts';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function testDatabase() {
  const opened = await openTestDatabase();
  cleanups.push(opened.drop);
  return opened;
}

function scheduler(database: Database, errors: unknown[] = []): Scheduler {
  const s = createScheduler({
    database,
    log: { ...quiet, error: (obj) => void errors.push(obj) },
    watchdogSeconds: 1,
  });
  cleanups.push(() => s.stop());
  return s;
}

/** Resolves once `count` reaches `n`. */
function counter(n: number) {
  let count = 0;
  let reached!: () => void;
  const done = new Promise<void>((resolve) => (reached = resolve));
  return {
    done,
    hit() {
      count += 1;
      if (count === n) reached();
      return count;
    },
    get count() {
      return count;
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('scheduler', () => {
  it('runs a defined job again and again, records its runs, and retries a run that failed', async () => {
    const { database } = await testDatabase();
    const errors: unknown[] = [];
    const s = scheduler(database, errors);
    const runs = counter(4);
    s.define({
      name: 'test.repeat',
      everySeconds: 0,
      run: async () => {
        // The second run fails: the job carries on and the failure is on record.
        if (runs.hit() === 2) throw new Error('planned failure');
        return { ok: true };
      },
    });
    await s.start();
    await runs.done;
    await s.stop();
    const [status] = await s.status();
    expect(status).toMatchObject({ name: 'test.repeat', everySeconds: 0 });
    // Runs 1 and 3 ended before the next one could start (one at a time); run 4 may still be
    // completing when the scheduler stops.
    expect(status!.states.completed).toBeGreaterThanOrEqual(2);
    expect(status!.lastCompletedAt).not.toBeNull();
    // The failed run is on pg-boss's record: retried (retry_count) or failed for good.
    const [failures] = (
      await database.executeSql(
        `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'test.repeat' AND (retry_count > 0 OR state IN ('retry', 'failed'))`,
      )
    ).rows as { n: number }[];
    expect(failures!.n).toBeGreaterThanOrEqual(1);
    // …and in the operator's log, once, with the job's name.
    expect(errors).toEqual([expect.objectContaining({ job: 'test.repeat' })]);
  }, 90_000);

  it('refuses a job defined twice or after start, and runs one on demand', async () => {
    const { database } = await testDatabase();
    const s = scheduler(database);
    s.define({ name: 'test.once', everySeconds: 60, run: async () => 'ran' });
    expect(() => s.define({ name: 'test.once', everySeconds: 60, run: async () => 'again' })).toThrow(/twice/);
    expect(await s.runNow('test.once')).toBe('ran');
    await expect(s.runNow('test.none')).rejects.toThrow(/no job/);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'two instances on one PostgreSQL database: every run of a job happens once, never two at a time',
    async () => {
      const { database, url } = await testDatabase();
      const second = await openDatabase({ databaseUrl: url!, onPoolError: () => {} });
      cleanups.push(() => second.close());
      const runs: { instance: string; id: string }[] = [];
      const total = counter(12);
      let running = 0;
      let overlapped = false;
      const define = (s: Scheduler, instance: string) =>
        s.define({
          name: 'test.shared',
          everySeconds: 0,
          run: async (job) => {
            running += 1;
            if (running > 1) overlapped = true;
            // Long enough that the other instance polls while this run holds the job.
            await sleep(120);
            running -= 1;
            runs.push({ instance, id: job!.id });
            total.hit();
          },
        });
      const errors: unknown[] = [];
      const a = scheduler(database, errors);
      const b = scheduler(second, errors);
      define(a, 'a');
      define(b, 'b');
      await Promise.all([a.start(), b.start()]);
      await total.done;
      await Promise.all([a.stop(), b.stop()]);
      expect(overlapped).toBe(false);
      // Each job pg-boss handed out ran once, on one instance.
      expect(new Set(runs.map((r) => r.id)).size).toBe(runs.length);
      expect(runs.length).toBeGreaterThanOrEqual(12);
      expect(errors).toEqual([]);
    },
    120_000,
  );
});
