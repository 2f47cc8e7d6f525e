/**
 * Free-spin packs (docs/bonuses.md#free-spin-packs-codes) played through the games host as a player
 * would: a pack plays exactly its spins however many are sent at once, each spin is a provably-fair
 * round that verifies from the revealed seed, and the last spin issues the pack's winnings as one
 * bonus with the pack's wagering. No spin moves the player's own money.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FreespinPackListSchema, FreespinPackSchema } from '@croupier/shared/api/bonuses';
import { FairRoundSchema, RoundResponseSchema } from '@croupier/shared/api/games-host';
import { buildTestApp, type createClient, type TestApp } from '../../../test/build-test-app.ts';
import { expectContract } from '../../../test/contract.ts';
import { rows } from '../../db/sql.ts';
import { requireModel, roundRng } from '../games-host/models.ts';
import { fundedPlayer, launch, type Json } from '../games-host/test-helpers.ts';
import { expectLedgerSound } from '../wallet/test-helpers.ts';
import type { PackInput } from './freespins.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.events.drain();
  await expectLedgerSound(t.database);
  await t.close();
});

let n = 0;

async function packFor(userId: number, games: string[], over: Partial<PackInput> = {}) {
  n += 1;
  return t.croupier.modules.bonuses.freespins.issue({
    userId,
    currency: 'EUR',
    source: 'manual',
    sourceRef: `pack-${n}`,
    games,
    betLevel: 20n,
    spins: 10,
    winningsWagerMultiplier: 30,
    winningsMaxConversion: 100_00n,
    activationDays: 7,
    validityDays: 3,
    ...over,
  });
}

type Client = ReturnType<typeof createClient>;

/** Plays `count` spins of a pack through the games host; what they won in all. */
async function playSpins(client: Client, headers: Record<string, string>, packId: number, count: number) {
  for (let i = 0; i < count; i++)
    expect((await client.post('/games-api/rounds', { bet: null, freespin_pack_id: packId }, headers)).statusCode).toBe(
      200,
    );
  const [won] = await rows<{ win: string }>(
    t.database.db,
    sql`SELECT coalesce(sum(win), 0)::text AS win FROM game_rounds WHERE freespin_pack_id = ${packId}`,
  );
  return BigInt(won!.win);
}

describe('a pack from the player API', () => {
  it('is listed, activated, played and given up only by its player', async () => {
    const { client, player } = await fundedPlayer(t, 1);
    const other = await fundedPlayer(t, 1);
    const pack = await packFor(player.id, ['croupier-originals/some-slot']);
    const listed = await client.get('/api/player/freespins');
    expect(listed.headers['cache-control']).toContain('no-store');
    expectContract(FreespinPackListSchema, listed.json());
    expect(listed.json()).toMatchObject([
      { id: pack.id, stage: 'issued', freespins_total: 10, freespins_performed: 0, bet_level: 20, activatable: true },
    ]);
    expect((await other.client.post(`/api/player/freespins/${pack.id}/activation`, {})).statusCode).toBe(404);
    const activated = await client.post(`/api/player/freespins/${pack.id}/activation`, {});
    expect(activated.statusCode, activated.body).toBe(200);
    expectContract(FreespinPackSchema, activated.json());
    expect(activated.json()).toMatchObject({ stage: 'handle_bets', activatable: false, cancelable: true });
    expect((await client.post(`/api/player/freespins/${pack.id}/activation`, {})).json()).toMatchObject({
      code: 'freespins_not_activatable',
    });
    const canceled = await client.delete(`/api/player/freespins/${pack.id}`);
    expect(canceled.json()).toMatchObject({ stage: 'canceled', cancelable: false });
    // A list hides the packs that ended.
    expect((await client.get('/api/player/freespins')).json()).toEqual([]);
  });
});

