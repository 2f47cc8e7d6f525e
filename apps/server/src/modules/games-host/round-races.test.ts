/**
 * Concurrent actions on one round (decision 013): a double click or two tabs get one effect and
 * one 409, and after every race the round as stored (state, stake, win) is what the wallet took
 * and paid. Run on PGlite and on PostgreSQL (DATABASE_URL), where the requests truly overlap.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { elapsedFor, multiplierAt, settle as settleCrash } from '@croupier/games/models/crash';
import { buildTestApp, createClient, type TestApp } from '../../../test/build-test-app.ts';
import { expectLedgerSound, fund } from '../wallet/test-helpers.ts';
import {
  expectRoundMatchesWallet,
  fundedPlayer,
  gameOf,
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

const statuses = (answers: { statusCode: number }[]) => answers.map((a) => a.statusCode).sort();
const codesOf = (answers: { statusCode: number; json(): unknown }[]) =>
  answers.filter((a) => a.statusCode !== 200).map((a) => (a.json() as Json).code);
const LOSER_CODES = ['round_changed', 'round_finished'];

/** A mines round with one safe tile revealed; returns it and the stored mine positions. */
async function minesAfterOneReveal(
  client: ReturnType<typeof createClient>,
  headers: Record<string, string>,
  demo = false,
) {
  const opened = await client.post('/games-api/rounds', { bet: { amount: 100, mines: 3 } }, headers);
  expect(opened.statusCode, opened.body).toBe(200);
  const id = (opened.json() as Json).round.id as number;
  const [row] = (await t.database.db.execute(sql`SELECT state FROM game_rounds WHERE id = ${id}`)).rows as {
    state: { mines: number[] };
  }[];
  const mines = row!.state.mines;
  const safe = [...Array(25).keys()].find((tile) => !mines.includes(tile))!;
  const revealed = await client.post(
    `/games-api/rounds/${id}/actions`,
    { action: { type: 'reveal', tile: safe } },
    headers,
  );
  expect(revealed.statusCode, revealed.body).toBe(200);
  expect((revealed.json() as Json).round.status).toBe('open');
  if (!demo) expect((await roundMoney(t, id)).walletBets).toBe(100);
  return { id, mines, multiplier: (revealed.json() as Json).round.view.multiplier as number };
}

