/**
 * A self-exclusion outlives the erasure of the account (docs/privacy.md#a-self-exclusion-outlives-erasure,
 * docs/reliability.md#rg7-a-self-exclusion-outlives-erasure): a self-excluded player erased by the
 * operator cannot sign up again with the same address — in another case, with spaces, or with a
 * `+tag` — until the exclusion ends; then they can, and the kept hash is deleted. On both databases.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createClient, type TestApp } from '../../../test/build-test-app.ts';
import { expectRouteContract } from '../../../test/contract.ts';
import { rows } from '../../db/sql.ts';
import { identityHash, normalisedMailbox } from './excluded-identities.ts';
import { signUp, signUpUser, uniqueEmail } from './test-helpers.ts';

const ADMIN = 'admin-token-for-exclusion-tests-0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ ADMIN_API_TOKEN: ADMIN });
});
afterAll(() => t.close());

const DAY = 86_400_000;

async function erase(id: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/players/${id}/erasure`,
    headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ reason: 'ticket 7' }),
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A sign-up with this address, answered and held to its contract. */
async function signUpWith(email: string) {
  const res = await createClient(t.app).post('/api/users', { user: signUpUser({ email }) });
  expectRouteContract('POST', '/api/users', res);
  return res;
}

/** A player who took the given break; its end (null: never). */
async function excluded(email: string, limit: { type: string; period: string }) {
  const { client, player } = await signUp(t.app, { email });
  const res = await client.post('/api/user_limits', limit);
  expect(res.statusCode, res.body).toBe(201);
  const endsAt = (res.json() as { ends_at: string | null }).ends_at;
  return { id: player.id, endsAt: endsAt === null ? null : new Date(endsAt) };
}

const kept = () =>
  rows<{ identity_hash: string; ends_at: Date | string | null }>(
    t.database.db,
    sql`SELECT identity_hash, ends_at FROM excluded_identities ORDER BY identity_hash`,
  );

describe('a self-excluded player, erased', () => {
  it('cannot sign up again with the address, however it is written, until the exclusion ends', async () => {
    const email = uniqueEmail('excluded');
    const p = await excluded(email, { type: 'selfexclusion', period: 'month_6' });
    await erase(p.id);
    // Only a keyed hash is kept, never the address.
    const [row, ...more] = await kept();
    expect(more).toEqual([]);
    expect(row!.identity_hash).toBe(identityHash(t.env.appSecret, email));
    expect(JSON.stringify(await kept())).not.toContain(email.split('@')[0]);
    expect(new Date(row!.ends_at!)).toEqual(p.endsAt);

    const [local, domain] = email.split('@') as [string, string];
    for (const again of [email, `  ${email.toUpperCase()} `, `${local}+again@${domain}`]) {
      const res = await signUpWith(again);
      expect(res.statusCode, again).toBe(403);
      expect(res.json()).toEqual({
        code: 'self_excluded',
        error:
          'An account cannot be opened with this e-mail address while a self-exclusion applies to it. Our support can tell you more.',
      });
    }
    // Nothing of the refused sign-ups stays.
    const [users] = await rows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM users WHERE lower(email) LIKE ${`${local}%`}`,
    );
    expect(users!.n).toBe(0);
    // Another address is another person.
    expect((await signUpWith(uniqueEmail('someone-else'))).statusCode).toBe(201);

    // The exclusion ends: the address may open an account, and the job forgets it.
    t.clock.set(new Date(p.endsAt!.getTime() + 1_000));
    expect((await signUpWith(email)).statusCode).toBe(201);
    await t.jobs.runNow('auth.excluded-identities');
    expect(await kept()).toEqual([]);
  });

  it('for ever: the address stays refused; a cooling-off or no break leaves nothing behind', async () => {
    const forever = uniqueEmail('forever');
    const p = await excluded(forever, { type: 'selfexclusion', period: 'forever' });
    const cooling = uniqueEmail('cooling');
    const c = await excluded(cooling, { type: 'coolingoff', period: 'week' });
    const plain = await signUp(t.app, { email: uniqueEmail('plain') });
    await erase(p.id);
    await erase(c.id);
    await erase(plain.player.id);
    expect(await kept()).toEqual([{ identity_hash: identityHash(t.env.appSecret, forever), ends_at: null }]);

    t.clock.advance(20 * 365 * DAY);
    await t.jobs.runNow('auth.excluded-identities');
    expect((await signUpWith(forever)).statusCode).toBe(403);
    expect((await signUpWith(cooling)).statusCode).toBe(201);
    expect((await signUpWith(plain.player.email)).statusCode).toBe(201);
  });
});

describe('normalisedMailbox', () => {
  it('is one mailbox: case, spaces, Unicode forms and a +tag do not make another', () => {
    expect(normalisedMailbox('  Ada.Lovelace+casino@Example.COM ')).toBe('ada.lovelace@example.com');
    expect(normalisedMailbox('ａｄａ@example.com')).toBe('ada@example.com');
    expect(normalisedMailbox('+only@example.com')).toBe('+only@example.com');
    expect(identityHash('one secret', 'Ada@example.com')).toBe(identityHash('one secret', 'ada+x@example.com'));
    expect(identityHash('one secret', 'ada@example.com')).not.toBe(identityHash('another secret', 'ada@example.com'));
  });
});
