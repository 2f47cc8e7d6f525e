/**
 * Interrupted rounds (docs/reliability.md#g8-interrupted-rounds, decision 013): a round cut between "stake taken" and "win
 * paid" is settled by the sweeper with what was decided: a single-step game's outcome, a multi-step
 * round's last step, a shared round's result; only an undecided round gets what the model deems
 * fair. The cut is made by a wallet client that fails the host's calls where the test says.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { maxBalanceMinor } from '@croupier/shared/currencies';
import { elapsedFor, multiplierAt, settle as settleCrash } from '@croupier/games/models/crash';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { expectLedgerSound, fund } from '../wallet/test-helpers.ts';
import {
  expectRoundMatchesWallet,
  fundedPlayer,
  isCall,
  launch,
  pinNextRound,
  roundMoney,
  steerWallet,
  walletBalance,
  type Json,
} from './test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
afterEach(() => expectLedgerSound(t.database));

const DAY = 25 * 60 * 60_000;

/** Runs `play` with every `win` call of the host failing, as if the process stopped before paying. */
async function withWinsFailing<T>(play: () => Promise<T>): Promise<T> {
  const { steered, restore } = steerWallet(t);
  steered.fail(isCall('win'));
  try {
    return await play();
  } finally {
    restore();
  }
}

/** A committed action whose win the wallet did not confirm answers a definite 503 carrying the round. */
function expectUnpaid(cut: { statusCode: number; json(): unknown }) {
  expect(cut.statusCode).toBe(503);
  const body = cut.json() as Json;
  expect(body.code).toBe('wallet_unavailable');
  expect(body.round).toMatchObject({ id: body.round_id, status: 'open' });
}

/** The sweeper, once the round has been left long enough, settles exactly this round once. */
async function sweep(id: number) {
  expect((await roundMoney(t, id)).status).toBe('open');
  t.clock.advance(DAY);
  await t.gamesHost.host.settleAbandoned();
  expect(await t.gamesHost.host.settleAbandoned()).toBe(0);
  const money = await expectRoundMatchesWallet(t, id);
  expect(money.status).toBe('finished');
  return money;
}

describe('single-step games pay the outcome decided at open', () => {
  const cases: [string, unknown][] = [
    ['dice', { amount: 100, target: 5000, direction: 'under' }],
    ['roulette', { bets: [{ type: 'red', amount: 100 }] }],
    ['slot-medium', { amount: 100 }],
    ['plinko', { amount: 100, rows: 12, risk: 'high' }],
    ['baccarat', { amount: 100, side: 'player' }],
  ];
  for (const [engine, bet] of cases) {
    for (const outcome of ['win', 'loss'] as const) {
      it(`${engine}: a ${outcome} cut before its payment is paid as decided, not refunded`, async () => {
        const { client, player } = await fundedPlayer(t);
        const { headers, model } = await launch(t, client, engine);
        const { step } = await pinNextRound(
          t,
          `user:${player.id}`,
          model,
          model.parseBet(bet, { min: 1, max: 1e9 }),
          (s) => (outcome === 'win' ? s.win > s.stake : s.win < s.stake),
        );
        const cut = await withWinsFailing(() => client.post('/games-api/rounds', { bet }, headers));
        expectUnpaid(cut);
        const [row] = (await t.database.db.execute(sql`SELECT id FROM game_rounds WHERE user_id = ${player.id}`))
          .rows as { id: number }[];
        const id = Number(row!.id);
        expect((await roundMoney(t, id)).walletBets).toBe(100);
        const money = await sweep(id);
        expect(money.win).toBe(step.win);
        expect(money.win).not.toBe(100);
        expect(await walletBalance(t, player.id)).toBe(100_000 - 100 + step.win);
      });
    }
  }
});

