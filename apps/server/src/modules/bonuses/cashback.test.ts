/**
 * Weekly cashback (docs/bonuses.md#leased-jobs): once a week has ended, players whose cash went down
 * get their percent of it, capped, above the minimum; once per week however often the job runs.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { rows } from '../../db/sql.ts';
import {
  expectLedgerSound,
  fund,
  gameSession,
  insertPlayer,
  TEST_PROVIDER,
  TEST_PROVIDER_SECRET,
  TEST_PROVIDERS_ENV,
  walletCall,
} from '../wallet/test-helpers.ts';
import { CashbackService, isoWeek, lastFinishedWeek } from './cashback.ts';

let t: TestApp;
let cashback: CashbackService;
let campaignId: number;
/** Wednesday of ISO week 2026-W49. */
const WEDNESDAY = new Date('2026-12-02T12:00:00Z');

beforeAll(async () => {
  t = await buildTestApp(TEST_PROVIDERS_ENV);
  cashback = new CashbackService({ db: t.database.db, clock: t.clock, bonuses: t.croupier.modules.bonuses });
  t.clock.set(WEDNESDAY);
  const [campaign] = await rows<{ id: number }>(
    t.database.db,
    sql`INSERT INTO bonus_campaigns (code, kind, trigger, terms, starts_at)
        VALUES ('CASHBACK-TEST', 'cashback', 'cashback',
                ${JSON.stringify({
                  wager_multiplier: 0,
                  validity_days: 7,
                  activation_days: 7,
                  cashback: { percent: 10, max_cents: { EUR: 100_00 }, min_loss_cents: { EUR: 10_00 } },
                })}::jsonb, '2026-11-01T00:00:00Z')
        RETURNING id`,
  );
  campaignId = campaign!.id;
});
afterAll(async () => {
  await expectLedgerSound(t.database);
  await t.close();
});

let n = 0;
/** A round at the clock's time: `stake` then `win`, through the wallet protocol. */
async function round(userId: number, stake: number, win: number) {
  n += 1;
  const token = await gameSession(t.database, userId, 'EUR', TEST_PROVIDER, t.clock.now(), 60 * 24 * 30);
  const base = { user_id: String(userId), currency: 'EUR', game: 'test-studio/slot', round_id: `cb-${n}` };
  const call = (action: string, body: object) =>
    walletCall(t.app, TEST_PROVIDER, TEST_PROVIDER_SECRET, action, { ...base, ...body });
  expect((await call('bet', { session_token: token, transaction_id: `cb-bet-${n}`, amount: stake })).json.status).toBe(
    'OK',
  );
  expect((await call('win', { transaction_id: `cb-win-${n}`, amount: win, round_closed: true })).json.status).toBe(
    'OK',
  );
}

async function player(cash: number) {
  const id = await insertPlayer(t.database);
  await fund(t.wallet, id, 'EUR', cash);
  return id;
}

const cashbackOf = (userId: number) =>
  rows<{ amount: string; loss: string | null; source_ref: string; stage: string; wager_multiplier: number }>(
    t.database.db,
    sql`SELECT amount_cents::text AS amount, loss_cents::text AS loss, source_ref, stage, wager_multiplier FROM player_bonuses
         WHERE user_id = ${userId} AND kind = 'cashback' ORDER BY id`,
  );

describe('the week', () => {
  it.each([
    ['2026-12-02T12:00:00Z', '2026-11-23T00:00:00.000Z', '2026-W48'],
    ['2026-11-30T00:00:00Z', '2026-11-23T00:00:00.000Z', '2026-W48'],
    ['2026-11-29T23:59:59Z', '2026-11-16T00:00:00.000Z', '2026-W47'],
    ['2027-01-04T08:00:00Z', '2026-12-28T00:00:00.000Z', '2026-W53'],
    ['2026-01-05T00:00:00Z', '2025-12-29T00:00:00.000Z', '2026-W01'],
  ])('at %s the last finished week starts %s (%s)', (now, start, label) => {
    const week = lastFinishedWeek(new Date(now));
    expect(week.start.toISOString()).toBe(start);
    expect(week.end.getTime() - week.start.getTime()).toBe(7 * 86_400_000);
    expect(week.label).toBe(label);
    expect(isoWeek(week.start)).toBe(label);
  });
});

describe('the job', () => {
  it('pays 10 % of a week’s net cash loss, capped, above the minimum, once', async () => {
    const loser = await player(2_000_00);
    const bigLoser = await player(5_000_00);
    const small = await player(100_00);
    const winner = await player(100_00);
    // Week 2026-W49 (the clock's): bets and wins at its time.
    await round(loser, 300_00, 50_00);
    await round(loser, 100_00, 0);
    await round(bigLoser, 2_500_00, 0);
    await round(small, 9_00, 0);
    await round(winner, 50_00, 120_00);

    // During the week nothing is paid for it.
    expect(await cashback.run()).toEqual({ weeks: 1, issued: 0 });
    expect(await cashbackOf(loser)).toEqual([]);

    // The next Monday: the week is over.
    t.clock.set(new Date('2026-12-07T00:10:00Z'));
    const first = await cashback.run();
    expect(first.weeks).toBe(1);
    expect(await cashbackOf(loser)).toEqual([
      {
        amount: '3500',
        loss: '35000',
        source_ref: `${campaignId}:${loser}:EUR:2026-W49`,
        stage: 'issued',
        wager_multiplier: 0,
      },
    ]);
    // Capped at €100: the popup shows the whole loss beside it.
    expect((await cashbackOf(bigLoser))[0]).toMatchObject({ amount: '10000', loss: '250000' });
    expect(await cashbackOf(small)).toEqual([]);
    expect(await cashbackOf(winner)).toEqual([]);

    // Again, and after a run cut short before the week was marked done: no second bonus.
    expect(await cashback.run()).toEqual({ weeks: 0, issued: 0 });
    await t.database.db.execute(sql`DELETE FROM cashback_weeks WHERE campaign_id = ${campaignId}`);
    await cashback.run();
    expect(await cashbackOf(loser)).toHaveLength(1);

    // Wager-free: claiming it is cash.
    const [bonus] = await rows<{ id: number }>(
      t.database.db,
      sql`SELECT id FROM player_bonuses WHERE user_id = ${loser} AND kind = 'cashback'`,
    );
    expect(await t.croupier.modules.bonuses.activate(loser, bonus!.id)).toMatchObject({ stage: 'finished' });
  });
});