describe('blackjack', () => {
  it('a double racing a hit: one of them plays, the other gets 409, and the round’s stake is what the wallet took', async () => {
    const { client, player } = await fundedPlayer(t);
    const { headers, model } = await launch(t, client, 'blackjack');
    let balance = 100_000;
    for (let i = 0; i < 6; i++) {
      // A hand where the hit reaches 21 or busts, so the round is over whichever action goes first.
      await pinNextRound(t, `user:${player.id}`, model, { amount: 100 }, (step, at, replay) => {
        if (step.finished || !(model.view(step.state, false) as Json).actions.includes('double')) return false;
        return model.act!(step.state, { type: 'hit' }, replay(at)).finished;
      });
      const opened = (await client.post('/games-api/rounds', { bet: { amount: 100 } }, headers)).json() as Json;
      const id = opened.round.id as number;
      // Both orders are sent, three rounds each; which request the database lets in first is the race's to decide.
      const order = i % 2 === 0 ? ['double', 'hit'] : ['hit', 'double'];
      const answers = await Promise.all(
        order.map((type) => client.post(`/games-api/rounds/${id}/actions`, { action: { type } }, headers)),
      );
      expect(statuses(answers), answers.map((a) => a.body).join('\n')).toEqual([200, 409]);
      expect(LOSER_CODES).toContain(codesOf(answers)[0]);
      const won = order[answers.findIndex((a) => a.statusCode === 200)]!;
      const money = await expectRoundMatchesWallet(t, id);
      expect(money.status).toBe('finished');
      expect(money.stake).toBe(won === 'double' ? 200 : 100);
      expect(money.state.hands[0].doubled).toBe(won === 'double');
      const winner = answers.find((a) => a.statusCode === 200)!.json() as Json;
      expect(winner.round).toMatchObject({ status: 'finished', stake_cents: money.stake, win_cents: money.win });
      balance += money.win - money.stake;
      expect(await walletBalance(t, player.id)).toBe(balance);
      expect(winner.balance_cents).toBe(balance);
    }
  });

  it('an action arriving while a double waits for the wallet is refused with round_changed and changes nothing', async () => {
    const { client, player } = await fundedPlayer(t);
    const { headers, model } = await launch(t, client, 'blackjack');
    await pinNextRound(
      t,
      `user:${player.id}`,
      model,
      { amount: 100 },
      (step) => !step.finished && (model.view(step.state, false) as Json).actions.includes('double'),
    );
    const id = ((await client.post('/games-api/rounds', { bet: { amount: 100 } }, headers)).json() as Json).round
      .id as number;
    const { steered, restore } = steerWallet(t);
    try {
      const held = steered.hold(isCall('bet', `r${id}-bet-2`));
      const doubling = client.post(`/games-api/rounds/${id}/actions`, { action: { type: 'double' } }, headers);
      await held.arrived;
      for (const type of ['hit', 'stand', 'double']) {
        const late = await client.post(`/games-api/rounds/${id}/actions`, { action: { type } }, headers);
        expect(late.statusCode, late.body).toBe(409);
        expect((late.json() as Json).code).toBe('round_changed');
      }
      held.release();
      const doubled = await doubling;
      expect(doubled.statusCode, doubled.body).toBe(200);
      expect((doubled.json() as Json).round).toMatchObject({ status: 'finished', stake_cents: 200 });
    } finally {
      restore();
    }
    const money = await expectRoundMatchesWallet(t, id);
    expect(money.stake).toBe(200);
    expect(await walletBalance(t, player.id)).toBe(100_000 - 200 + money.win);
  });

  it('a double whose answer from the wallet is lost is rolled back: nothing taken, the hand unchanged, and it can be doubled again', async () => {
    const { client, player } = await fundedPlayer(t);
    const { headers, model } = await launch(t, client, 'blackjack');
    await pinNextRound(
      t,
      `user:${player.id}`,
      model,
      { amount: 100 },
      (step) => !step.finished && (model.view(step.state, false) as Json).actions.includes('double'),
    );
    const opened = (await client.post('/games-api/rounds', { bet: { amount: 100 } }, headers)).json() as Json;
    const id = opened.round.id as number;
    const { steered, restore } = steerWallet(t);
    try {
      // The wallet takes the extra stake but the host never hears back.
      steered.fail(isCall('bet', `r${id}-bet-2`), 'after', 1);
      const lost = await client.post(`/games-api/rounds/${id}/actions`, { action: { type: 'double' } }, headers);
      expect(lost.statusCode, lost.body).toBe(502);
      expect((lost.json() as Json).code).toBe('wallet_unavailable');
    } finally {
      restore();
    }
    const after = await expectRoundMatchesWallet(t, id);
    expect(after).toMatchObject({ status: 'open', stake: 100 });
    expect(after.state).toEqual(
      ((await t.database.db.execute(sql`SELECT state FROM game_rounds WHERE id = ${id}`)).rows[0] as Json).state,
    );
    expect(((await client.get(`/games-api/rounds/${id}`, headers)).json() as Json).round.view).toEqual(
      opened.round.view,
    );
    expect(await walletBalance(t, player.id)).toBe(100_000 - 100);
    const again = await client.post(`/games-api/rounds/${id}/actions`, { action: { type: 'double' } }, headers);
    expect(again.statusCode, again.body).toBe(200);
    const money = await expectRoundMatchesWallet(t, id);
    expect(money).toMatchObject({ status: 'finished', stake: 200 });
    expect(await walletBalance(t, player.id)).toBe(100_000 - 200 + money.win);
  });

  it('a double refused for want of money leaves the hand as it was and can be retried once funded', async () => {
    const { client, player } = await fundedPlayer(t, 150);
    const { headers, model } = await launch(t, client, 'blackjack');
    await pinNextRound(
      t,
      `user:${player.id}`,
      model,
      { amount: 100 },
      (step) => !step.finished && (model.view(step.state, false) as Json).actions.includes('double'),
    );
    const id = ((await client.post('/games-api/rounds', { bet: { amount: 100 } }, headers)).json() as Json).round
      .id as number;
    const poor = await client.post(`/games-api/rounds/${id}/actions`, { action: { type: 'double' } }, headers);
    expect(poor.statusCode, poor.body).toBe(422);
    expect(await expectRoundMatchesWallet(t, id)).toMatchObject({ status: 'open', stake: 100 });
    await fund(t.wallet, player.id, 'EUR', 100);
    const doubled = await client.post(`/games-api/rounds/${id}/actions`, { action: { type: 'double' } }, headers);
    expect(doubled.statusCode, doubled.body).toBe(200);
    expect(await expectRoundMatchesWallet(t, id)).toMatchObject({ status: 'finished', stake: 200 });
  });
});

