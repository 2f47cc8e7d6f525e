/**
 * Bonus rules under concurrency (docs/bonuses.md#guarantees-and-the-tests-that-prove-them): fifty
 * bets sent at once against one active bonus, stakes around its max bet on games of two weights.
 * The max bet and the counter run inside `wallet_bet` with the wallet row locked, so no accepted
 * stake passes the max bet and the counter equals the weighted sum of exactly the accepted bets. On
 * PostgreSQL the bets really run in parallel on a pool; on the embedded database one after another.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { rows } from '../../db/sql.ts';
import {
  expectLedgerSound,
  gameSession,
  insertPlayer,
  TEST_PROVIDER,
  TEST_PROVIDER_SECRET,
  TEST_PROVIDERS_ENV,
  walletCall,
} from '../wallet/test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp(TEST_PROVIDERS_ENV);
});
afterAll(async () => {
  await t.events.drain();
  await expectLedgerSound(t.database);
  await t.close();
});

async function gameIn(category: string) {
  const [row] = await rows<{ identifier: string }>(
    t.database.db,
    sql`SELECT g.identifier FROM games g JOIN game_categories gc ON gc.game_id = g.id
         WHERE gc.category_id = ${category} AND NOT EXISTS (
           SELECT 1 FROM game_categories x WHERE x.game_id = g.id AND x.category_id IN ('live', 'wager0'))
         ORDER BY g.id LIMIT 1`,
  );
  return row!.identifier;
}

it('50 parallel bets never pass the max bet and count exactly the accepted stakes, weighted', async () => {
  const slot = await gameIn('pokies');
  const roulette = await gameIn('roulette');
  const userId = await insertPlayer(t.database);
  const bonuses = t.croupier.modules.bonuses;
  const issued = await bonuses.issue({
    userId,
    currency: 'EUR',
    kind: 'nondeposit',
    source: 'manual',
    sourceRef: 'storm',
    amount: 1_000_00n,
    wagerMultiplier: 100,
    validityDays: 7,
    maxBet: 5_00n,
    weights: { roulette: 10 },
  });
  await bonuses.activate(userId, issued.id);
  const token = await gameSession(t.database, userId, 'EUR', TEST_PROVIDER, t.clock.now());

  const stakes = [4_00, 5_00, 5_01, 6_00, 1_37];
  const bets = Array.from({ length: 50 }, (_, i) => ({
    amount: stakes[i % stakes.length]!,
    game: i % 2 === 0 ? slot : roulette,
    weight: i % 2 === 0 ? 100 : 10,
    tx: `storm-${i}`,
  }));
  const answers = await Promise.all(
    bets.map((b) =>
      walletCall(t.app, TEST_PROVIDER, TEST_PROVIDER_SECRET, 'bet', {
        session_token: token,
        user_id: String(userId),
        currency: 'EUR',
        game: b.game,
        round_id: `round-${b.tx}`,
        transaction_id: b.tx,
        amount: b.amount,
      }),
    ),
  );

  const accepted = bets.filter((_, i) => answers[i]!.json.status === 'OK');
  const refused = bets.filter((_, i) => answers[i]!.json.status === 'GAMBLING_BLOCKED');
  expect(accepted.length + refused.length).toBe(50);
  expect(accepted.every((b) => b.amount <= 5_00)).toBe(true);
  expect(refused.every((b) => b.amount > 5_00)).toBe(true);
  expect(accepted).toHaveLength(30);

  const [state] = await rows<{ wagered: string; amount: string; wagers: number }>(
    t.database.db,
    sql`SELECT b.wagered_cents::text AS wagered, p.amount_cents::text AS amount,
               (SELECT count(*)::int FROM bonus_wagers w WHERE w.bonus_id = b.id) AS wagers
          FROM player_bonuses b JOIN player_accounts p ON p.user_id = b.user_id AND p.currency = b.currency
         WHERE b.id = ${issued.id}`,
  );
  const weighted = accepted.reduce((sum, b) => sum + Math.floor((b.amount * b.weight) / 100), 0);
  const staked = accepted.reduce((sum, b) => sum + b.amount, 0);
  expect(state).toEqual({ wagered: String(weighted), amount: String(1_000_00 - staked), wagers: 30 });
});
