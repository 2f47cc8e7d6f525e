import type { Db } from './client.ts';
import { seedStatuses } from '../modules/info/index.ts';
import { seedGameCatalogue } from '../modules/games/index.ts';
import { seedBonusCampaigns } from '../modules/bonuses/index.ts';

/**
 * Idempotent demo content: safe to run on every start. `campaigns: false` leaves out the bonus
 * campaigns, which start when they are first seeded (docs/bonuses.md#kinds-the-demo-seeds): the
 * tests' template is seeded once at the machine's time, while each test runs on its own fixed clock.
 */
export async function seedDemoContent(db: Db, options: { campaigns?: boolean } = {}): Promise<Record<string, number>> {
  const statuses = await seedStatuses(db);
  const catalogue = await seedGameCatalogue(db);
  const bonusCampaigns = options.campaigns === false ? 0 : await seedBonusCampaigns(db);
  return { statuses, ...catalogue, bonusCampaigns };
}
