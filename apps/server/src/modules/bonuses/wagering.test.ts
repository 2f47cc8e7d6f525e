/**
 * The wagering rules driven through the seamless-wallet protocol, as a provider's calls reach them
 * (docs/bonuses.md#where-each-rule-runs): cash first, the split of a win, weights, excluded games and
 * the max bet decided inside the bet, the counter moved once per bet and once back per refund,
 * conversion with its cap (late wins too), a cancel that forfeits only bonus money, a lost bonus.
 * Every case ends with the ledger's and the module's invariants.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
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
import type { IssueInput } from './bonuses.service.ts';

let t: TestApp;
/** A catalogue game of each kind the weights tell apart. */
const games = { slot: '', roulette: '', live: '', dice: '', unknown: 'test-studio/not-in-the-catalogue' };

beforeAll(async () => {
  t = await buildTestApp(TEST_PROVIDERS_ENV);
  const of = async (category: string, engine: string) => {
    const [row] = await rows<{ identifier: string }>(
      t.database.db,
      sql`SELECT g.identifier FROM games g JOIN game_categories gc ON gc.game_id = g.id
           WHERE gc.category_id = ${category} AND g.engine = ${engine} ORDER BY g.id LIMIT 1`,
    );
    if (!row) throw new Error(`no ${engine} game in ${category}`);
    return row.identifier;
  };
  games.slot = await of('pokies', 'slot-medium');
  games.roulette = await of('roulette', 'roulette');
  games.live = await of('live', 'live-roulette');
  games.dice = await of('wager0', 'dice');
});
afterEach(async () => {
  await t.events.drain();
  await expectLedgerSound(t.database);
});
afterAll(() => t.close());

let n = 0;
const next = (p: string) => `${p}-${++n}`;

/** The demo's weights (docs/bonuses.md#kinds-the-demo-seeds): tables count 10 %, live 0, `wager0` is excluded. */
const DEMO_RULES = {
  weights: { table: 10, roulette: 10, blackjack: 10, baccarat: 10, live: 0 },
  defaultWeight: 100,
  excludedCollections: ['wager0'],
};

/** A player with `cash` of their own and an active bonus of `amount` (×`multiplier`), and their provider calls. */
async function playerWithBonus(cash: number, amount: number, over: Partial<IssueInput> = {}) {
  const userId = await insertPlayer(t.database);
  if (cash > 0) await fund(t.wallet, userId, 'EUR', cash);
  const bonuses = t.croupier.modules.bonuses;
  const issued = await bonuses.issue({
    userId,
    currency: 'EUR',
    kind: 'nondeposit',
    source: 'manual',
    sourceRef: next('wagering'),
    amount: BigInt(amount),
    wagerMultiplier: 10,
    validityDays: 7,
    ...DEMO_RULES,
    ...over,
  });
  await bonuses.activate(userId, issued.id);
  const token = await gameSession(t.database, userId, 'EUR', TEST_PROVIDER, t.clock.now(), 3 * 24 * 60);
  const base = { user_id: String(userId), currency: 'EUR' };
  const call = (action: string, body: Record<string, unknown>) =>
    walletCall(t.app, TEST_PROVIDER, TEST_PROVIDER_SECRET, action, { ...base, ...body });
  return {
    userId,
    bonusId: issued.id,
    bet: (amount: number, o: { game?: string; round?: string; tx?: string } = {}) =>
      call('bet', {
        session_token: token,
        game: o.game ?? games.slot,
        round_id: o.round ?? next('round'),
        transaction_id: o.tx ?? next('bet'),
        amount,
      }),
    win: (round: string, amount: number, closed = true) =>
      call('win', { game: games.slot, round_id: round, transaction_id: next('win'), amount, round_closed: closed }),
    rollback: (round: string, betTx: string, tx = next('rollback')) =>
      call('rollback', { game: games.slot, round_id: round, transaction_id: tx, reference_transaction_id: betTx }),
    state: () => stateOf(userId, issued.id),
  };
}

async function stateOf(userId: number, bonusId: number) {
  const [w] = await rows<{ amount: string; cash: string }>(
    t.database.db,
    sql`SELECT amount_cents::text AS amount, available_to_cashout_cents::text AS cash FROM player_accounts
         WHERE user_id = ${userId} AND currency = 'EUR'`,
  );
  const [b] = await rows<{ stage: string; wagered: string; converted: string }>(
    t.database.db,
    sql`SELECT stage, wagered_cents::text AS wagered, converted_cents::text AS converted FROM player_bonuses WHERE id = ${bonusId}`,
  );
  return {
    cash: Number(w!.cash),
    bonus: Number(w!.amount) - Number(w!.cash),
    stage: b!.stage,
    wagered: Number(b!.wagered),
    converted: Number(b!.converted),
  };
}

