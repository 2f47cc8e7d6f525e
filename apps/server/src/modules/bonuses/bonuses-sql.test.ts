/** The bonus module's SQL helpers agree with their TypeScript counterparts. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CURRENCY_CODES } from '@croupier/shared/currencies';
import { toMajorString } from '@croupier/shared/money';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { rows } from '../../db/sql.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

it.each(CURRENCY_CODES)('bonuses_money writes %s amounts as toMajorString does', async (currency) => {
  for (const cents of [0, 1, 5_00, 123_456_789]) {
    const [row] = await rows<{ text: string }>(
      t.database.db,
      sql`SELECT bonuses_money(${cents}::bigint, ${currency}) AS text`,
    );
    expect(row!.text).toBe(`${toMajorString(cents, currency)} ${currency}`);
  }
});