describe('opening rounds', () => {
  it('two deals at once open one round: one 200, the other 409 round_open, and the wallet took one stake', async () => {
    const { client, player } = await fundedPlayer(t);
    const { headers, game } = await launch(t, client, 'mines');
    // Both deals pass the host's "is a round open?" read, as two truly simultaneous requests can:
    // only the database's one-open-round index stands between them and two rounds.
    const check = vi.spyOn(t.gamesHost.host, 'openRound').mockResolvedValue(null);
    try {
      const answers = await Promise.all(
        [0, 1].map(() => client.post('/games-api/rounds', { bet: { amount: 100, mines: 3 } }, headers)),
      );
      expect(statuses(answers), answers.map((a) => a.body).join('\n')).toEqual([200, 409]);
      expect(codesOf(answers)).toEqual(['round_open']);
    } finally {
      check.mockRestore();
    }
    const open = (
      await t.database.db.execute(
        sql`SELECT id FROM game_rounds WHERE user_id = ${player.id} AND game_id = ${game.id} AND status = 'open'`,
      )
    ).rows;
    expect(open).toHaveLength(1);
    expect((await roundMoney(t, Number((open[0] as { id: number }).id))).walletBets).toBe(100);
    expect(await walletBalance(t, player.id)).toBe(100_000 - 100);
  });
});

describe('mines', () => {
  it('three concurrent cash-outs pay once: one 200, two 409, and the stored win is the paid one', async () => {
    const { client, player } = await fundedPlayer(t);
    const { headers } = await launch(t, client, 'mines');
    let balance = 100_000;
    for (let i = 0; i < 4; i++) {
      const { id, multiplier } = await minesAfterOneReveal(client, headers);
      const answers = await Promise.all(
        [0, 1, 2].map(() => client.post(`/games-api/rounds/${id}/actions`, { action: { type: 'cashout' } }, headers)),
      );
      expect(statuses(answers), answers.map((a) => a.body).join('\n')).toEqual([200, 409, 409]);
      for (const code of codesOf(answers)) expect(LOSER_CODES).toContain(code);
      const money = await expectRoundMatchesWallet(t, id);
      expect(money).toMatchObject({ status: 'finished', stake: 100, win: Math.floor((100 * multiplier) / 100) });
      expect(money.state).toMatchObject({ cashedOut: true, win: money.win });
      balance += money.win - 100;
      expect(await walletBalance(t, player.id)).toBe(balance);
    }
  });

  it('a cash-out racing a reveal onto a mine: one of them decides the round, the other gets 409, and what is stored is what was paid', async () => {
    const { client, player } = await fundedPlayer(t);
    const { headers } = await launch(t, client, 'mines');
    let balance = 100_000;
    for (let i = 0; i < 6; i++) {
      const { id, mines, multiplier } = await minesAfterOneReveal(client, headers);
      const cashout = () => client.post(`/games-api/rounds/${id}/actions`, { action: { type: 'cashout' } }, headers);
      const reveal = () =>
        client.post(`/games-api/rounds/${id}/actions`, { action: { type: 'reveal', tile: mines[0] } }, headers);
      const answers = await Promise.all(i % 2 === 0 ? [cashout(), reveal()] : [reveal(), cashout()]);
      expect(statuses(answers), answers.map((a) => a.body).join('\n')).toEqual([200, 409]);
      expect(LOSER_CODES).toContain(codesOf(answers)[0]);
      const money = await expectRoundMatchesWallet(t, id);
      expect(money.status).toBe('finished');
      if (money.state.cashedOut) {
        expect(money.state.hit).toBeNull();
        expect(money.win).toBe(Math.floor((100 * multiplier) / 100));
      } else {
        expect(money.state.hit).toBe(mines[0]);
        expect(money.win).toBe(0);
      }
      expect(money.state.win).toBe(money.win);
      const winner = answers.find((a) => a.statusCode === 200)!.json() as Json;
      expect(winner.round.win_cents).toBe(money.win);
      balance += money.win - 100;
      expect(await walletBalance(t, player.id)).toBe(balance);
    }
  });

  it('demo (FUN): concurrent cash-outs pay once and the FUN balance moves once', async () => {
    const guest = createClient(t.app);
    const game = await gameOf(t, 'mines');
    const session = (
      await guest.post('/games-api/sessions', { game: game.seoTitle, id: game.launchIds.FUN })
    ).json() as Json;
    const headers = { 'x-game-session': session.token as string };
    let balance = 100_000;
    for (let i = 0; i < 3; i++) {
      const { id, multiplier } = await minesAfterOneReveal(guest, headers, true);
      const answers = await Promise.all(
        [0, 1, 2].map(() => guest.post(`/games-api/rounds/${id}/actions`, { action: { type: 'cashout' } }, headers)),
      );
      expect(statuses(answers), answers.map((a) => a.body).join('\n')).toEqual([200, 409, 409]);
      const win = Math.floor((100 * multiplier) / 100);
      balance += win - 100;
      const [row] = (await t.database.db.execute(sql`SELECT status, win::text FROM game_rounds WHERE id = ${id}`))
        .rows as { status: string; win: string }[];
      expect(row).toEqual({ status: 'finished', win: String(win) });
      expect(((await guest.get('/games-api/session', headers)).json() as Json).balance_cents).toBe(balance);
    }
  });
});

