import { asc, desc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { statuses } from '../../db/schema/index.ts';

export type StatusRow = typeof statuses.$inferSelect;

/** Levels first, then groups, each in catalogue order. */
export async function listStatuses(db: Db): Promise<StatusRow[]> {
  return db.select().from(statuses).orderBy(desc(statuses.isLevel), asc(statuses.position), asc(statuses.id));
}
