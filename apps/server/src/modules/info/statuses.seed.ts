import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { statuses } from '../../db/schema/index.ts';
import { AB_GROUP_EVEN, AB_GROUP_ODD, LIVE_CHAT_GROUP, NO_SOFORT_GROUP, VARIANT_GROUPS } from '../player/index.ts';

type StatusSeed = typeof statuses.$inferInsert;

/** Loyalty levels of the profile (docs/player-app.md#locales: level_1 to level_10). */
const LEVELS: StatusSeed[] = Array.from({ length: 10 }, (_, i) => ({
  id: `level_${i + 1}`,
  name: `Level ${i + 1}`,
  isLevel: true,
  writable: false,
  position: i + 1,
}));

/**
 * Groups with a meaning (docs/player-app.md#groups-and-restrictions). Only 545 is writable: players (through
 * `POST /api/player/groups`) may choose the live-chat provider; the others are assigned by us.
 */
const GROUPS: StatusSeed[] = [
  { id: AB_GROUP_EVEN, name: 'A/B test: even player id', isLevel: false, writable: false, position: 100 },
  { id: AB_GROUP_ODD, name: 'A/B test: odd player id', isLevel: false, writable: false, position: 101 },
  { id: LIVE_CHAT_GROUP, name: 'Live chat: alternative provider', isLevel: false, writable: true, position: 102 },
  { id: VARIANT_GROUPS.A, name: 'Registration form A', isLevel: false, writable: false, position: 103 },
  { id: VARIANT_GROUPS.B, name: 'Registration form B', isLevel: false, writable: false, position: 104 },
  { id: NO_SOFORT_GROUP, name: 'No Sofort deposits', isLevel: false, writable: false, position: 105 },
];

/** Seeds loyalty levels and groups. Idempotent: re-running updates names and flags in place. */
export async function seedStatuses(db: Db): Promise<number> {
  const rows = [...LEVELS, ...GROUPS];
  await db
    .insert(statuses)
    .values(rows)
    .onConflictDoUpdate({
      target: statuses.id,
      set: {
        name: sql`excluded.name`,
        isLevel: sql`excluded.is_level`,
        writable: sql`excluded.writable`,
        position: sql`excluded.position`,
      },
    });
  return rows.length;
}
