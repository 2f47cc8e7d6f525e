import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

/** A drizzle handle inside or outside a transaction. */
export type Executor = Pick<Db, 'execute'>;

/** The rows of a raw query, typed by the caller. */
export async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

/**
 * The rows of `query` as JSON built by PostgreSQL (`json_agg`), in the query's order: timestamps
 * come out as ISO 8601 text on both drivers and integers as numbers. For the personal-data export
 * (docs/privacy.md#the-module-hook), where a value is only shown, never computed with.
 */
export async function jsonRows(db: Executor, query: SQL): Promise<unknown[]> {
  const [row] = await rows<{ data: unknown }>(
    db,
    sql`SELECT coalesce(json_agg(x), '[]'::json) AS data FROM (${query}) x`,
  );
  const data = row?.data ?? [];
  return (typeof data === 'string' ? JSON.parse(data) : data) as unknown[];
}