/** What the casino's promotional budget got back from a bonus's rounds and movements. */
async function fundingReturned(userId: number) {
  const [row] = await rows<{ total: string }>(
    t.database.db,
    sql`SELECT coalesce(sum(p.amount), 0)::text AS total FROM ledger_postings p
          JOIN ledger_accounts a ON a.id = p.account_id AND a.kind = 'bonus_funding'
          JOIN ledger_transactions x ON x.id = p.transaction_id
         WHERE x.user_id = ${userId} AND p.amount > 0`,
  );
  return Number(row!.total);
}

describe('spending and winning', () => {
  it('cash is spent first, then bonus money; a win splits as its stakes were paid', async () => {
    const p = await playerWithBonus(10_00, 100_00);
    const round = next('round');
    expect((await p.bet(15_00, { round })).json).toMatchObject({ status: 'OK', balance: 95_00 });
    expect(await p.state()).toMatchObject({ cash: 0, bonus: 95_00, wagered: 15_00 });
    // 10.00 of the 15.00 stake was cash: two thirds of the win is cash, floored.
    expect((await p.win(round, 40_00)).json.status).toBe('OK');
    expect(await p.state()).toMatchObject({ cash: 26_66, bonus: 95_00 + 13_34, stage: 'handle_bets' });
  });

  it('a bet counts once however often it is replayed; a refund uncounts it once', async () => {
    const p = await playerWithBonus(0, 100_00);
    const round = next('round');
    const tx = next('bet');
    const first = await p.bet(10_00, { round, tx });
    const again = await Promise.all([p.bet(10_00, { round, tx }), p.bet(10_00, { round, tx })]);
    expect(again.map((r) => r.body)).toEqual([first.body, first.body]);
    expect(await p.state()).toMatchObject({ bonus: 90_00, wagered: 10_00 });

    expect((await p.rollback(round, tx)).json.status).toBe('OK');
    expect(await p.state()).toMatchObject({ cash: 0, bonus: 100_00, wagered: 0 });
    // A second rollback of the same bet (another id) refunds and uncounts nothing.
    expect((await p.rollback(round, tx)).json).toMatchObject({ status: 'OK', message: 'Already rolled back' });
    expect(await p.state()).toMatchObject({ bonus: 100_00, wagered: 0 });
  });
});

describe('weights, exclusions and the max bet are decided inside the bet', () => {
  // The contribution of a 10.00 bet on each kind of game, under the demo's rules.
  const cases: [keyof typeof games, number][] = [
    ['slot', 10_00],
    ['roulette', 1_00],
    ['live', 0],
    ['unknown', 0],
  ];
  it.each(cases)('a bet of 10.00 on a %s game counts %i', async (game, counted) => {
    const p = await playerWithBonus(0, 100_00);
    expect((await p.bet(10_00, { game: games[game] })).json.status).toBe('OK');
    expect(await p.state()).toMatchObject({ bonus: 90_00, wagered: counted });
  });

  it('the lowest weight among the game’s collections wins, and the meter’s function agrees', async () => {
    const [row] = await rows<{ weight: number | null; excluded: number | null; none: number | null }>(
      t.database.db,
      sql`SELECT bonuses_game_weight('{"table": 30, "roulette": 20}'::jsonb, 100, '{}'::text[], ${games.roulette}) AS weight,
                 bonuses_game_weight('{}'::jsonb, 100, '{wager0}'::text[], ${games.dice}) AS excluded,
                 bonuses_game_weight('{}'::jsonb, 70, '{}'::text[], ${games.slot}) AS none`,
    );
    expect(row).toEqual({ weight: 20, excluded: null, none: 70 });
  });

  it('cash may play an excluded game; bonus money may not', async () => {
    const p = await playerWithBonus(5_00, 100_00);
    const refused = await p.bet(10_00, { game: games.dice });
    expect(refused.json).toMatchObject({
      status: 'GAMBLING_BLOCKED',
      message: "This game can't be played with bonus money.",
    });
    expect(await p.state()).toMatchObject({ cash: 5_00, bonus: 100_00, wagered: 0 });
    expect((await p.bet(5_00, { game: games.dice })).json.status).toBe('OK');
    expect(await p.state()).toMatchObject({ cash: 0, bonus: 100_00, wagered: 0 });
  });

  it('a stake above the max bet is refused with its reason, before any money moves', async () => {
    const p = await playerWithBonus(20_00, 100_00, { maxBet: 5_00n });
    const refused = await p.bet(5_01);
    expect(refused.json).toMatchObject({
      status: 'GAMBLING_BLOCKED',
      message: 'Your bonus allows bets up to 5.00 EUR while you wager it.',
    });
    expect(await p.state()).toMatchObject({ cash: 20_00, bonus: 100_00, wagered: 0 });
    expect((await p.bet(5_00)).json.status).toBe('OK');
    expect(await p.state()).toMatchObject({ cash: 15_00, wagered: 5_00 });
  });

  it('a bet after the bonus’s validity ended is taken but counts nothing', async () => {
    const p = await playerWithBonus(0, 100_00, { validityDays: 1 });
    t.clock.advance(86_400_000);
    expect((await p.bet(10_00)).json.status).toBe('OK');
    expect(await p.state()).toMatchObject({ bonus: 90_00, wagered: 0 });
  });
});