describe('spins', () => {
  it('15 spins sent at once on a 10-spin pack play 10 rounds and issue one winnings bonus', async () => {
    const { client, player } = await fundedPlayer(t, 5_00);
    const { game, headers } = await launch(t, client, 'slot-medium');
    const pack = await packFor(player.id, [game.identifier], { betLevel: 100n });
    await t.croupier.modules.bonuses.freespins.activate(player.id, pack.id);

    const answers = await Promise.all(
      Array.from({ length: 15 }, () =>
        client.post('/games-api/rounds', { bet: null, freespin_pack_id: pack.id }, headers),
      ),
    );
    const played = answers.filter((a) => a.statusCode === 200);
    expect(played).toHaveLength(10);
    for (const a of played) expectContract(RoundResponseSchema, a.json());
    expect(answers.filter((a) => a.statusCode === 409).map((a) => (a.json() as Json).code)).toEqual(
      Array(5).fill('freespins_used'),
    );

    const rounds = await rows<{ stake: string; win: string; mode: string }>(
      t.database.db,
      sql`SELECT stake::text, win::text, mode FROM game_rounds WHERE freespin_pack_id = ${pack.id} ORDER BY id`,
    );
    expect(rounds).toHaveLength(10);
    expect(rounds.every((r) => r.stake === '0' && r.mode === 'freespin')).toBe(true);
    const won = rounds.reduce((sum, r) => sum + BigInt(r.win), 0n);

    const [after] = await rows<{ stage: string; win: string; spins: number; bonus: number | null }>(
      t.database.db,
      sql`SELECT stage, win_cents::text AS win, spins_performed AS spins, winnings_bonus_id AS bonus
            FROM freespin_packs WHERE id = ${pack.id}`,
    );
    expect(after).toMatchObject({ stage: 'finished', win: won.toString(), spins: 10 });
    // The outcomes are the seed pair's nonces 0–9 whatever order the spins ran in, so the total is
    // the same every run (the test app's randomness is seeded): this pack wins.
    expect(won).toBeGreaterThan(0n);
    const bonuses = await t.croupier.modules.bonuses.list(player.id);
    expect(bonuses).toHaveLength(1);
    expect(bonuses[0]).toMatchObject({
      id: after!.bonus,
      kind: 'freespins',
      amount: won,
      stage: 'handle_bets',
      wagerRequirement: won * 30n,
      maxConversion: 100_00n,
    });
    // The player's own money never moved; the winnings are bonus money.
    const [wallet] = await rows<{ amount: string; cash: string }>(
      t.database.db,
      sql`SELECT amount_cents::text AS amount, available_to_cashout_cents::text AS cash FROM player_accounts
           WHERE user_id = ${player.id} AND currency = 'EUR'`,
    );
    expect(wallet).toEqual({ amount: (5_00n + won).toString(), cash: '500' });
    await expectLedgerSound(t.database);
  });

  it('a free spin is a provably-fair round: it verifies from the revealed seed', async () => {
    const { client, player } = await fundedPlayer(t, 1);
    const { game, headers } = await launch(t, client, 'slot-low');
    const pack = await packFor(player.id, [game.identifier], { spins: 2 });
    await t.croupier.modules.bonuses.freespins.activate(player.id, pack.id);
    const spin = await client.post('/games-api/rounds', { bet: null, freespin_pack_id: pack.id }, headers);
    expect(spin.statusCode, spin.body).toBe(200);
    expect((spin.json() as Json).freespins).toMatchObject({ id: pack.id, freespins_total: 2, freespins_performed: 1 });
    const id = (spin.json() as Json).round.id as number;
    await client.post('/api/fairness/rotate', {});
    const detail = (await client.get(`/api/fairness/rounds/${id}`)).json() as Json;
    expectContract(FairRoundSchema, detail);
    expect(detail.bet).toEqual({ amount: 20 });
    const model = requireModel(game);
    const replay = model.open(detail.bet, roundRng(detail.server_seed, detail.client_seed, detail.nonce, 0));
    expect(model.view(replay.state, true)).toEqual(detail.outcome);
    expect(replay.win).toBe(detail.win_cents);
  });

  it('a pack given up after some spins issues what they won; the spins left are lost', async () => {
    const { client, player } = await fundedPlayer(t, 1);
    const { game, headers } = await launch(t, client, 'slot-medium');
    const pack = await packFor(player.id, [game.identifier], { spins: 5, betLevel: 200n });
    await t.croupier.modules.bonuses.freespins.activate(player.id, pack.id);
    const won = { win: String(await playSpins(client, headers, pack.id, 3)) };
    const canceled = await client.delete(`/api/player/freespins/${pack.id}`);
    expect(canceled.json()).toMatchObject({ stage: 'canceled', freespins_performed: 3, win_cents: Number(won.win) });
    const bonuses = await t.croupier.modules.bonuses.list(player.id);
    expect(BigInt(won.win)).toBeGreaterThan(0n);
    expect(bonuses.map((b) => [b.kind, b.amount])).toEqual([['freespins', BigInt(won.win)]]);
    expect((await client.post('/games-api/rounds', { bet: null, freespin_pack_id: pack.id }, headers)).statusCode).toBe(
      409,
    );
  });

  it('a wager-free pack pays what its spins won as cash', async () => {
    const { client, player } = await fundedPlayer(t, 1);
    const { game, headers } = await launch(t, client, 'slot-medium');
    const pack = await packFor(player.id, [game.identifier], { spins: 10, betLevel: 200n, winningsWagerMultiplier: 0 });
    await t.croupier.modules.bonuses.freespins.activate(player.id, pack.id);
    const won = { win: String(await playSpins(client, headers, pack.id, 10)) };
    // The test's seeded spins win something: the case is the winnings becoming cash, not an empty pack.
    expect(BigInt(won.win)).toBeGreaterThan(0n);
    const bonuses = await t.croupier.modules.bonuses.list(player.id);
    expect(bonuses.map((b) => [b.kind, b.stage, b.amount])).toEqual([['freespins', 'finished', BigInt(won.win)]]);
    const [wallet] = await rows<{ amount: string; cash: string }>(
      t.database.db,
      sql`SELECT amount_cents::text AS amount, available_to_cashout_cents::text AS cash FROM player_accounts
           WHERE user_id = ${player.id} AND currency = 'EUR'`,
    );
    expect(wallet).toEqual({ amount: String(1n + BigInt(won.win)), cash: String(1n + BigInt(won.win)) });
  });

  it('a pack plays only on its own games, for its own player, once activated', async () => {
    const { client, player } = await fundedPlayer(t, 1);
    const { headers } = await launch(t, client, 'slot-high');
    const elsewhere = await packFor(player.id, ['croupier-originals/another-slot']);
    await t.croupier.modules.bonuses.freespins.activate(player.id, elsewhere.id);
    const wrong = await client.post('/games-api/rounds', { bet: null, freespin_pack_id: elsewhere.id }, headers);
    expect(wrong.json()).toMatchObject({ code: 'freespins_wrong_game' });
    const { game } = await launch(t, client, 'slot-high');
    const inactive = await packFor(player.id, [game.identifier]);
    const notYet = await client.post('/games-api/rounds', { bet: null, freespin_pack_id: inactive.id }, headers);
    expect(notYet.statusCode).toBe(409);
    const stranger = await fundedPlayer(t, 1);
    const theirs = await launch(t, stranger.client, 'slot-high');
    const foreign = await stranger.client.post(
      '/games-api/rounds',
      { bet: null, freespin_pack_id: inactive.id },
      theirs.headers,
    );
    expect(foreign.json()).toMatchObject({ code: 'freespins_not_found' });
  });
});
