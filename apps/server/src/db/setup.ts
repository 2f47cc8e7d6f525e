import path from 'node:path';
import type { Env } from '../config/env.ts';
import { openDatabase, type Database } from './client.ts';

/** Opens the configured database (PGlite in DATA_DIR unless DATABASE_URL is set) and migrates it. */
export async function openConfiguredDatabase(env: Env, onPoolError?: (error: Error) => void): Promise<Database> {
  const database = await openDatabase({
    ...(onPoolError ? { onPoolError } : {}),
    databaseUrl: env.DATABASE_URL,
    dataDir: path.join(env.DATA_DIR, 'pglite'),
  });
  await database.migrate();
  return database;
}
