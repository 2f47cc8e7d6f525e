import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { Database } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { randomPublicId, randomToken, sha256 } from '../../lib/crypto.ts';
import { createClient, type TestApp } from '../../../test/build-test-app.ts';
import { SESSION_COOKIE } from '../auth/session.service.ts';

export type NewUser = typeof users.$inferInsert;

/**
 * A signed-in player for tests that must not depend on the auth endpoints: inserts the user row and
 * a session directly (the cookie holds the token, the row its SHA-256, as session.service.ts does),
 * and returns an API client that carries the session cookie.
 */
export async function signedInPlayer(t: TestApp, overrides: Partial<NewUser> = {}) {
  const now = t.clock.now();
  const [user] = await t.database.db
    .insert(users)
    .values({
      email: `player-${randomBytes(6).toString('hex')}@example.test`,
      encryptedPassword: 'not-a-real-hash',
      currency: 'EUR',
      createdAt: now,
      updatedAt: now,
      ...overrides,
    })
    .returning();
  const token = randomToken();
  await t.database.db.insert(sessions).values({
    id: sha256(token),
    publicId: randomPublicId(),
    userId: user!.id,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + 30 * 86_400_000),
  });
  const client = createClient(t.app);
  client.jar.set(SESSION_COOKIE, token);
  return { user: user!, token, client };
}

/**
 * Workaround for a race in the test harness on PostgreSQL: `drop()` ends the pool (pg-pool resolves
 * `end()` before idle sockets have closed) and then runs `DROP DATABASE … WITH (FORCE)`, whose
 * termination notice (57P01) reaches a closing client and is re-emitted as an `error` event on the
 * pool, which has no listener. This swallows exactly that notice; the proper fix is a pool `error`
 * listener in db/client.ts.
 */
export function tolerateForcedDrop(database: Database): void {
  if (database.kind !== 'postgres') return;
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  pool.on('error', (error: Error & { code?: string }) => {
    if (error.code !== '57P01') throw error;
  });
}