describe('video poker', () => {
  it('two draws with different holds: one hand is drawn and paid, the other gets 409', async () => {
    const { client, player } = await fundedPlayer(t);
    const { headers } = await launch(t, client, 'video-poker');
    let balance = 100_000;
    for (let i = 0; i < 4; i++) {
      const id = ((await client.post('/games-api/rounds', { bet: { amount: 100 } }, headers)).json() as Json).round
        .id as number;
      const holds = [0b11111, 0b00000];
      const answers = await Promise.all(
        holds.map((hold) => client.post(`/games-api/rounds/${id}/actions`, { action: { hold } }, headers)),
      );
      expect(statuses(answers), answers.map((a) => a.body).join('\n')).toEqual([200, 409]);
      expect(LOSER_CODES).toContain(codesOf(answers)[0]);
      const money = await expectRoundMatchesWallet(t, id);
      expect(money.status).toBe('finished');
      expect(money.state.held).toBe(holds[answers.findIndex((a) => a.statusCode === 200)]);
      expect(money.state.win).toBe(money.win);
      balance += money.win - 100;
      expect(await walletBalance(t, player.id)).toBe(balance);
    }
  });
});

describe('Rocket (shared crash rounds)', () => {
  it('two cash-outs of one bet: one is paid at the multiplier, the other gets 409', async () => {
    const { client, player } = await fundedPlayer(t);
    const { game, headers } = await launch(t, client, 'crash');
    const shared = t.gamesHost.shared;
    let balance = 100_000;
    for (let i = 0; i < 3; i++) {
      t.clock.advance(10 * 60_000);
      await shared.tick(game.seoTitle);
      const current = ((await client.get(`/games-api/shared/${game.seoTitle}`)).json() as Json).current;
      expect(current.phase).toBe('betting');
      // The outcome is pinned: this round flies to 5.00.
      await t.database.db.execute(
        sql`UPDATE shared_rounds SET result = ${JSON.stringify({ crash_point: 5 })}::jsonb WHERE id = ${current.round_id}`,
      );
      const bet = (await client.post('/games-api/rounds', { bet: { amount: 100 } }, headers)).json() as Json;
      t.clock.advance(6_000);
      await shared.tick(game.seoTitle);
      const elapsed = elapsedFor(1.5) + i * 100;
      t.clock.advance(elapsed);
      const answers = await Promise.all(
        [0, 1].map(() =>
          client.post(`/games-api/rounds/${bet.round.id}/actions`, { action: { type: 'cashout' } }, headers),
        ),
      );
      expect(statuses(answers), answers.map((a) => a.body).join('\n')).toEqual([200, 409]);
      expect(codesOf(answers)).toEqual(['round_finished']);
      const win = settleCrash(100, multiplierAt(elapsed), 5);
      const money = await expectRoundMatchesWallet(t, bet.round.id as number);
      expect(money).toMatchObject({ status: 'finished', stake: 100, win });
      expect(money.state.settled_win).toBe(win);
      balance += win - 100;
      expect(await walletBalance(t, player.id)).toBe(balance);
      t.clock.advance(10 * 60_000);
      await shared.tick(game.seoTitle);
    }
  });
  it('demo (FUN): a cash-out and the bust settling the same bet together credit the FUN balance once', async () => {
    const guest = createClient(t.app);
    const game = await gameOf(t, 'crash');
    const session = (
      await guest.post('/games-api/sessions', { game: game.seoTitle, id: game.launchIds.FUN })
    ).json() as Json;
    const headers = { 'x-game-session': session.token as string };
    const shared = t.gamesHost.shared;
    t.clock.advance(10 * 60_000);
    await shared.tick(game.seoTitle);
    const current = ((await guest.get(`/games-api/shared/${game.seoTitle}`)).json() as Json).current;
    expect(current.phase).toBe('betting');
    await t.database.db.execute(
      sql`UPDATE shared_rounds SET result = ${JSON.stringify({ crash_point: 5 })}::jsonb WHERE id = ${current.round_id}`,
    );
    const bet = (await guest.post('/games-api/rounds', { bet: { amount: 100 } }, headers)).json() as Json;
    t.clock.advance(6_000);
    await shared.tick(game.seoTitle);
    const elapsed = elapsedFor(1.5);
    t.clock.advance(elapsed);
    const win = settleCrash(100, multiplierAt(elapsed), 5);
    // The cash-out has fixed its win and is about to credit it when the round busts and the runner
    // settles the same bet with that win.
    const host = t.gamesHost.host;
    const payWin = host.payWin.bind(host);
    let release!: () => void;
    let reached!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const arrived = new Promise<void>((resolve) => (reached = resolve));
    let parked = false;
    const spy = vi.spyOn(host, 'payWin').mockImplementation(async (...args) => {
      if (!parked) {
        parked = true;
        reached();
        await gate;
      }
      return payWin(...args);
    });
    try {
      const cashout = guest.post(`/games-api/rounds/${bet.round.id}/actions`, { action: { type: 'cashout' } }, headers);
      await arrived;
      t.clock.advance(10 * 60_000);
      await shared.tick(game.seoTitle);
      release();
      const answer = await cashout;
      expect(answer.statusCode, answer.body).toBe(200);
      expect((answer.json() as Json).round).toMatchObject({ status: 'finished', win_cents: win });
    } finally {
      spy.mockRestore();
    }
    const [row] = (
      await t.database.db.execute(sql`SELECT status, win::text FROM game_rounds WHERE id = ${bet.round.id}`)
    ).rows as { status: string; win: string }[];
    expect(row).toEqual({ status: 'finished', win: String(win) });
    expect(((await guest.get('/games-api/session', headers)).json() as Json).balance_cents).toBe(100_000 - 100 + win);
  });
});