describe('multi-step games', () => {
  it('mines: a cash-out cut before its payment is paid the cash-out; a reveal onto a mine pays nothing', async () => {
    const { client, player } = await fundedPlayer(t);
    const results: number[] = [];
    for (const ending of ['cashout', 'mine'] as const) {
      // A day passes in each sweep: the game is launched anew, as the player would.
      const { headers } = await launch(t, client, 'mines');
      const id = ((await client.post('/games-api/rounds', { bet: { amount: 100, mines: 3 } }, headers)).json() as Json)
        .round.id as number;
      const [row] = (await t.database.db.execute(sql`SELECT state FROM game_rounds WHERE id = ${id}`)).rows as {
        state: { mines: number[] };
      }[];
      const mines = row!.state.mines;
      const safe = [...Array(25).keys()].filter((tile) => !mines.includes(tile));
      await client.post(`/games-api/rounds/${id}/actions`, { action: { type: 'reveal', tile: safe[0] } }, headers);
      const revealed = (
        await client.post(`/games-api/rounds/${id}/actions`, { action: { type: 'reveal', tile: safe[1] } }, headers)
      ).json() as Json;
      const action = ending === 'cashout' ? { type: 'cashout' } : { type: 'reveal', tile: mines[0] };
      const cut = await withWinsFailing(() => client.post(`/games-api/rounds/${id}/actions`, { action }, headers));
      expectUnpaid(cut);
      const money = await sweep(id);
      expect(money.win).toBe(
        ending === 'cashout' ? Math.floor((100 * (revealed.round.view.multiplier as number)) / 100) : 0,
      );
      results.push(money.win);
    }
    expect(await walletBalance(t, player.id)).toBe(100_000 - 200 + results[0]! + results[1]!);
  });

  it('blackjack: a hand finished by its last action is paid its result; a hand left mid-way gets every stake back', async () => {
    const { client, player } = await fundedPlayer(t);
    const { headers, model } = await launch(t, client, 'blackjack');
    // Standing on this hand wins it.
    const { step } = await pinNextRound(t, `user:${player.id}`, model, { amount: 100 }, (s, at, replay) => {
      if (s.finished) return false;
      const stood = model.act!(s.state, { type: 'stand' }, replay(at));
      return stood.finished && stood.win > 100;
    });
    expect(step.finished).toBe(false);
    const id = ((await client.post('/games-api/rounds', { bet: { amount: 100 } }, headers)).json() as Json).round
      .id as number;
    const cut = await withWinsFailing(() =>
      client.post(`/games-api/rounds/${id}/actions`, { action: { type: 'stand' } }, headers),
    );
    expectUnpaid(cut);
    const decided = await sweep(id);
    expect(decided.win).toBeGreaterThan(100);
    expect(decided.state.finished).toBe(true);
    expect(decided.win).toBe(decided.state.win);

    const relaunched = await launch(t, client, 'blackjack');
    await pinNextRound(t, `user:${player.id}`, model, { amount: 100 }, (s) => !s.finished);
    const open = ((await client.post('/games-api/rounds', { bet: { amount: 100 } }, relaunched.headers)).json() as Json)
      .round;
    expect(open.status).toBe('open');
    const refunded = await sweep(open.id as number);
    expect(refunded.win).toBe(100);
    expect(await walletBalance(t, player.id)).toBe(100_000 - 100 + decided.win);
  });

  it('blackjack: a double whose stake the wallet took but whose step was never stored is refunded with the rest', async () => {
    const { client, player } = await fundedPlayer(t);
    const { headers, model } = await launch(t, client, 'blackjack');
    await pinNextRound(
      t,
      `user:${player.id}`,
      model,
      { amount: 100 },
      (s) => !s.finished && (model.view(s.state, false) as Json).actions.includes('double'),
    );
    const id = ((await client.post('/games-api/rounds', { bet: { amount: 100 } }, headers)).json() as Json).round
      .id as number;
    const { steered, restore } = steerWallet(t);
    try {
      // The wallet takes the double; neither its answer nor the rollback's comes back.
      steered.fail(isCall('bet', `r${id}-bet-2`), 'after');
      steered.fail(isCall('rollback'));
      const cut = await client.post(`/games-api/rounds/${id}/actions`, { action: { type: 'double' } }, headers);
      expect(cut.statusCode).toBe(502);
      // Until settled, the round stays held: no action can build on a stake of unknown fate.
      const blocked = await client.post(`/games-api/rounds/${id}/actions`, { action: { type: 'stand' } }, headers);
      expect((blocked.json() as Json).code).toBe('round_changed');
    } finally {
      restore();
    }
    expect(await roundMoney(t, id)).toMatchObject({ stake: 100, walletBets: 200 });
    const money = await sweep(id);
    expect(money).toMatchObject({ stake: 200, win: 200 });
    expect(await walletBalance(t, player.id)).toBe(100_000);
  });

  it('video poker: a drawn hand cut before its payment is paid the drawn hand; a dealt hand the better of its pay and the stake', async () => {
    const { client, player } = await fundedPlayer(t);
    const { headers, model } = await launch(t, client, 'video-poker');
    // Drawing five new cards wins more than the stake, and more than the dealt hand would be paid.
    const { step } = await pinNextRound(t, `user:${player.id}`, model, { amount: 100 }, (s, at, replay) => {
      const win = model.act!(s.state, { hold: 0 }, replay(at)).win;
      return win > 100 && win !== model.abandon(s.state, 100);
    });
    const id = ((await client.post('/games-api/rounds', { bet: { amount: 100 } }, headers)).json() as Json).round
      .id as number;
    const cut = await withWinsFailing(() =>
      client.post(`/games-api/rounds/${id}/actions`, { action: { hold: 0 } }, headers),
    );
    expectUnpaid(cut);
    const drawn = await sweep(id);
    expect(drawn.win).toBeGreaterThan(100);
    expect(drawn.win).toBe(drawn.state.win);
    expect(drawn.win).not.toBe(model.abandon(step.state, 100));

    const relaunched = await launch(t, client, 'video-poker');
    const dealt = (
      (await client.post('/games-api/rounds', { bet: { amount: 100 } }, relaunched.headers)).json() as Json
    ).round.id as number;
    const [row] = (await t.database.db.execute(sql`SELECT state FROM game_rounds WHERE id = ${dealt}`)).rows as {
      state: unknown;
    }[];
    const left = await sweep(dealt);
    expect(left.win).toBe(model.abandon(row!.state, 100));
    expect(left.win).toBeGreaterThanOrEqual(100);
    expect(await walletBalance(t, player.id)).toBe(100_000 - 200 + drawn.win + left.win);
  });
});

