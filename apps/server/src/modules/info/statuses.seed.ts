import type { Db } from '../../db/client.ts';

/** Seeds loyalty levels and groups (filled in by the info module). */
export async function seedStatuses(_db: Db): Promise<number> {
  return 0;
}
