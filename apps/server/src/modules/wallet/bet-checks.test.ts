/**
 * Bet-time checks (docs/bet-checks.md): the wallet's bet statement asks every module's check in its
 * own transaction, and the checks installed in the database are the ones in the modules' sources.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import {
  assembleFunctionsMigration,
  betChecksDispatcher,
  functionsDifferingFromSource,
  loadModuleFunctions,
} from '../../db/module-functions.ts';
import { fundedPlayer, launch } from '../games-host/test-helpers.ts';
import { betRefusal } from './index.ts';
import {
  balanceOf,
  expectLedgerSound,
  fund,
  gameSession,
  insertPlayer,
  TEST_PROVIDER,
  TEST_PROVIDER_SECRET,
  TEST_PROVIDERS_ENV,
  walletCall,
} from './test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp(TEST_PROVIDERS_ENV);
});
afterAll(() => t.close());
afterEach(async () => {
  // Put the module's own check back: each test below swaps in one of its own.
  const [limits] = loadModuleFunctions().filter((f) => f.name === 'limits_bet_check');
  await t.database.db.execute(sql.raw(limits!.source));
  await expectLedgerSound(t.database);
});

let n = 0;
const id = (p: string) => `${p}-${++n}`;

async function player(amount: number) {
  const userId = await insertPlayer(t.database);
  await fund(t.wallet, userId, 'EUR', amount);
  const token = await gameSession(t.database, userId, 'EUR', TEST_PROVIDER, t.clock.now());
  const bet = (amountCents: number, txId = id('bet'), round = id('round')) =>
    walletCall(t.app, TEST_PROVIDER, TEST_PROVIDER_SECRET, 'bet', {
      session_token: token,
      user_id: String(userId),
      currency: 'EUR',
      game: 'croupier-originals/test',
      round_id: round,
      transaction_id: txId,
      amount: amountCents,
    });
  return { userId, bet, balance: () => balanceOf(t.database, userId) };
}

/** Replaces the responsible-gambling check in this file's database with `body` (PL/pgSQL). */
async function installCheck(body: string) {
  await t.database.db.execute(
    sql.raw(`CREATE OR REPLACE FUNCTION limits_bet_check(p_user integer, p_currency text, p_amount bigint, p_game text, p_now timestamptz)
      RETURNS jsonb LANGUAGE plpgsql AS $$ BEGIN ${body} END; $$`),
  );
}

