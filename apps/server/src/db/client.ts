import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * The query interface the app uses. Both drivers expose the same drizzle API; the node-postgres
 * type is used for both so repositories are written once (PGlite's `execute` result also has `rows`).
 */
export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Plain SQL for libraries that bring their own queries (the job scheduler). Without values the
   * text may hold several statements; on PGlite a failure rolls back whatever it left open, since
   * the one connection must never stay in an aborted transaction.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * LISTEN/NOTIFY across instances (PostgreSQL only; null on PGlite, which one process owns).
   * `listen` holds one connection of its own for as long as it listens, opens it again when it is
   * lost, and then calls `onNotify` once, since notifications sent meanwhile are gone.
   */
  signal: {
    notify(channel: string): Promise<void>;
    listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  } | null;
}

/** A lost LISTEN connection is opened again after 0.5 s, doubling up to 30 s while the server is away. */
const LISTEN_RETRY_MIN_MS = 500;
const LISTEN_RETRY_MAX_MS = 30_000;

export interface OpenDatabaseOptions {
  /** postgres://… to use a PostgreSQL server; otherwise PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data folder; `memory://` or undefined for an in-memory database. */
  dataDir?: string | undefined;
  /** A PGlite data-dir tarball to start from (tests: a migrated template). */
  loadDataDir?: Blob | undefined;
  poolSize?: number;
  /**
   * Errors of idle pooled connections (server restart, admin kill). Without a listener
   * node-postgres would crash the process; the pool replaces the connection on next use.
   */
  onPoolError?: (error: Error) => void;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    pool.on(
      'error',
      options.onPoolError ?? ((error) => console.error(`database: idle connection error: ${error.message}`)),
    );
    // Fail at start-up, with the server's own message, rather than on the first request.
    const client = await pool.connect();
    client.release();
    const db = drizzlePg(pool, { schema });
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_DIR }),
      close: () => pool.end(),
      executeSql: (text, values) => pool.query(text, values?.length ? values : undefined),
      signal: {
        async notify(channel) {
          await pool.query('SELECT pg_notify($1, NULL)', [channel]);
        },
        async listen(channel, onNotify) {
          const report = options.onPoolError ?? (() => {});
          let stopped = false;
          let current: pg.Client | null = null;
          let retry: NodeJS.Timeout | undefined;
          let attempting = false;
          let delayMs = LISTEN_RETRY_MIN_MS;
          // One retry at a time, whatever reported the loss (the socket's error, its end, the
          // failed LISTEN): two chains would each hold a connection, and stop() would end only one.
          const retryLater = () => {
            if (stopped || retry || attempting) return;
            retry = setTimeout(() => {
              retry = undefined;
              void attempt(true);
            }, delayMs);
            retry.unref();
            delayMs = Math.min(delayMs * 2, LISTEN_RETRY_MAX_MS);
          };
          // Its own client, not the pool's: a pooled connection goes back to others between queries.
          const attempt = async (again: boolean) => {
            if (stopped) return;
            const client = new pg.Client({ connectionString: options.databaseUrl });
            let ready = false;
            let gone = false;
            const lost = (error?: Error) => {
              if (error) report(error);
              // `error` and `end` both report one loss; a client already given up on stays given up.
              if (gone) return;
              gone = true;
              client.removeAllListeners('end');
              void client.end().catch(() => {});
              if (current === client) current = null;
              // Before LISTEN succeeded the failure is the attempt's own, and its catch retries.
              if (ready) retryLater();
            };
            client.on('notification', (message) => {
              if (message.channel === channel) onNotify();
            });
            // A dropped listener (server restart, failover, an admin's kill) would leave this instance
            // deaf to the others until restarted: listen again, backing off while the server is away.
            client.on('error', lost);
            client.on('end', () => lost());
            attempting = true;
            try {
              await client.connect();
              await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
            } catch (error) {
              lost(error as Error);
              attempting = false;
              retryLater();
              return;
            }
            attempting = false;
            if (stopped) {
              lost();
              return;
            }
            // Lost between LISTEN's answer and here: its loss came before `ready`, so retry now.
            if (gone) {
              retryLater();
              return;
            }
            ready = true;
            current = client;
            delayMs = LISTEN_RETRY_MIN_MS;
            // Whatever was signalled while deaf is not replayed: catch up once.
            if (again) onNotify();
          };
          // A server that is not there yet is retried like a lost one: polling covers the gap.
          await attempt(false);
          return async () => {
            stopped = true;
            clearTimeout(retry);
            retry = undefined;
            const client = current;
            current = null;
            client?.removeAllListeners('end');
            await client?.end();
          };
        },
      },
    };
  }
  const dataDir = options.dataDir && options.dataDir !== 'memory://' ? options.dataDir : undefined;
  if (dataDir) fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
    signal: null,
    async executeSql(text, values) {
      try {
        if (values?.length) return await client.query(text, values);
        const results = await client.exec(text);
        return { rows: results.flatMap((r) => r.rows) };
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      }
    },
  };
}

/** The PGlite handle behind a Database, for test templates (dumpDataDir). */
export function pgliteOf(database: Database): PGlite | null {
  if (database.kind !== 'pglite') return null;
  // drizzle keeps the driver client on `$client`.
  return (database.db as unknown as { $client: PGlite }).$client;
}
