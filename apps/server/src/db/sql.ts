import type { SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

/** A drizzle handle inside or outside a transaction. */
export type Executor = Pick<Db, 'execute'>;

/** The rows of a raw query, typed by the caller. */
export async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}
