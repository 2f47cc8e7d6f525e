/**
 * The games host end to end over HTTP: launch, real and demo rounds through the wallet protocol,
 * multi-step rounds, provably-fair verification from revealed seeds, shared Rocket rounds, history,
 * winners and jackpots. Ledger invariants are checked after every test.
 */
import { sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createClient, type TestApp } from '../../../test/build-test-app.ts';
import {
  FairRoundSchema,
  GameHistorySchema,
  GameSessionSchema,
  RoundResponseSchema,
  RoundSnapshotSchema,
  SeedPairSchema,
  SharedSnapshotSchema,
  WinnersSchema,
} from '@croupier/shared/api/games-host';
import {
  JackpotListSchema,
  JackpotTotalsSchema,
  JackpotWinAwardSchema,
  JackpotWinListSchema,
} from '@croupier/shared/api/jackpots';
import { expectContract } from '../../../test/contract.ts';
import { sha256 } from '../../lib/crypto.ts';
import { signUp } from '../auth/test-helpers.ts';
import { expectLedgerSound, fund } from '../wallet/test-helpers.ts';
import { ledgerViolations } from '../wallet/invariants.repository.ts';
import { MODULES } from '../../app.ts';
import { moduleInvariants } from '../module.ts';
import { elapsedFor } from '@croupier/games/models/crash';
import { requireModel, roundRng } from './models.ts';
import { RUNNING_TICK_MS } from './shared-rounds.ts';
import { endSharedRound, latestSharedPhase, pinNextSharedRound } from './test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
afterEach(() => expectLedgerSound(t.database));

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are checked field by field

async function gameOf(engine: string) {
  const snapshot = await t.gamesHost.host.deps.catalogue.get();
  const game = [...snapshot.byId.values()].find(
    (g) => g.engine === engine && g.active && g.launchIds.EUR !== undefined,
  )!;
  return game;
}

async function fundedPlayer(amount = 100_000) {
  const { client, player } = await signUp(t.app, { currency: 'EUR' });
  await fund(t.wallet, player.id, 'EUR', amount);
  return { client, player };
}

async function launch(client: ReturnType<typeof createClient>, engine: string, currency = 'EUR') {
  const game = await gameOf(engine);
  const res = await client.post('/games-api/sessions', { game: game.seoTitle, id: game.launchIds[currency] });
  expect(res.statusCode, res.body).toBe(200);
  const session = res.json() as Json;
  expectContract(GameSessionSchema, session);
  const headers = { 'x-game-session': session.token as string };
  return { game, session, headers };
}