describe('bet-time checks', () => {
  it('a module check refuses the bet inside wallet_bet: GAMBLING_BLOCKED with its message, no money moves', async () => {
    const blocked = await player(10_000);
    const free = await player(10_000);
    await installCheck(
      `IF p_user = ${blocked.userId} THEN RETURN jsonb_build_object('code', 'self_excluded', 'message', 'Self-excluded until 2027'); END IF; RETURN NULL;`,
    );
    const refused = await blocked.bet(100);
    expect(refused.json).toMatchObject({ status: 'GAMBLING_BLOCKED', message: 'Self-excluded until 2027' });
    expect(await blocked.balance()).toBe(10_000);
    expect((await free.bet(100)).json).toMatchObject({ status: 'OK', balance: 9_900 });
    // The launch-time question asks the same checks.
    const now = t.clock.now();
    expect(await betRefusal(t.database.db, { userId: blocked.userId, currency: 'EUR', game: 'g', now })).toEqual({
      code: 'self_excluded',
      message: 'Self-excluded until 2027',
    });
    expect(await betRefusal(t.database.db, { userId: free.userId, currency: 'EUR', game: 'g', now })).toBeNull();
  });

  it("the games host tells the player: a round is refused with the check's message, and so is a new launch", async () => {
    const { client, player: signedUp } = await fundedPlayer(t, 10_000);
    const { headers, game } = await launch(t, client, 'slot-low');
    await installCheck(
      `IF p_user = ${signedUp.id} THEN RETURN jsonb_build_object('code', 'cooling_off', 'message', 'Cooling off until tomorrow'); END IF; RETURN NULL;`,
    );
    const round = await client.post('/games-api/rounds', { bet: { amount: 100 } }, headers);
    expect(round.statusCode, round.body).toBe(403);
    expect(round.json()).toMatchObject({ code: 'gambling_blocked', error: 'Cooling off until tomorrow' });
    const relaunch = await client.post('/games-api/sessions', { game: game.seoTitle, id: game.launchIds.EUR });
    expect(relaunch.statusCode, relaunch.body).toBe(403);
    expect(relaunch.json()).toMatchObject({ code: 'gambling_blocked', error: 'Cooling off until tomorrow' });
    expect(await balanceOf(t.database, signedUp.id)).toBe(10_000);
  });

  it('a check is given the stake, the game and the time of the bet', async () => {
    const p = await player(10_000);
    await installCheck(
      `IF p_amount > 500 OR p_game <> 'croupier-originals/test' OR p_currency <> 'EUR' OR p_now <> '2026-11-22T12:00:00Z'::timestamptz
         THEN RETURN jsonb_build_object('code', 'max_bet', 'message', 'Max bet 5.00 (' || p_amount || ')'); END IF; RETURN NULL;`,
    );
    expect((await p.bet(501)).json).toMatchObject({ status: 'GAMBLING_BLOCKED', message: 'Max bet 5.00 (501)' });
    expect((await p.bet(500)).json).toMatchObject({ status: 'OK', balance: 9_500 });
  });

  it('concurrent bets reach a check one at a time: a cap on stakes is never overshot', async () => {
    // A stand-in for a wager limit: at most 10.00 staked in all. Without the account row locked
    // before the checks, concurrent bets on PostgreSQL would each see the others' stakes missing.
    const p = await player(100_000);
    await installCheck(`
      IF (SELECT coalesce(sum(amount), 0) FROM wallet_requests WHERE user_id = p_user AND action = 'bet' AND status = 'ok')
           + p_amount > 1000
         THEN RETURN jsonb_build_object('code', 'wager_limit_reached', 'message', 'Wager limit reached'); END IF;
      RETURN NULL;`);
    const answers = await Promise.all(Array.from({ length: 50 }, () => p.bet(100)));
    const statuses = answers.map((a) => a.json.status);
    expect(statuses.filter((s) => s === 'OK')).toHaveLength(10);
    expect(statuses.filter((s) => s === 'GAMBLING_BLOCKED')).toHaveLength(40);
    expect(await p.balance()).toBe(99_000);
  });

  it('a refused bet appends no event and is answered the same when sent again', async () => {
    const p = await player(10_000);
    await installCheck(`RETURN jsonb_build_object('code', 'cooling_off', 'message', 'Cooling off');`);
    const events = async () =>
      Number(
        (
          (await t.database.db.execute(sql`SELECT count(*)::int AS n FROM events WHERE user_id = ${p.userId}`))
            .rows[0] as {
            n: number;
          }
        ).n,
      );
    const before = await events();
    const first = await p.bet(100, 'refused-once', 'r');
    expect(first.json.status).toBe('GAMBLING_BLOCKED');
    await installCheck('RETURN NULL;');
    const again = await p.bet(100, 'refused-once', 'r');
    // The stored answer, byte for byte: a refusal is final for its transaction id.
    expect(again.body).toBe(first.body);
    expect(await events()).toBe(before);
    expect(await p.balance()).toBe(10_000);
  });
});

describe('module SQL functions', () => {
  it('the migrated database holds exactly the functions of the modules’ sources', async () => {
    expect(await functionsDifferingFromSource(t.database.db)).toEqual([]);
  });

  it('a function changed in the database (or a source changed without a migration) is reported', async () => {
    await installCheck('RETURN NULL; /* edited */');
    expect(await functionsDifferingFromSource(t.database.db)).toEqual(['limits_bet_check']);
  });

  it('the dispatcher calls every declared check in order; the migration holds every source once', () => {
    const two = [
      { module: 'limits', functions: ['limits_bet_check'], betChecks: ['limits_bet_check'] },
      { module: 'limits', functions: [], betChecks: ['bonus_bet_check'] },
    ];
    const dispatcher = betChecksDispatcher(two);
    expect(dispatcher.indexOf('limits_bet_check(')).toBeGreaterThan(0);
    expect(dispatcher.indexOf('bonus_bet_check(')).toBeGreaterThan(dispatcher.indexOf('limits_bet_check('));
    expect(() => assembleFunctionsMigration(two)).toThrow(/bonus_bet_check is not one of limits's functions/);
    const migration = assembleFunctionsMigration();
    expect(migration.match(/CREATE OR REPLACE FUNCTION limits_bet_check\(/g)).toHaveLength(1);
  });
});
