import type { Db } from './client.ts';
import { seedStatuses } from '../modules/info/index.ts';
import { seedGameCatalogue } from '../modules/games/index.ts';

/** Idempotent demo content: safe to run on every start. */
export async function seedDemoContent(db: Db): Promise<Record<string, number>> {
  const statuses = await seedStatuses(db);
  const catalogue = await seedGameCatalogue(db);
  return { statuses, ...catalogue };
}