describe('shared rounds', () => {
  it('live roulette: a bet its round decided but never paid is paid that result by the sweeper', async () => {
    const { client, player } = await fundedPlayer(t);
    const { game, headers } = await launch(t, client, 'live-roulette');
    const shared = t.gamesHost.shared;
    t.clock.advance(10 * 60_000);
    await shared.tick(game.seoTitle);
    const current = ((await client.get(`/games-api/shared/${game.seoTitle}`)).json() as Json).current;
    expect(current.phase).toBe('betting');
    await t.database.db.execute(
      sql`UPDATE shared_rounds SET result = ${JSON.stringify({ number: 1 })}::jsonb WHERE id = ${current.round_id}`,
    );
    const bet = (
      await client.post('/games-api/rounds', { bet: { bets: [{ type: 'red', amount: 100 }] } }, headers)
    ).json() as Json;
    t.clock.advance(12_000);
    await withWinsFailing(() => shared.tick(game.seoTitle));
    expect(((await client.get(`/games-api/shared/${game.seoTitle}`)).json() as Json).current.phase).toBe('ended');
    const id = bet.round.id as number;
    expect(await roundMoney(t, id)).toMatchObject({ status: 'open', walletBets: 100, winCount: 0 });
    expect(await t.gamesHost.host.settleAbandoned()).toBe(0); // the end is only just past
    t.clock.advance(61_000);
    expect(await t.gamesHost.host.settleAbandoned()).toBe(1);
    expect(await t.gamesHost.host.settleAbandoned()).toBe(0);
    expect(await expectRoundMatchesWallet(t, id)).toMatchObject({ status: 'finished', stake: 100, win: 200 });
    expect(await walletBalance(t, player.id)).toBe(100_000 + 100);
  });

  it('Rocket: a cash-out whose payment failed, and whose round then ended unpaid, is paid the cash-out by the sweeper', async () => {
    const { client, player } = await fundedPlayer(t);
    const { game, headers } = await launch(t, client, 'crash');
    const shared = t.gamesHost.shared;
    t.clock.advance(10 * 60_000);
    await shared.tick(game.seoTitle);
    const current = ((await client.get(`/games-api/shared/${game.seoTitle}`)).json() as Json).current;
    await t.database.db.execute(
      sql`UPDATE shared_rounds SET result = ${JSON.stringify({ crash_point: 3 })}::jsonb WHERE id = ${current.round_id}`,
    );
    const bet = (await client.post('/games-api/rounds', { bet: { amount: 100 } }, headers)).json() as Json;
    const id = bet.round.id as number;
    t.clock.advance(6_000);
    await shared.tick(game.seoTitle);
    const elapsed = elapsedFor(2);
    t.clock.advance(elapsed);
    const cashout = settleCrash(100, multiplierAt(elapsed), 3);
    await withWinsFailing(async () => {
      expect(
        (await client.post(`/games-api/rounds/${id}/actions`, { action: { type: 'cashout' } }, headers)).statusCode,
      ).toBe(503);
      t.clock.advance(60_000);
      await shared.tick(game.seoTitle);
    });
    expect(((await client.get(`/games-api/shared/${game.seoTitle}`)).json() as Json).current.phase).toBe('ended');
    expect(await roundMoney(t, id)).toMatchObject({ status: 'open', winCount: 0 });
    t.clock.advance(61_000);
    expect(await t.gamesHost.host.settleAbandoned()).toBe(1);
    expect(await expectRoundMatchesWallet(t, id)).toMatchObject({ status: 'finished', stake: 100, win: cashout });
    expect(cashout).toBe(200);
    expect(await walletBalance(t, player.id)).toBe(100_000 - 100 + cashout);
  });
});

