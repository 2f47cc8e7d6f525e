/**
 * The ledger-account id cache holds committed rows only: an id handed out inside a transaction
 * that later rolls back (or has not committed yet) must not be served to anyone else.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { rows } from '../../db/sql.ts';
import { LedgerAccounts } from './ledger.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const exists = async (id: number) =>
  (await rows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM ledger_accounts WHERE id = ${id}`))[0]!
    .n === 1;

describe('LedgerAccounts', () => {
  it('does not remember an account created by a transaction that rolls back', async () => {
    const accounts = new LedgerAccounts();
    const ref = `rollback-${randomUUID()}`;
    let inside = 0;
    await expect(
      t.database.db.transaction(async (tx) => {
        inside = await accounts.system(tx, 'house', 'EUR', ref);
        // Asked again in the same transaction, the same uncommitted row answers.
        expect(await accounts.system(tx, 'house', 'EUR', ref)).toBe(inside);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await exists(inside)).toBe(false);
    const after = await accounts.system(t.database.db, 'house', 'EUR', ref);
    expect(after).not.toBe(inside);
    expect(await exists(after)).toBe(true);
  });

  it('remembers a committed account: a second lookup costs no query', async () => {
    const accounts = new LedgerAccounts();
    const ref = `commit-${randomUUID()}`;
    const first = await t.database.db.transaction((tx) => accounts.system(tx, 'house', 'EUR', ref));
    // Seen committed once, then served from memory even through a handle that cannot query.
    expect(await accounts.system(t.database.db, 'house', 'EUR', ref)).toBe(first);
    const refusing = {
      execute: () => Promise.reject(new Error('no query expected')),
    } as unknown as typeof t.database.db;
    expect(await accounts.system(refusing, 'house', 'EUR', ref)).toBe(first);
  });
});