describe('launch', () => {
  it('needs a signed-in player with a wallet in the currency for real money; FUN is open to guests', async () => {
    const game = await gameOf('slot-medium');
    const guest = createClient(t.app);
    expect(
      (await guest.post('/games-api/sessions', { game: game.seoTitle, id: game.launchIds.EUR })).json(),
    ).toMatchObject({ code: 'login_required' });
    const demo = await guest.post('/games-api/sessions', { game: game.seoTitle, id: game.launchIds.FUN });
    expect(demo.json()).toMatchObject({ mode: 'demo', currency: 'FUN', balance_cents: 100_000 });
    const { client, player } = await fundedPlayer();
    const sessions = async () =>
      (await t.database.db.execute(sql`SELECT count(*)::int AS n FROM game_sessions WHERE user_id = ${player.id}`))
        .rows[0];
    expect(
      (await client.post('/games-api/sessions', { game: game.seoTitle, id: game.launchIds.USD })).json(),
    ).toMatchObject({ code: 'currency_unavailable' });
    // A refused launch changes nothing: the session it opened to ask the wallet is gone again.
    expect(await sessions()).toEqual({ n: 0 });
    expect(
      (await client.post('/games-api/sessions', { game: 'not-this-game', id: game.launchIds.EUR })).statusCode,
    ).toBe(404);
    const real = (
      await client.post('/games-api/sessions', { game: game.seoTitle, id: game.launchIds.EUR })
    ).json() as Json;
    expect(real).toMatchObject({ mode: 'real', currency: 'EUR', balance_cents: 100_000 });
    // The exact RTP of the model is what the info panel shows, and the catalogue says the same.
    expect(real.game.rtp).toBeCloseTo(requireModel(game).describe().rtp * 100, 4);
    expect(real.fairness.server_seed_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('round ids', () => {
  it('an id past int4 is looked up, and one past 2^53 - 1 names no round: 404, never a 400 or 500', async () => {
    const { client } = await fundedPlayer();
    const { headers } = await launch(client, 'mines');
    for (const id of ['2147483648', '9007199254740991', '9007199254740993', '1'.repeat(26)]) {
      for (const res of [
        await client.get(`/games-api/rounds/${id}`, headers),
        await client.post(`/games-api/rounds/${id}/actions`, { action: { type: 'cashout' } }, headers),
        await client.get(`/api/fairness/rounds/${id}`),
      ]) {
        expect(res.statusCode, `${id}: ${res.body}`).toBe(404);
        expect(res.json()).toMatchObject({ code: 'round_not_found' });
      }
    }
    // Not a number at all is still a bad request.
    expect((await client.get('/games-api/rounds/1e3', headers)).statusCode).toBe(400);
  });
});

describe('real-money rounds', () => {
  it('a slot spin moves money only through the wallet; the round verifies from the revealed seed', async () => {
    const { client } = await fundedPlayer();
    const { game, session, headers } = await launch(client, 'slot-medium');
    const spins: Json[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await client.post('/games-api/rounds', { bet: { amount: 100 } }, headers);
      expect(res.statusCode, res.body).toBe(200);
      spins.push(res.json() as Json);
      expectContract(RoundResponseSchema, res.json());
    }
    const won = spins.reduce((a, s) => a + (s.round.win_cents as number), 0);
    expect(spins.at(-1)!.balance_cents).toBe(100_000 - 500 + won);
    const accounts = (await client.get('/api/player/accounts')).json() as Json[];
    expect(accounts[0]).toMatchObject({ currency: 'EUR', amount_cents: 100_000 - 500 + won });

    // Nonces are consecutive on one seed pair (G6 d).
    const nonces = (
      await t.database.db.execute(
        sql`SELECT nonce FROM game_rounds WHERE seed_id IS NOT NULL AND user_id = (SELECT user_id FROM game_sessions WHERE token_hash = ${sha256(session.token)}) ORDER BY id`,
      )
    ).rows.map((r) => Number((r as { nonce: number }).nonce));
    expect(nonces).toEqual([0, 1, 2, 3, 4]);

    // Before rotation the seed is secret; after it, every round replays to the stored outcome.
    const first = spins[0]!.round.id as number;
    expect(((await client.get(`/api/fairness/rounds/${first}`)).json() as Json).server_seed).toBeNull();
    const rotated = (await client.post('/api/fairness/rotate', {})).json() as Json;
    expectContract(SeedPairSchema, rotated);
    expectContract(SeedPairSchema, (await client.get('/api/fairness')).json());
    expect(sha256(rotated.previous.server_seed)).toBe(session.fairness.server_seed_hash);
    const detail = (await client.get(`/api/fairness/rounds/${first}`)).json() as Json;
    expectContract(FairRoundSchema, detail);
    expect(detail.server_seed).toBe(rotated.previous.server_seed);
    const model = requireModel(game);
    const replay = model.open(detail.bet, roundRng(detail.server_seed, detail.client_seed, detail.nonce, 0));
    expect(model.view(replay.state, true)).toEqual(detail.outcome);
    expect(replay.win).toBe(detail.win_cents);

    const history = await client.get('/api/player/games?per_page=3');
    expect(history.headers['x-total-count']).toBe('5');
    const rows = history.json() as Json[];
    expectContract(GameHistorySchema, rows);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({
      game: game.identifier,
      currency: 'EUR',
      total_bets: 100,
      balance_after_cents: spins[4]!.balance_cents,
    });
    expect(rows[0]!.round.fairness.server_seed).toBe(rotated.previous.server_seed);
  });

  it('100 concurrent spins of one player: each accepted spin takes the next nonce exactly once (G6 d)', async () => {
    const { client, player } = await fundedPlayer();
    const { headers } = await launch(client, 'slot-low');
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => client.post('/games-api/rounds', { bet: { amount: 100 } }, headers)),
    );
    // A spin that arrives while another is still open is refused (one open round per game), never a 5xx.
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(refused.map((a) => (a.json() as Json).code).filter((c) => c !== 'round_open')).toEqual([]);
    const accepted = answers.length - refused.length;
    expect(accepted).toBeGreaterThan(0);
    const found = await t.database.db.execute(
      sql`SELECT nonce FROM game_rounds WHERE user_id = ${player.id} ORDER BY nonce`,
    );
    expect(found.rows.map((r) => Number((r as { nonce: number }).nonce))).toEqual([...Array(accepted).keys()]);
    await expectLedgerSound(t.database);
  });

  it('the seed-nonce invariant (6) catches a round whose nonce was not taken from its pair', async () => {
    const { client, player } = await fundedPlayer();
    const { headers } = await launch(client, 'slot-low');
    expect((await client.post('/games-api/rounds', { bet: { amount: 100 } }, headers)).statusCode).toBe(200);
    await expectLedgerSound(t.database);
    const [round] = (
      await t.database.db.execute(sql`SELECT id, seed_id, nonce FROM game_rounds WHERE user_id = ${player.id}`)
    ).rows as { id: number; seed_id: number; nonce: number }[];
    // Corrupted inside a transaction that rolls back: the file's database stays sound for the others.
    let found: Record<string, unknown[]> = {};
    await t.database.db
      .transaction(async (tx) => {
        // The pair forgets it handed the nonce out (settled rounds are immutable, a trigger says so).
        await tx.execute(sql`UPDATE fairness_seeds SET next_nonce = ${round!.nonce} WHERE id = ${round!.seed_id}`);
        found = await ledgerViolations(tx, moduleInvariants(MODULES));
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    expect(Object.keys(found)).toEqual(['games-host.seed-nonces']);
    expect(found['games-host.seed-nonces']).toEqual([
      { round_id: String(round!.id), broken: 'nonce not taken from its pair' },
    ]);
    await expectLedgerSound(t.database);
  });

  it('refuses a bet above the balance with the balance, and invalid bets with 400, moving nothing', async () => {
    const { client } = await fundedPlayer(50);
    const { headers } = await launch(client, 'slot-low');
    const poor = await client.post('/games-api/rounds', { bet: { amount: 100 } }, headers);
    expect(poor.statusCode).toBe(422);
    expect(poor.json()).toMatchObject({ code: 'insufficient_funds', balance_cents: 50 });
    for (const bet of [{ amount: 1.5 }, { amount: '100' }, { amount: 5 }, {}]) {
      expect((await client.post('/games-api/rounds', { bet }, headers)).statusCode).toBe(400);
    }
    expect(((await client.get('/api/player/accounts')).json() as Json[])[0]!.amount_cents).toBe(50);
    expect((await client.get('/api/player/games')).json() as Json[]).toHaveLength(0);
  });

  it('a multi-step round (mines) keeps its state between actions and pays on cash-out', async () => {
    const { client } = await fundedPlayer();
    const { headers, session } = await launch(client, 'mines');
    const limits = session.bet_limits as Json;
    const opened = await client.post('/games-api/rounds', { bet: { amount: limits.default_cents, mines: 1 } }, headers);
    expect(opened.statusCode, opened.body).toBe(200);
    const round = (opened.json() as Json).round;
    expect(round.status).toBe('open');
    expect((await client.post('/games-api/rounds', { bet: { amount: 100, mines: 1 } }, headers)).json()).toMatchObject({
      code: 'round_open',
    });
    let last: Json = opened.json() as Json;
    for (let tile = 0; tile < 25 && last.round.status === 'open'; tile++) {
      const revealed = await client.post(
        `/games-api/rounds/${round.id}/actions`,
        { action: { type: 'reveal', tile } },
        headers,
      );
      expect(revealed.statusCode, revealed.body).toBe(200);
      last = revealed.json() as Json;
      if (last.round.status === 'open' && tile >= 2) {
        last = (
          await client.post(`/games-api/rounds/${round.id}/actions`, { action: { type: 'cashout' } }, headers)
        ).json() as Json;
      }
    }
    expect(last.round.status).toBe('finished');
    expect(last.balance_cents).toBe(100_000 - limits.default_cents + last.round.win_cents);
  });

  it('video poker deals five cards, draws once on the hold and pays the final hand', async () => {
    const { client } = await fundedPlayer();
    const { headers, session } = await launch(client, 'video-poker');
    const stake = (session.bet_limits as Json).default_cents as number;
    const dealt = await client.post('/games-api/rounds', { bet: { amount: stake } }, headers);
    expect(dealt.statusCode, dealt.body).toBe(200);
    const round = (dealt.json() as Json).round;
    expect(round.status).toBe('open');
    expect(JSON.stringify(round)).not.toContain('deck');
    expect(
      (await client.post(`/games-api/rounds/${round.id}/actions`, { action: { hold: 32 } }, headers)).statusCode,
    ).toBe(400);
    const drawn = await client.post(`/games-api/rounds/${round.id}/actions`, { action: { hold: 0b11111 } }, headers);
    expect(drawn.statusCode, drawn.body).toBe(200);
    const done = drawn.json() as Json;
    expectContract(RoundResponseSchema, done);
    expect(done.round.status).toBe('finished');
    expect(done.balance_cents).toBe(100_000 - stake + done.round.win_cents);
  });

  it('an abandoned round survives a reconnect unchanged, then settles in the player’s favour exactly once (G8)', async () => {
    const { client, player } = await fundedPlayer();
    const { headers, session, game } = await launch(client, 'mines');
    const stake = (session.bet_limits as Json).default_cents as number;
    const opened = (
      await client.post('/games-api/rounds', { bet: { amount: stake, mines: 3 } }, headers)
    ).json() as Json;
    const id = opened.round.id as number;
    const [stored] = (await t.database.db.execute(sql`SELECT state FROM game_rounds WHERE id = ${id}`)).rows as {
      state: { mines: number[] };
    }[];
    const safe = [...Array(25).keys()].find((tile) => !stored!.state.mines.includes(tile))!;
    const revealed = (
      await client.post(`/games-api/rounds/${id}/actions`, { action: { type: 'reveal', tile: safe } }, headers)
    ).json() as Json;
    expect(revealed.round.status).toBe('open');

    // Reconnecting (a new launch) finds the same round in the same state.
    const again = (
      await client.post('/games-api/sessions', { game: game.seoTitle, id: game.launchIds.EUR })
    ).json() as Json;
    expect(again.open_round).toEqual(revealed.round);

    // Not yet abandoned; then a day later it is cashed out at the multiplier reached, once.
    expect(await t.gamesHost.host.settleAbandoned()).toBe(0);
    t.clock.advance(25 * 60 * 60_000);
    const [first, second] = await Promise.all([t.gamesHost.host.settleAbandoned(), t.gamesHost.host.settleAbandoned()]);
    expect(first + second).toBe(1);
    expect(await t.gamesHost.host.settleAbandoned()).toBe(0);
    const [round] = (
      await t.database.db.execute(sql`SELECT status, win::text AS win, actions FROM game_rounds WHERE id = ${id}`)
    ).rows as { status: string; win: string; actions: { type: string }[] }[];
    expect(round!.status).toBe('finished');
    const cashout = Math.floor((stake * (revealed.round.view.multiplier as number)) / 100);
    expect(Number(round!.win)).toBe(Math.max(cashout, stake));
    expect(round!.actions.at(-1)!.type).toBe('abandoned');
    const balance = await t.wallet.service.balanceOf(player.id, 'EUR');
    expect(Number(balance!.amount)).toBe(100_000 - stake + Math.max(cashout, stake));
  });

  it('demo rounds use FUN money and never touch the ledger', async () => {
    const guest = createClient(t.app);
    const game = await gameOf('dice');
    const session = (
      await guest.post('/games-api/sessions', { game: game.seoTitle, id: game.launchIds.FUN })
    ).json() as Json;
    const before = (await t.database.db.execute(sql`SELECT count(*)::int AS n FROM ledger_transactions`)).rows[0];
    const res = await guest.post(
      '/games-api/rounds',
      { bet: { amount: 100, target: 5000, direction: 'under' } },
      { 'x-game-session': session.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Json).balance_cents).toBe(100_000 - 100 + (res.json() as Json).round.win_cents);
    expect((await t.database.db.execute(sql`SELECT count(*)::int AS n FROM ledger_transactions`)).rows[0]).toEqual(
      before,
    );
  });
});

describe('Rocket (shared crash rounds)', () => {
  it('takes bets while betting is open, pays a cash-out before the bust and settles the rest at the bust', async () => {
    const { client } = await fundedPlayer();
    const { game, headers } = await launch(client, 'crash');
    const shared = t.gamesHost.shared;
    await shared.tick(game.seoTitle);
    const snap = (await client.get(`/games-api/shared/${game.seoTitle}`)).json() as Json;
    expectContract(SharedSnapshotSchema, snap);
    expect(snap.current).toMatchObject({ phase: 'betting' });
    expect(snap.current.result).toBeUndefined();
    const a = (await client.post('/games-api/rounds', { bet: { amount: 100 } }, headers)).json() as Json;
    const b = (
      await client.post('/games-api/rounds', { bet: { amount: 200, auto_cashout: 1.01 } }, headers)
    ).json() as Json;
    expect(a.round.status).toBe('open');
    const [row] = (
      await t.database.db.execute(sql`SELECT result FROM shared_rounds WHERE id = ${snap.current.round_id}`)
    ).rows as { result: { crash_point: number } }[];
    const crash = row!.result.crash_point;
    t.clock.advance(6_000);
    await shared.tick(game.seoTitle);
    if (crash > 1) {
      // Just after take-off the multiplier is below any bust point above 1.00.
      t.clock.advance(1);
      const out = await client.post(
        `/games-api/rounds/${a.round.id}/actions`,
        { action: { type: 'cashout' } },
        headers,
      );
      expect(out.statusCode, out.body).toBe(200);
      expect((out.json() as Json).round.status).toBe('finished');
    }
    // A bust at 1.00 (a few percent of rounds) ended the round at take-off; ticking again after the
    // pause would open the next round, so only a round still in the air is ticked to its bust.
    const flying = ((await client.get(`/games-api/shared/${game.seoTitle}`)).json() as Json).current;
    expect(flying.round_id).toBe(snap.current.round_id);
    t.clock.advance(10 * 60_000);
    if (flying.phase !== 'ended') await shared.tick(game.seoTitle);
    const ended = (await client.get(`/games-api/shared/${game.seoTitle}`)).json() as Json;
    expectContract(SharedSnapshotSchema, ended);
    expect(ended.current).toMatchObject({ round_id: snap.current.round_id, phase: 'ended' });
    expect(sha256(ended.current.server_seed)).toBe(snap.current.server_seed_hash);
    const settled = (await client.get(`/games-api/rounds/${b.round.id}`, headers)).json() as Json;
    expectContract(RoundSnapshotSchema, settled);
    expect(settled.round.status).toBe('finished');
    expect(settled.round.win_cents).toBe(crash >= 1.01 ? 202 : 0);
    const late = await client.post('/games-api/rounds', { bet: { amount: 100 } }, headers);
    expect(late.json()).toMatchObject({ code: 'betting_closed' });
  });

  it('several runners ticking at once open one round per game (multi-instance safe)', async () => {
    const game = await gameOf('live-roulette');
    const shared = t.gamesHost.shared;
    for (let cycle = 0; cycle < 3; cycle++) {
      t.clock.advance(10 * 60_000);
      await Promise.all([
        shared.tick(game.seoTitle),
        shared.tick(game.seoTitle),
        shared.tick(game.seoTitle),
        shared.tick(game.seoTitle),
      ]);
      const open = await t.database.db.execute(
        sql`SELECT count(*)::int AS n FROM shared_rounds WHERE game = ${game.seoTitle} AND phase <> 'ended'`,
      );
      expect((open.rows[0] as { n: number }).n).toBeLessThanOrEqual(1);
      const missing = await t.database.db.execute(
        sql`SELECT count(*)::int AS n FROM shared_rounds WHERE game = ${game.seoTitle} AND result IS NULL`,
      );
      expect((missing.rows[0] as { n: number }).n).toBe(0);
    }
  });

  it('looks at a running round at least every RUNNING_TICK_MS, so no automatic cash-out waits for the bust', async () => {
    const { game } = await launch(createClient(t.app), 'crash', 'FUN');
    const shared = t.gamesHost.shared;
    await endSharedRound(t, game);
    t.clock.advance(10 * 60_000);
    // A long flight: without the cap the runner would next look at the bust, a minute away.
    await pinNextSharedRound(t, game, (r) => r.crash_point >= 100);
    await shared.tick(game.seoTitle);
    t.clock.advance(6_000);
    expect(await shared.tick(game.seoTitle)).toBeLessThanOrEqual(RUNNING_TICK_MS);
    expect(await latestSharedPhase(t, game)).toBe('running');
    t.clock.advance(1_000);
    expect(await shared.tick(game.seoTitle)).toBeLessThanOrEqual(RUNNING_TICK_MS);
  });

  it('pays an automatic cash-out as the multiplier reaches it, once, even against a racing manual cash-out', async () => {
    const { client, player } = await fundedPlayer();
    const { game, headers } = await launch(client, 'crash');
    const shared = t.gamesHost.shared;
    // The next round flies past 1.05: its seed is pinned, so the runner pays the 1.02 targets in flight.
    await endSharedRound(t, game);
    t.clock.advance(10 * 60_000);
    const pinned = await pinNextSharedRound(t, game, (r) => r.crash_point >= 1.05);
    await shared.tick(game.seoTitle);
    const current = ((await client.get(`/games-api/shared/${game.seoTitle}`)).json() as Json).current;
    expect(current).toMatchObject({ phase: 'betting', round_id: pinned.roundId });
    const auto = (
      await client.post('/games-api/rounds', { bet: { amount: 300, auto_cashout: 1.02 } }, headers)
    ).json() as Json;
    const raced = (
      await client.post('/games-api/rounds', { bet: { amount: 100, auto_cashout: 1.02 } }, headers)
    ).json() as Json;
    t.clock.advance(6_000);
    await shared.tick(game.seoTitle);
    t.clock.advance(elapsedFor(1.03));
    // The runner pays the 1.02 targets while the player cashes one of them out by hand at 1.03.
    const [, manual] = await Promise.all([
      shared.tick(game.seoTitle),
      client.post(`/games-api/rounds/${raced.round.id}/actions`, { action: { type: 'cashout' } }, headers),
    ]);
    expect(manual.statusCode === 200 || (manual.json() as Json).code === 'round_finished', manual.body).toBe(true);
    expect(((await client.get(`/games-api/shared/${game.seoTitle}`)).json() as Json).current.phase).toBe('running');
    const paid = (await client.get(`/games-api/rounds/${auto.round.id}`, headers)).json() as Json;
    expect(paid.round).toMatchObject({ status: 'finished', win_cents: 306 });
    const other = (await client.get(`/games-api/rounds/${raced.round.id}`, headers)).json() as Json;
    expect(other.round.status).toBe('finished');
    expect([102, 103]).toContain(other.round.win_cents);
    const balance = await t.wallet.service.balanceOf(player.id, 'EUR');
    expect(Number(balance!.amount)).toBe(100_000 - 400 + 306 + (other.round.win_cents as number));
  });
});

describe('jackpots', () => {
  it('lists pools, feeds them from qualifying bets and pays a dropped level through the ledger', async () => {
    const list = (await createClient(t.app).get('/api/jackpots')).json() as Json[];
    expectContract(JackpotListSchema, list);
    const eur = list.find((j) => j.currency === 'EUR')!;
    expect(eur.levels.map((l: Json) => l.identifier)).toEqual(['mini', 'major', 'mega']);
    const totals = (await createClient(t.app).get('/api/games/jackpots')).json() as Json;
    expectContract(JackpotTotalsSchema, totals);
    expect(totals.EUR.croupier).toBe(eur.levels.reduce((a: number, l: Json) => a + l.amount_cents, 0));

    const snapshot = await t.gamesHost.host.deps.catalogue.get();
    const jackpotGame = [...snapshot.byId.values()].find(
      (g) => g.categories.includes('jackpot') && g.launchIds.EUR !== undefined,
    )!;
    const { client, player } = await fundedPlayer();
    const session = (
      await client.post('/games-api/sessions', { game: jackpotGame.seoTitle, id: jackpotGame.launchIds.EUR })
    ).json() as Json;
    const mini = eur.levels[0] as Json;
    // Make the next contribution reach the mini level's threshold.
    await t.database.db.execute(sql`UPDATE jackpot_levels SET drop_at = amount + 1 WHERE id = ${mini.id}`);
    const awards: unknown[] = [];
    t.jackpots.onWin((userId, award) => awards.push({ userId, award }));
    await client.post('/games-api/rounds', { bet: { amount: 1_000 } }, { 'x-game-session': session.token });
    await t.events.drain();
    expect(awards).toEqual([
      {
        userId: player.id,
        award: {
          jackpot: expect.objectContaining({
            level_name: 'Mini',
            currency: 'EUR',
            amount_cents: mini.amount_cents + 5,
          }),
        },
      },
    ]);
    const wins = (await createClient(t.app).get('/api/jackpot_wins')).json() as Json[];
    expectContract(JackpotWinListSchema, wins);
    expectContract(JackpotWinAwardSchema, (awards[0] as { award: unknown }).award);
    expectContract(WinnersSchema, (await createClient(t.app).get('/api/stats/winners/latest')).json());
    expect(wins[0]).toMatchObject({ amount_cents: mini.amount_cents + 5, jackpot_level_name: 'Mini' });
    const after = ((await createClient(t.app).get('/api/jackpots')).json() as Json[]).find(
      (j) => j.currency === 'EUR',
    )!;
    expect(after.levels[0].amount_cents).toBe(mini.amount_cents); // reseeded
  });
});
