import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../../test/build-test-app.ts';
import type { Database } from './client.ts';

/** LISTEN/NOTIFY between instances (docs/events.md): PostgreSQL only, the embedded database has no peers. */
describe.runIf(process.env.DATABASE_URL)('database signal on PostgreSQL', () => {
  let opened: Awaited<ReturnType<typeof openTestDatabase>>;
  let database: Database;
  beforeAll(async () => {
    opened = await openTestDatabase();
    database = opened.database;
  });
  afterAll(async () => {
    await opened.drop();
  });

  it('listens again after its connection is killed, and catches up once it is back', async () => {
    const channel = 'croupier_signal_test';
    let heard = 0;
    const stop = await database.signal!.listen(channel, () => void heard++);
    const admin = new pg.Client({ connectionString: opened.url });
    await admin.connect();
    try {
      await database.signal!.notify(channel);
      await vi.waitFor(() => expect(heard).toBe(1), { timeout: 10_000, interval: 20 });

      // An administrator (or a failover) ends the listening backend.
      const killed = await admin.query(
        `SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity
         WHERE datname = current_database() AND query = $1`,
        [`LISTEN "${channel}"`],
      );
      expect(killed.rows).toEqual([{ ok: true }]);
      // Back: the listener says so once (a notification sent while it was away is lost)…
      await vi.waitFor(() => expect(heard).toBe(2), { timeout: 20_000, interval: 50 });
      // …and hears the next one.
      await vi.waitFor(
        async () => {
          await database.signal!.notify(channel);
          expect(heard).toBeGreaterThanOrEqual(3);
        },
        { timeout: 10_000, interval: 100 },
      );
    } finally {
      await stop();
      await admin.end();
    }
    // Stopped: no connection is opened again.
    await expectNoListener();
  });

  it('keeps trying when the server refuses it at start-up, and listens once it can', async () => {
    const channel = 'croupier_signal_late';
    const name = new URL(opened.url!).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    let heard = 0;
    let stop: (() => Promise<void>) | undefined;
    try {
      // New connections to the database are refused (the pool's open ones stay).
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      stop = await database.signal!.listen(channel, () => void heard++);
      expect(heard).toBe(0);
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      // Connected at a retry: it catches up once, then hears what is sent.
      await vi.waitFor(() => expect(heard).toBe(1), { timeout: 20_000, interval: 50 });
      await vi.waitFor(
        async () => {
          await database.signal!.notify(channel);
          expect(heard).toBeGreaterThanOrEqual(2);
        },
        { timeout: 10_000, interval: 100 },
      );
    } finally {
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      await admin.end();
      await stop?.();
    }
    await expectNoListener();
  });

  async function expectNoListener() {
    const listeners = await database.executeSql(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %'`,
    );
    expect(listeners.rows).toEqual([{ n: 0 }]);
  }
});
