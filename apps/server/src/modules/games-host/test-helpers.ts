/**
 * Helpers for the games-host tests that race actions and cut rounds: players, launches, pinned
 * seeds (so a test knows every card and roll before it plays) and a wallet client it can steer.
 */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { RoundStep } from '@croupier/games/model';
import type { createClient, TestApp } from '../../../test/build-test-app.ts';
import { sha256 } from '../../lib/crypto.ts';
import { signUp } from '../auth/test-helpers.ts';
import { fund } from '../wallet/test-helpers.ts';
import { requireModel, roundRng, type AnyModel } from './models.ts';
import type { WalletClient } from './wallet-client.ts';
import type { CachedGame } from '../games/catalogue.cache.ts';

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are checked field by field

export const PINNED_SERVER_SEED = 'c0ffee'.repeat(10) + 'beef';

export async function gameOf(t: TestApp, engine: string, slug?: string) {
  const snapshot = await t.gamesHost.host.deps.catalogue.get();
  const game = [...snapshot.byId.values()].find(
    (g) => g.engine === engine && g.active && g.launchIds.EUR !== undefined && (!slug || g.seoTitle === slug),
  );
  if (!game) throw new Error(`no active ${engine} game`);
  return game;
}

export async function fundedPlayer(t: TestApp, amount = 100_000) {
  const { client, player } = await signUp(t.app, { currency: 'EUR' });
  await fund(t.wallet, player.id, 'EUR', amount);
  return { client, player };
}

export async function launch(t: TestApp, client: ReturnType<typeof createClient>, engine: string, currency = 'EUR') {
  const game = await gameOf(t, engine);
  const res = await client.post('/games-api/sessions', { game: game.seoTitle, id: game.launchIds[currency] });
  expect(res.statusCode, res.body).toBe(200);
  const session = res.json() as Json;
  return { game, session, headers: { 'x-game-session': session.token as string }, model: requireModel(game) };
}

/** The phase of the game's newest shared round, if it has one. */
export async function latestSharedPhase(t: TestApp, game: CachedGame): Promise<string | undefined> {
  const [row] = (
    await t.database.db.execute(
      sql`SELECT phase FROM shared_rounds WHERE game = ${game.seoTitle} ORDER BY id DESC LIMIT 1`,
    )
  ).rows as { phase: string }[];
  return row?.phase;
}

/**
 * Ends whatever shared round an earlier test left (each tick, far enough on the clock, moves it one
 * phase: betting → running → ended), so the next tick opens a new one.
 */
export async function endSharedRound(t: TestApp, game: CachedGame) {
  for (let step = 0; step < 3 && ((await latestSharedPhase(t, game)) ?? 'ended') !== 'ended'; step++) {
    t.clock.advance(10 * 60_000);
    await t.gamesHost.shared.tick(game.seoTitle);
  }
  expect((await latestSharedPhase(t, game)) ?? 'ended').toBe('ended');
}

/**
 * Makes the next shared round of `game` decide what `wanted` accepts: candidate server seeds
 * (sha256 of `shared-pin-0`, `-1`, …, the same on every run) are tried against the id the round will
 * get, and the chosen one is queued in the app's random source for the round to draw. Call it with
 * nothing else opening shared rounds in between (the id is read from the sequence).
 */
export async function pinNextSharedRound(t: TestApp, game: CachedGame, wanted: (result: Json) => boolean) {
  const [seq] = (await t.database.db.execute(sql`SELECT last_value, is_called FROM shared_rounds_id_seq`)).rows as {
    last_value: string | number;
    is_called: boolean;
  }[];
  const nextId = Number(seq!.last_value) + (seq!.is_called ? 1 : 0);
  for (let i = 0; i < 10_000; i++) {
    const seed = sha256(`shared-pin-${i}`);
    const result = t.gamesHost.shared.draw(game, seed, nextId) as Json;
    if (!wanted(result)) continue;
    t.random.queueBytes(Buffer.from(seed, 'hex'));
    return { roundId: nextId, result };
  }
  throw new Error('no server seed gives the wanted shared round');
}

/**
 * Pins the owner's active seed pair so that its next round opens as `wanted` says: the server seed
 * is fixed and client seeds `pin-0`, `pin-1`, … are tried in order, so the choice is the same on
 * every run. Returns the opening step and where the round's random stream continues.
 */
export async function pinNextRound<S>(
  t: TestApp,
  owner: string,
  model: AnyModel,
  bet: unknown,
  wanted: (step: RoundStep<S>, continueAt: number, replay: (at: number) => ReturnType<typeof roundRng>) => boolean,
) {
  const [pair] = (
    await t.database.db.execute(sql`SELECT next_nonce FROM fairness_seeds WHERE owner = ${owner} AND active`)
  ).rows as { next_nonce: number }[];
  if (!pair) throw new Error(`no seed pair for ${owner}`);
  const nonce = Number(pair.next_nonce);
  for (let i = 0; i < 10_000; i++) {
    const clientSeed = `pin-${i}`;
    const rng = roundRng(PINNED_SERVER_SEED, clientSeed, nonce, 0);
    const step = model.open(bet, rng) as RoundStep<S>;
    if (!wanted(step, rng.position, (at) => roundRng(PINNED_SERVER_SEED, clientSeed, nonce, at))) continue;
    await t.database.db.execute(
      sql`UPDATE fairness_seeds SET server_seed = ${PINNED_SERVER_SEED}, server_seed_hash = ${sha256(PINNED_SERVER_SEED)}, client_seed = ${clientSeed}
          WHERE owner = ${owner} AND active`,
    );
    return { step, continueAt: rng.position };
  }
  throw new Error('no client seed gives the wanted round');
}