describe('the sweeper', () => {
  it('a second sweeper that reads a round while the first pays it leaves it alone', async () => {
    const { client, player } = await fundedPlayer(t);
    const { headers } = await launch(t, client, 'dice');
    const bet = { amount: 100, target: 5000, direction: 'under' };
    await withWinsFailing(() => client.post('/games-api/rounds', { bet }, headers));
    const [row] = (await t.database.db.execute(sql`SELECT id FROM game_rounds WHERE user_id = ${player.id}`)).rows as {
      id: number;
    }[];
    const id = Number(row!.id);
    t.clock.advance(DAY);
    const { steered, restore } = steerWallet(t);
    try {
      const held = steered.hold(isCall('win', `r${id}-win`));
      const first = t.gamesHost.host.settleAbandoned();
      await held.arrived;
      expect(await t.gamesHost.host.settleAbandoned()).toBe(0);
      held.release();
      expect(await first).toBe(1);
    } finally {
      restore();
    }
    const money = await expectRoundMatchesWallet(t, id);
    expect(money.status).toBe('finished');
    expect(await walletBalance(t, player.id)).toBe(100_000 - 100 + money.win);
  });
});

const DICE_BET = { amount: 100, target: 5000, direction: 'under' };

/** A funded player whose next dice round (pinned) wins 198 on a stake of 100. */
async function diceWinner(amount = 100_000) {
  const { client, player } = await fundedPlayer(t, amount);
  const { headers, model } = await launch(t, client, 'dice');
  const { step } = await pinNextRound(
    t,
    `user:${player.id}`,
    model,
    model.parseBet(DICE_BET, { min: 1, max: 1e9 }),
    (s) => s.win > s.stake,
  );
  expect(step.win).toBe(198);
  return { client, player, headers };
}

async function onlyRound(userId: number) {
  const [row] = (await t.database.db.execute(sql`SELECT id, status FROM game_rounds WHERE user_id = ${userId}`))
    .rows as { id: number; status: string }[];
  return { id: Number(row!.id), status: row!.status };
}

