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
          let stopped = false;
          let current: pg.Client | null = null;
          let retry: NodeJS.Timeout | undefined;
          let delayMs = LISTEN_RETRY_MIN_MS;
          // Its own client, not the pool's: a pooled connection goes back to others between queries.
          const connect = async () => {
            const client = new pg.Client({ connectionString: options.databaseUrl });
            client.on('notification', (message) => {
              if (message.channel === channel) onNotify();
            });
            // A dropped listener (server restart, failover, an admin's kill) would leave this instance
            // deaf to the others until restarted: listen again, backing off while the server is away.
            const lost = (error?: Error) => {
              if (error) (options.onPoolError ?? (() => {}))(error);
              if (stopped || current !== client) return;
              current = null;
              client.removeAllListeners('end');
              void client.end().catch(() => {});
              retry = setTimeout(() => void reconnect(), delayMs);
              retry.unref();
              delayMs = Math.min(delayMs * 2, LISTEN_RETRY_MAX_MS);
            };
            client.on('error', lost);
            client.on('end', () => lost());
            current = client;
            try {
              await client.connect();
              await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
            } catch (error) {
              if (current === client) current = null;
              client.removeAllListeners('end');
              await client.end().catch(() => {});
              throw error;
            }
          };
          const reconnect = async () => {
            if (stopped) return;
            try {
              await connect();
              delayMs = LISTEN_RETRY_MIN_MS;
              // Whatever was signalled while deaf is not replayed: catch up once.
              onNotify();
            } catch (error) {
              (options.onPoolError ?? (() => {}))(error as Error);
              retry = setTimeout(() => void reconnect(), delayMs);
              retry.unref();
              delayMs = Math.min(delayMs * 2, LISTEN_RETRY_MAX_MS);
            }
          };
          await connect();
          return async () => {
            stopped = true;
            clearTimeout(retry);
            const client = current;
            current = null;
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