export interface RoundMoney {
  status: string;
  stake: number;
  win: number;
  state: Json;
  /** Accepted bets and wins the wallet holds for the round (`r<id>`). */
  walletBets: number;
  walletWins: number;
  winCount: number;
}

export async function roundMoney(t: TestApp, roundId: number): Promise<RoundMoney> {
  const [round] = (
    await t.database.db.execute(
      sql`SELECT status, stake::text, win::text, state FROM game_rounds WHERE id = ${roundId}`,
    )
  ).rows as {
    status: string;
    stake: string;
    win: string;
    state: Json;
  }[];
  const [wallet] = (
    await t.database.db.execute(
      sql`SELECT COALESCE(sum(amount) FILTER (WHERE action = 'bet' AND status = 'ok'), 0)::text AS bets,
                 COALESCE(sum(amount) FILTER (WHERE action = 'win' AND status IN ('ok', 'closed')), 0)::text AS wins,
                 count(*) FILTER (WHERE action = 'win' AND status IN ('ok', 'closed'))::int AS win_count
          FROM wallet_requests WHERE round_id = ${`r${roundId}`}`,
    )
  ).rows as { bets: string; wins: string; win_count: number }[];
  return {
    status: round!.status,
    stake: Number(round!.stake),
    win: Number(round!.win),
    state: round!.state,
    walletBets: Number(wallet!.bets),
    walletWins: Number(wallet!.wins),
    winCount: Number(wallet!.win_count),
  };
}

/** The round as stored agrees with the wallet: the same stake taken and the same win paid, once. */
export async function expectRoundMatchesWallet(t: TestApp, roundId: number): Promise<RoundMoney> {
  const money = await roundMoney(t, roundId);
  expect(money.stake, 'stored stake = wallet bets').toBe(money.walletBets);
  if (money.status === 'finished') {
    expect(money.win, 'stored win = wallet win').toBe(money.walletWins);
    expect(money.winCount).toBe(1);
  } else {
    expect(money.winCount).toBe(0);
  }
  return money;
}

export async function walletBalance(t: TestApp, userId: number): Promise<number> {
  return Number((await t.wallet.service.balanceOf(userId, 'EUR'))!.amount);
}

/**
 * A wallet client between the host and the real one, for cutting rounds where a test wants:
 * `hold` parks matching calls until released (so a test knows one action is mid-flight), and
 * `fail` makes matching calls throw, before the wallet sees them or after it answered.
 */
export class SteeredWallet implements WalletClient {
  private holds: {
    match: (action: string, body: Record<string, unknown>) => boolean;
    reached: () => void;
    gate: Promise<void>;
  }[] = [];
  private failures: {
    match: (action: string, body: Record<string, unknown>) => boolean;
    when: 'before' | 'after';
    times: number;
  }[] = [];

  constructor(readonly inner: WalletClient) {}

  /** Parks the next matching call; resolves `reached` when it arrives, runs it on `release()`. */
  hold(match: (action: string, body: Record<string, unknown>) => boolean) {
    let release!: () => void;
    let reached!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const arrived = new Promise<void>((resolve) => (reached = resolve));
    this.holds.push({ match, reached, gate });
    return { arrived, release };
  }

  /** The next `times` matching calls throw: `before` the wallet sees them, or `after` it answered. */
  fail(
    match: (action: string, body: Record<string, unknown>) => boolean,
    when: 'before' | 'after' = 'before',
    times = Infinity,
  ) {
    this.failures.push({ match, when, times });
  }

  async call(action: 'balance' | 'bet' | 'win' | 'rollback', body: Record<string, unknown>) {
    const held = this.holds.findIndex((h) => h.match(action, body));
    if (held >= 0) {
      const [h] = this.holds.splice(held, 1);
      h!.reached();
      await h!.gate;
    }
    const failure = this.failures.find((f) => f.times > 0 && f.match(action, body));
    if (failure) failure.times--;
    if (failure?.when === 'before') throw new Error(`wallet unreachable (test): ${action}`);
    const reply = await this.inner.call(action, body);
    if (failure?.when === 'after') throw new Error(`wallet answer lost (test): ${action}`);
    return reply;
  }
}

/** Puts a steered wallet between the host and the real one until `restore()`. */
export function steerWallet(t: TestApp) {
  const host = t.gamesHost.host;
  const inner = host.deps.wallet;
  const steered = new SteeredWallet(inner);
  host.deps.wallet = steered;
  return { steered, restore: () => void (host.deps.wallet = inner) };
}

export const isCall = (action: string, txId?: string | RegExp) => (a: string, body: Record<string, unknown>) =>
  a === action &&
  (txId === undefined ||
    (typeof txId === 'string' ? body.transaction_id === txId : txId.test(String(body.transaction_id))));
