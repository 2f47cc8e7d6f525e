import type { Db } from '../../db/client.ts';

/** Seeds providers, categories and games (filled in by the games module). */
export async function seedGameCatalogue(_db: Db): Promise<Record<string, number>> {
  return {};
}