describe('the end of a bonus', () => {
  it('once the requirement is met the bonus converts; late wins of its rounds pay cash up to the cap, the rest returns', async () => {
    const p = await playerWithBonus(0, 10_00, { wagerMultiplier: 1, maxConversion: 15_00n });
    const [a, b] = [next('round'), next('round')];
    expect((await p.bet(5_00, { round: a })).json.status).toBe('OK');
    expect((await p.bet(5_00, { round: b })).json.status).toBe('OK');
    await t.events.drain('bonuses.wagering');
    // Converted with nothing left to convert: the money is in the open rounds.
    expect(await p.state()).toMatchObject({ stage: 'wager_done', cash: 0, bonus: 0, converted: 0 });
    expect((await p.win(a, 30_00)).json.status).toBe('OK');
    expect(await p.state()).toMatchObject({ cash: 15_00, bonus: 0, converted: 15_00 });
    expect(await fundingReturned(p.userId)).toBe(15_00);
    // The cap is used up: the other round's win goes back to the casino whole.
    expect((await p.win(b, 20_00)).json.status).toBe('OK');
    expect(await p.state()).toMatchObject({ cash: 15_00, bonus: 0, converted: 15_00 });
    expect(await fundingReturned(p.userId)).toBe(35_00);
  });

  it('conversion happens once, however often the consumer runs', async () => {
    const p = await playerWithBonus(0, 20_00, { wagerMultiplier: 1 });
    const round = next('round');
    await p.bet(20_00, { round });
    await p.win(round, 50_00);
    await t.events.drain('bonuses.wagering');
    await t.events.drain('bonuses.wagering');
    expect(await p.state()).toMatchObject({ stage: 'wager_done', cash: 50_00, bonus: 0, converted: 50_00 });
    const converts = await rows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key = ${`bonus:${p.bonusId}:convert`}`,
    );
    expect(converts[0]!.n).toBe(1);
  });

  it('a cancel forfeits only bonus money; a late win of a round it staked sends its bonus part to the casino', async () => {
    const p = await playerWithBonus(10_00, 50_00);
    const round = next('round');
    await p.bet(20_00, { round });
    expect(await p.state()).toMatchObject({ cash: 0, bonus: 40_00 });
    await t.croupier.modules.bonuses.cancel(p.userId, p.bonusId);
    expect(await p.state()).toMatchObject({ stage: 'canceled', cash: 0, bonus: 0 });
    await p.win(round, 40_00);
    // Half the stake was cash: half the win is the player's; the other half was the bonus's.
    expect(await p.state()).toMatchObject({ cash: 20_00, bonus: 0 });
    expect(await fundingReturned(p.userId)).toBe(40_00 + 20_00);
  });

  it('a bonus whose money is gone is lost once its last round closes, and the next one starts', async () => {
    const p = await playerWithBonus(0, 10_00);
    const queued = await t.croupier.modules.bonuses.issue({
      userId: p.userId,
      currency: 'EUR',
      kind: 'nondeposit',
      source: 'manual',
      sourceRef: next('queued'),
      amount: 5_00n,
      wagerMultiplier: 10,
      validityDays: 7,
    });
    await t.croupier.modules.bonuses.activate(p.userId, queued.id);
    const round = next('round');
    await p.bet(10_00, { round });
    await t.events.drain('bonuses.wagering');
    // The round is open: its win may still bring the money back.
    expect(await p.state()).toMatchObject({ stage: 'handle_bets', bonus: 0 });
    await p.win(round, 0);
    await t.events.drain('bonuses.wagering');
    expect(await p.state()).toMatchObject({ stage: 'lost', bonus: 5_00 });
    expect(await stateOf(p.userId, queued.id)).toMatchObject({ stage: 'handle_bets' });
  });
});
