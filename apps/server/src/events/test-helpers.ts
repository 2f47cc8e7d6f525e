import { EVENT_PAYLOADS, isEventType } from '@croupier/shared/events';
import { expect } from 'vitest';
import type { Database } from '../db/client.ts';
import { rows } from '../db/sql.ts';
import { sql } from 'drizzle-orm';

/**
 * Every event in the database has a type of the shared contract and a payload its schema accepts
 * (`@croupier/shared/events`); returns how many events of each type were checked.
 */
export async function expectEventsMatchContract(database: Database): Promise<Record<string, number>> {
  const logged = await rows<{ id: number; type: string; payload: unknown }>(
    database.db,
    sql`SELECT id, type, payload FROM events ORDER BY id`,
  );
  const seen: Record<string, number> = {};
  for (const event of logged) {
    expect(isEventType(event.type), `event ${event.id} has an unknown type ${event.type}`).toBe(true);
    if (!isEventType(event.type)) continue;
    const parsed = EVENT_PAYLOADS[event.type].safeParse(event.payload);
    expect(parsed.success, `event ${event.id} (${event.type}): ${parsed.error?.message}`).toBe(true);
    seen[event.type] = (seen[event.type] ?? 0) + 1;
  }
  return seen;
}
