import { randomBytes } from 'node:crypto';
import { sessions, users } from '../../db/schema/index.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
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
    userId: user!.id,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + 30 * 86_400_000),
  });
  const client = createClient(t.app);
  client.jar.set(SESSION_COOKIE, token);
  return { user: user!, token, client };
}