/** Runs `fn` recording what the host reports as failed. */
async function withErrorsRecorded<T>(fn: (errors: ReturnType<typeof vi.fn>) => Promise<T>): Promise<T> {
  const deps = t.gamesHost.host.deps;
  const before = deps.onError;
  const errors = vi.fn();
  deps.onError = errors;
  try {
    return await fn(errors);
  } finally {
    deps.onError = before;
  }
}

describe('a win the wallet refuses for good (past the maximum balance)', () => {
  const EUR_MAX = Number(maxBalanceMinor('EUR'));

  it('gives the stake back, voids the round and answers 422 balance_limit; the sweeper has nothing left to do', async () => {
    const { client, player, headers } = await diceWinner(EUR_MAX - 50);
    const refused = await client.post('/games-api/rounds', { bet: DICE_BET }, headers);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'balance_limit', round: { status: 'finished' } });
    const { id } = await onlyRound(player.id);
    expect(await roundMoney(t, id)).toMatchObject({ status: 'void', walletBets: 0, winCount: 0 });
    expect(await walletBalance(t, player.id)).toBe(EUR_MAX - 50);
    t.clock.advance(DAY);
    await withErrorsRecorded(async (errors) => {
      expect(await t.gamesHost.host.settleAbandoned()).toBe(0);
      expect(errors).not.toHaveBeenCalled();
    });
    // The player plays on (a day later, relaunched): a losing round is settled as usual.
    const relaunched = await launch(t, client, 'dice');
    await pinNextRound(
      t,
      `user:${player.id}`,
      relaunched.model,
      relaunched.model.parseBet(DICE_BET, { min: 1, max: 1e9 }),
      (s) => s.win === 0,
    );
    const next = await client.post('/games-api/rounds', { bet: DICE_BET }, relaunched.headers);
    expect(next.statusCode, next.body).toBe(200);
  });

  it('the sweeper voids a cut round whose win became a refusal, gives the stake back, and then stays idle', async () => {
    const { client, player, headers } = await diceWinner();
    expectUnpaid(await withWinsFailing(() => client.post('/games-api/rounds', { bet: DICE_BET }, headers)));
    const { id } = await onlyRound(player.id);
    // Meanwhile the balance has come within the win of the maximum.
    await fund(t.wallet, player.id, 'EUR', BigInt(EUR_MAX - 100_000 + 100 - 50));
    expect(await walletBalance(t, player.id)).toBe(EUR_MAX - 50);
    t.clock.advance(DAY);
    await withErrorsRecorded(async (errors) => {
      await t.gamesHost.host.settleAbandoned();
      expect(errors).not.toHaveBeenCalled();
      expect(await roundMoney(t, id)).toMatchObject({ status: 'void', walletBets: 0, winCount: 0 });
      expect(await t.gamesHost.host.settleAbandoned()).toBe(0);
      expect(errors).not.toHaveBeenCalled();
    });
    expect(await walletBalance(t, player.id)).toBe(EUR_MAX - 50 + 100);
  });
});

describe('a win the wallet did not confirm', () => {
  it('is paid on the player’s next session load, not abandonMinutes later', async () => {
    const { client, player, headers } = await diceWinner();
    expectUnpaid(await withWinsFailing(() => client.post('/games-api/rounds', { bet: DICE_BET }, headers)));
    const { id } = await onlyRound(player.id);
    const loaded = await client.get('/games-api/session', headers);
    expect(loaded.statusCode, loaded.body).toBe(200);
    expect((loaded.json() as Json).balance_cents).toBe(100_000 - 100 + 198);
    expect(await expectRoundMatchesWallet(t, id)).toMatchObject({ status: 'finished', win: 198 });
    expect(await walletBalance(t, player.id)).toBe(100_000 - 100 + 198);
  });

  it('is paid before the player’s next bet on the game, which then opens a new round', async () => {
    const { client, player, headers } = await diceWinner();
    expectUnpaid(await withWinsFailing(() => client.post('/games-api/rounds', { bet: DICE_BET }, headers)));
    const { id } = await onlyRound(player.id);
    const next = await client.post('/games-api/rounds', { bet: DICE_BET }, headers);
    expect(next.statusCode, next.body).toBe(200);
    expect((next.json() as Json).round.id).not.toBe(id);
    expect(await expectRoundMatchesWallet(t, id)).toMatchObject({ status: 'finished', win: 198 });
  });
});