describe('live roulette (shared rounds)', () => {
  it('a round that ends while a bet’s stake is on its way to the wallet settles that bet only once the stake is taken', async () => {
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
    const deps = t.gamesHost.host.deps;
    const onError = deps.onError;
    const errors = vi.fn();
    deps.onError = errors;
    const { steered, restore } = steerWallet(t);
    try {
      const held = steered.hold(isCall('bet'));
      const betting = client.post('/games-api/rounds', { bet: { bets: [{ type: 'red', amount: 100 }] } }, headers);
      await held.arrived;
      // The wheel stops while the wallet has not answered the stake yet.
      t.clock.advance(12_000);
      await shared.tick(game.seoTitle);
      expect(((await client.get(`/games-api/shared/${game.seoTitle}`)).json() as Json).current.phase).toBe('ended');
      const [pending] = (
        await t.database.db.execute(sql`SELECT id, status FROM game_rounds WHERE user_id = ${player.id}`)
      ).rows as { id: number; status: string }[];
      expect(await roundMoney(t, Number(pending!.id))).toMatchObject({ status: 'open', walletBets: 0, winCount: 0 });
      held.release();
      const bet = await betting;
      expect(bet.statusCode, bet.body).toBe(200);
      expect((bet.json() as Json).round).toMatchObject({ status: 'finished', win_cents: 200 });
      expect((bet.json() as Json).balance_cents).toBe(100_000 + 100);
      expect(errors).not.toHaveBeenCalled();
      expect(await expectRoundMatchesWallet(t, Number(pending!.id))).toMatchObject({
        status: 'finished',
        stake: 100,
        win: 200,
      });
    } finally {
      restore();
      deps.onError = onError;
    }
    expect(await walletBalance(t, player.id)).toBe(100_000 + 100);
    t.clock.advance(10 * 60_000);
    expect(await t.gamesHost.host.settleAbandoned()).toBe(0);
  });
});