describe('an expired game session', () => {
  const PAST_SESSION = 5 * 60 * 60_000; // GAME_SESSION_MINUTES is 240

  it('shows no balance (401 session_expired, never 0), refuses a step that would leave the round open, and still pays the cash-out with the balance its win left', async () => {
    const { client, player } = await fundedPlayer(t);
    const { headers } = await launch(t, client, 'mines');
    const opened = (await client.post('/games-api/rounds', { bet: { amount: 100, mines: 3 } }, headers)).json() as Json;
    const id = opened.round.id as number;
    const [row] = (await t.database.db.execute(sql`SELECT state FROM game_rounds WHERE id = ${id}`)).rows as {
      state: { mines: number[] };
    }[];
    const safe = [...Array(25).keys()].filter((tile) => !row!.state.mines.includes(tile));
    const revealed = (
      await client.post(`/games-api/rounds/${id}/actions`, { action: { type: 'reveal', tile: safe[0] } }, headers)
    ).json() as Json;
    t.clock.advance(PAST_SESSION);

    const load = await client.get('/games-api/session', headers);
    expect(load.statusCode, load.body).toBe(401);
    expect((load.json() as Json).code).toBe('session_expired');

    const reveal = await client.post(
      `/games-api/rounds/${id}/actions`,
      { action: { type: 'reveal', tile: safe[1] } },
      headers,
    );
    expect(reveal.statusCode, reveal.body).toBe(401);
    expect((reveal.json() as Json).code).toBe('session_expired');
    expect((await roundMoney(t, id)).state.revealed).toEqual([safe[0]]);

    const cashout = await client.post(`/games-api/rounds/${id}/actions`, { action: { type: 'cashout' } }, headers);
    expect(cashout.statusCode, cashout.body).toBe(200);
    const win = Math.floor((100 * (revealed.round.view.multiplier as number)) / 100);
    expect(await expectRoundMatchesWallet(t, id)).toMatchObject({ status: 'finished', win });
    expect((cashout.json() as Json).balance_cents).toBe(100_000 - 100 + win);
    expect(await walletBalance(t, player.id)).toBe(100_000 - 100 + win);
  });
});

describe('the wins feed', () => {
  it('announces a paid win above the stake once, from the event log, and no loss', async () => {
    await t.events.drain();
    const items: { bet_amount_cents: number; win_amount_cents: number; game_identifier: string; nickname: string }[] =
      [];
    const publish = vi.spyOn(t.realtime, 'publishPublic').mockImplementation(((channel: string, item: never) => {
      if (channel === 'public:wins') items.push(item);
    }) as typeof t.realtime.publishPublic);
    try {
      const { client, headers } = await diceWinner();
      const won = await client.post('/games-api/rounds', { bet: DICE_BET }, headers);
      expect(won.statusCode, won.body).toBe(200);
      // A losing round of another player: its zero win moves no money and announces nothing.
      const loser = await fundedPlayer(t);
      const lost = await launch(t, loser.client, 'dice');
      await pinNextRound(
        t,
        `user:${loser.player.id}`,
        lost.model,
        lost.model.parseBet(DICE_BET, { min: 1, max: 1e9 }),
        (s) => s.win === 0,
      );
      expect((await loser.client.post('/games-api/rounds', { bet: DICE_BET }, lost.headers)).statusCode).toBe(200);
      await t.events.drain();
      await t.events.drain();
      expect(items).toEqual([
        expect.objectContaining({
          bet_amount_cents: 100,
          win_amount_cents: 198,
          game_identifier: lost.game.identifier,
        }),
      ]);
    } finally {
      publish.mockRestore();
    }
  });
});
