import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { AppError, conflict, forbidden, notFound, unauthorized } from '../lib/errors.ts';
import { randomToken, sha256 } from '../lib/crypto.ts';
import type { CachedGame, CatalogueCache } from '../modules/games/catalogue.cache.ts';
import type { GamblingBlock } from '../modules/limits/rg-block.ts';
import { createGameSession, findGameSession } from '../modules/wallet/game-sessions.ts';
import { rows, type Executor } from '../modules/wallet/ledger.ts';
import type { WalletResponse } from '../modules/wallet/protocol.schemas.ts';
import { betLimits, subunitsToUnit } from './bet-limits.ts';
import { FairnessSeeds } from './fairness.ts';
import { inputError, modelFor, requireModel, roundRng, type AnyModel } from './models.ts';
import type { WalletClient } from './wallet-client.ts';

export const DEMO_START_BALANCE = 100_000n;
const DEMO_SESSION_HOURS = 24;

/** Who is playing: resolved from the `x-game-session` token. */
export interface PlayContext {
  mode: 'real' | 'demo';
  token: string;
  userId: number | null;
  demoSession: string | null;
  currency: string;
  gameId: number;
  /** Seed-pair owner. */
  owner: string;
  expired: boolean;
}

export interface RoundRow {
  id: number;
  mode: string;
  user_id: number | null;
  demo_session: string | null;
  game_id: number;
  model: string;
  currency: string;
  seed_id: number | null;
  nonce: number | null;
  shared_round_id: number | null;
  bet: unknown;
  actions: unknown[];
  state: unknown;
  rng_position: number;
  status: string;
  stake: string;
  win: string;
  bet_count: number;
  balance_after: string | null;
  created_at: Date | string;
  finished_at: Date | string | null;
}

export interface RoundView {
  id: number;
  status: 'open' | 'finished';
  stake_cents: number;
  win_cents: number;
  view: unknown;
  shared_round_id: number | null;
  created_at: string;
  finished_at: string | null;
}

export interface FinishedRound {
  userId: number;
  game: CachedGame;
  currency: string;
  stake: bigint;
  win: bigint;
  finishedAt: Date;
}

export interface GamesHostDeps {
  db: Db;
  clock: Clock;
  catalogue: CatalogueCache;
  wallet: WalletClient;
  provider: string;
  sessionMinutes: number;
  /** Minutes after which a round left open is settled in the player's favour (G8). */
  abandonMinutes: number;
  gamblingBlock: (db: Executor, userId: number, currency: string, now: Date) => Promise<GamblingBlock | null>;
  /** After a real-money round settled (wins feed, jackpots). */
  onRoundFinished?: (round: FinishedRound) => void;
  onError?: (message: string, error: unknown) => void;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const SHARED_ENGINES = new Set(['crash', 'live-roulette']);

export function isSharedEngine(engine: string) {
  return SHARED_ENGINES.has(engine);
}

/**
 * Croupier's games host: launches sessions, runs rounds of the pure game models with provably-fair
 * randomness, and moves real money ONLY through the seamless-wallet protocol (the `wallet`
 * client), exactly as a third-party studio would. Demo rounds use FUN money kept here.
 */
export class GamesHost {
  readonly seeds = new FairnessSeeds();

  constructor(readonly deps: GamesHostDeps) {}

  // ------------------------------------------------------------------ sessions

  async gameBySlugAndId(gameSlug: string, launchId: number): Promise<{ game: CachedGame; currency: string }> {
    const snapshot = await this.deps.catalogue.get();
    const game = snapshot.byLaunchId.get(launchId);
    if (!game?.active || game.seoTitle !== gameSlug) throw notFound('game_not_found', 'Game not found');
    const currency = Object.entries(game.launchIds).find(([, id]) => id === launchId)?.[0];
    if (!currency) throw notFound('game_not_found', 'Game not found');
    return { game, currency };
  }

  async launch(input: { gameSlug: string; launchId: number; user: { id: number; disabledAt: Date | null } | null }) {
    const { db, clock } = this.deps;
    const { game, currency } = await this.gameBySlugAndId(input.gameSlug, input.launchId);
    if (!modelFor(game)) throw new AppError(503, 'game_unavailable', 'This game is not available yet');
    const now = clock.now();
    let token: string;
    if (currency === 'FUN') {
      if (!game.hasDemo) throw forbidden('demo_unavailable', 'This game has no demo mode');
      token = randomToken();
      await db.execute(
        sql`INSERT INTO demo_sessions (token_hash, game_id, balance, created_at, expires_at)
            VALUES (${sha256(token)}, ${game.id}, ${DEMO_START_BALANCE.toString()}::bigint, ${now}, ${new Date(now.getTime() + DEMO_SESSION_HOURS * 3_600_000)})`,
      );
    } else {
      const user = input.user;
      if (!user) throw unauthorized('login_required', 'Sign in to play for real money');
      if (user.disabledAt) throw forbidden('player_disabled', 'Your account is disabled');
      const [wallet] = await rows<{ id: number }>(db, sql`SELECT id FROM player_accounts WHERE user_id = ${user.id} AND currency = ${currency}`);
      if (!wallet) throw forbidden('currency_unavailable', `You have no ${currency} account`);
      const block = await this.deps.gamblingBlock(db, user.id, currency, now);
      if (block) throw forbidden('gambling_blocked', block.message);
      token = (await createGameSession(db, { userId: user.id, currency, gameId: game.id, provider: this.deps.provider, now, minutes: this.deps.sessionMinutes })).token;
    }
    const ctx = await this.context(token);
    return this.sessionView(ctx);
  }

  /** Resolves a session token; throws 401 when unknown. Expired sessions resolve (wins still settle). */
  async context(token: string | undefined): Promise<PlayContext> {
    if (!token) throw unauthorized('session_expired', 'Game session missing; launch the game again');
    const now = this.deps.clock.now();
    const real = await findGameSession(this.deps.db, token);
    if (real && real.provider === this.deps.provider) {
      return { mode: 'real', token, userId: real.userId, demoSession: null, currency: real.currency, gameId: real.gameId, owner: `user:${real.userId}`, expired: real.expiresAt <= now };
    }
    const hash = sha256(token);
    const [demo] = await rows<{ game_id: number; expires_at: Date | string }>(this.deps.db, sql`SELECT game_id, expires_at FROM demo_sessions WHERE token_hash = ${hash}`);
    if (!demo) throw unauthorized('session_expired', 'Game session unknown; launch the game again');
    return { mode: 'demo', token, userId: null, demoSession: hash, currency: 'FUN', gameId: Number(demo.game_id), owner: `demo:${hash.slice(0, 32)}`, expired: new Date(demo.expires_at) <= now };
  }

  async sessionView(ctx: PlayContext) {
    const game = await this.game(ctx.gameId);
    const model = requireModel(game);
    const described = model.describe();
    const open = await this.openRound(ctx, game);
    return {
      token: ctx.token,
      mode: ctx.mode,
      currency: ctx.currency,
      balance_cents: await this.balance(ctx),
      subunits_to_unit: subunitsToUnit(ctx.currency),
      game: {
        slug: game.seoTitle,
        identifier: game.identifier,
        title: game.title,
        provider: game.providerTitle,
        engine: game.engine,
        model: model.id,
        theme: game.theme,
        rtp: Math.round(described.rtp * 1e6) / 1e4,
        hit_rate: Math.round(described.hitRate * 1e6) / 1e4,
        max_multiplier: described.maxMultiplier,
        rules: described.rules,
      },
      bet_limits: betLimits(ctx.currency),
      fairness: await this.seeds.view(this.deps.db, ctx.owner),
      open_round: open ? this.present(open, model) : null,
    };
  }

  async game(gameId: number): Promise<CachedGame> {
    const game = (await this.deps.catalogue.get()).byId.get(gameId);
    if (!game) throw notFound('game_not_found', 'Game not found');
    return game;
  }

  async balance(ctx: PlayContext): Promise<number> {
    if (ctx.mode === 'demo') {
      const [row] = await rows<{ balance: string }>(this.deps.db, sql`SELECT balance::text FROM demo_sessions WHERE token_hash = ${ctx.demoSession}`);
      return Number(row?.balance ?? 0);
    }
    const { response } = await this.deps.wallet.call('balance', { session_token: ctx.token, user_id: String(ctx.userId), currency: ctx.currency });
    return response.balance ?? 0;
  }

  // ------------------------------------------------------------------ rounds

  present(row: RoundRow, model: AnyModel): RoundView {
    const finished = row.status !== 'open';
    return {
      id: Number(row.id),
      status: finished ? 'finished' : 'open',
      stake_cents: Number(row.stake),
      win_cents: Number(row.win),
      view: model.view(row.state, finished),
      shared_round_id: row.shared_round_id === null ? null : Number(row.shared_round_id),
      created_at: iso(row.created_at)!,
      finished_at: iso(row.finished_at),
    };
  }

  private ownerClause(ctx: PlayContext) {
    return ctx.mode === 'real' ? sql`user_id = ${ctx.userId} AND mode = 'real'` : sql`demo_session = ${ctx.demoSession}`;
  }

  async openRound(ctx: PlayContext, game: CachedGame): Promise<RoundRow | null> {
    const [row] = await rows<RoundRow>(
      this.deps.db,
      sql`SELECT * FROM game_rounds WHERE ${this.ownerClause(ctx)} AND game_id = ${game.id} AND status = 'open' AND shared_round_id IS NULL
          ORDER BY id DESC LIMIT 1`,
    );
    return row ?? null;
  }

  async round(ctx: PlayContext, roundId: number): Promise<RoundRow> {
    const [row] = await rows<RoundRow>(this.deps.db, sql`SELECT * FROM game_rounds WHERE id = ${roundId} AND ${this.ownerClause(ctx)}`);
    if (!row) throw notFound('round_not_found', 'Round not found');
    return row;
  }

  /** Takes a stake: through the wallet protocol (real) or from the FUN balance (demo). */
  async takeStake(ctx: PlayContext, game: CachedGame, roundId: number, betNo: number, amount: bigint): Promise<void> {
    if (amount <= 0n) return;
    if (ctx.mode === 'demo') {
      const taken = await rows<{ balance: string }>(
        this.deps.db,
        sql`UPDATE demo_sessions SET balance = balance - ${amount.toString()}::bigint WHERE token_hash = ${ctx.demoSession} AND balance >= ${amount.toString()}::bigint RETURNING balance::text`,
      );
      if (taken.length === 0) throw new AppError(422, 'insufficient_funds', 'Not enough FUN money: relaunch the demo to refill', undefined, { balance_cents: await this.balance(ctx) });
      return;
    }
    const { httpStatus, response } = await this.deps.wallet.call('bet', {
      session_token: ctx.token,
      user_id: String(ctx.userId),
      currency: ctx.currency,
      game: game.identifier,
      round_id: `r${roundId}`,
      transaction_id: `r${roundId}-bet-${betNo}`,
      amount: Number(amount),
    });
    if (httpStatus === 200 && response.status === 'OK') return;
    throw walletRefusal(response);
  }

  /** Pays a round's win and closes it on the wallet side (a zero win closes it too). */
  async payWin(ctx: PlayContext, game: CachedGame, roundId: number, win: bigint): Promise<number> {
    if (ctx.mode === 'demo') {
      const [row] = await rows<{ balance: string }>(
        this.deps.db,
        sql`UPDATE demo_sessions SET balance = balance + ${win.toString()}::bigint WHERE token_hash = ${ctx.demoSession} RETURNING balance::text`,
      );
      return Number(row?.balance ?? 0);
    }
    // Wins are retried: the wallet is idempotent on the transaction id, so a retry can never pay twice.
    let last: unknown;
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const { response } = await this.deps.wallet.call('win', {
          user_id: String(ctx.userId),
          currency: ctx.currency,
          game: game.identifier,
          round_id: `r${roundId}`,
          transaction_id: `r${roundId}-win`,
          amount: Number(win),
          round_closed: true,
        });
        if (response.status === 'OK') return response.balance ?? 0;
        throw new Error(`wallet refused win of round ${roundId}: ${response.status} ${response.message ?? ''}`);
      } catch (error) {
        last = error;
      }
    }
    throw last;
  }

  async placeBet(ctx: PlayContext, input: unknown) {
    const { db } = this.deps;
    if (ctx.expired) throw unauthorized('session_expired', 'Game session expired; launch the game again');
    const game = await this.game(ctx.gameId);
    if (isSharedEngine(game.engine)) throw conflict('shared_round_game', 'Bets of this game go to its shared round');
    const model = requireModel(game);
    const open = await this.openRound(ctx, game);
    if (open) throw new AppError(409, 'round_open', 'Finish the open round first', undefined, { round: this.present(open, model) });
    const limits = betLimits(ctx.currency);
    let bet: unknown;
    try {
      bet = model.parseBet(input, { min: limits.min_cents, max: limits.max_cents });
    } catch (error) {
      throw inputError(error);
    }
    // The outcome is decided and stored before any money moves or anything is shown (G4).
    const row = await db.transaction(async (tx) => {
      const seed = await this.seeds.allocate(tx, ctx.owner);
      const rng = roundRng(seed.serverSeed, seed.clientSeed, seed.nonce, 0);
      const step = model.open(bet, rng);
      const [inserted] = await rows<RoundRow>(
        tx,
        sql`INSERT INTO game_rounds (mode, user_id, demo_session, game_id, model, currency, seed_id, nonce, bet, state, rng_position, status, stake, bet_count, created_at)
            VALUES (${ctx.mode}, ${ctx.userId}, ${ctx.demoSession}, ${game.id}, ${model.id}, ${ctx.currency}, ${seed.seedId}, ${seed.nonce},
                    ${JSON.stringify(bet)}::jsonb, ${JSON.stringify(step.state)}::jsonb, ${rng.position}, 'open', ${String(step.stake)}::bigint, 1, ${this.deps.clock.now()})
            RETURNING *`,
      );
      return { row: inserted!, step };
    });
    const roundId = Number(row.row.id);
    try {
      await this.takeStake(ctx, game, roundId, 1, BigInt(row.step.stake));
    } catch (error) {
      await db.execute(sql`UPDATE game_rounds SET status = 'void', finished_at = ${this.deps.clock.now()} WHERE id = ${roundId} AND status = 'open'`);
      throw error;
    }
    return this.afterStep(ctx, game, model, row.row, row.step);
  }

  async act(ctx: PlayContext, roundId: number, action: unknown) {
    const game = await this.game(ctx.gameId);
    const model = requireModel(game);
    const row = await this.round(ctx, roundId);
    if (row.status !== 'open' || row.shared_round_id !== null) throw conflict('round_finished', 'This round is over');
    if (!model.act) throw conflict('round_finished', 'This game has no actions');
    const seed = await this.seedOf(row);
    const rng = roundRng(seed.serverSeed, seed.clientSeed, row.nonce!, row.rng_position);
    let step;
    try {
      step = model.act(row.state, action, rng);
    } catch (error) {
      throw inputError(error);
    }
    const extra = BigInt(step.stake) - BigInt(row.stake);
    let betCount = row.bet_count;
    if (extra > 0n) {
      if (ctx.expired) throw unauthorized('session_expired', 'Game session expired; launch the game again');
      betCount += 1;
      // Same transaction id for racing duplicates: the wallet takes the extra stake once.
      await this.takeStake(ctx, game, roundId, betCount, extra);
    }
    const updated = await rows<RoundRow>(
      this.deps.db,
      sql`UPDATE game_rounds SET state = ${JSON.stringify(step.state)}::jsonb, rng_position = ${rng.position}, stake = ${String(step.stake)}::bigint,
            bet_count = ${betCount}, actions = actions || ${JSON.stringify([action])}::jsonb
          WHERE id = ${roundId} AND status = 'open' AND rng_position = ${row.rng_position} AND bet_count = ${row.bet_count}
          RETURNING *`,
    );
    if (updated.length === 0) throw conflict('round_changed', 'The round changed meanwhile; reload it');
    return this.afterStep(ctx, game, model, updated[0]!, step);
  }

  async afterStep(ctx: PlayContext, game: CachedGame, model: AnyModel, row: RoundRow, step: { finished: boolean; win: number; stake: number }) {
    let final = row;
    let balance: number;
    if (step.finished) {
      const win = BigInt(step.win);
      balance = await this.payWin(ctx, game, Number(row.id), win);
      const now = this.deps.clock.now();
      const [done] = await rows<RoundRow>(
        this.deps.db,
        sql`UPDATE game_rounds SET status = 'finished', win = ${win.toString()}::bigint, balance_after = ${String(balance)}::bigint, finished_at = ${now}
            WHERE id = ${row.id} AND status = 'open' RETURNING *`,
      );
      if (done) final = done;
      if (done && ctx.mode === 'real' && ctx.userId !== null) {
        this.deps.onRoundFinished?.({ userId: ctx.userId, game, currency: ctx.currency, stake: BigInt(step.stake), win, finishedAt: now });
      }
    } else {
      balance = await this.balance(ctx);
    }
    return { round: this.present(final, model), balance_cents: balance, fairness: await this.seeds.view(this.deps.db, ctx.owner) };
  }

  /**
   * Settles rounds left open longer than `abandonMinutes` (RELIABILITY G8), oldest first: the
   * model's `abandon` decides the amount (the win already decided, else the better of the win so
   * far and the stake; a refund for models without it). A win the wallet already holds for the
   * round (the process stopped between paying and marking it) stands as paid. Real money goes
   * through the wallet's idempotent `win` (accepted after the session expired, W10), so a second
   * sweeper or a retry cannot pay twice; demo credits and the round update share one transaction
   * guarded on `status = 'open'`. Returns how many rounds it settled.
   */
  async settleAbandoned(limit = 100): Promise<number> {
    const cutoff = new Date(this.deps.clock.now().getTime() - this.deps.abandonMinutes * 60_000);
    const stale = await rows<RoundRow>(
      this.deps.db,
      sql`SELECT * FROM game_rounds WHERE status = 'open' AND shared_round_id IS NULL AND created_at < ${cutoff} ORDER BY id LIMIT ${limit}`,
    );
    let settled = 0;
    for (const row of stale) {
      try {
        if (await this.settleOne(row)) settled++;
      } catch (error) {
        this.deps.onError?.(`games host: abandoned round ${row.id} not settled`, error);
      }
    }
    return settled;
  }

  private async settleOne(row: RoundRow): Promise<boolean> {
    const { db } = this.deps;
    const game = await this.game(row.game_id);
    const model = modelFor(game);
    if (!model) return false;
    const id = Number(row.id);
    const staked = Number(row.stake);
    const now = this.deps.clock.now();
    const marker = JSON.stringify([{ type: 'abandoned', at: now.toISOString() }]);
    if (row.mode === 'demo') {
      const win = BigInt(model.abandon ? model.abandon(row.state, staked) : staked);
      return db.transaction(async (tx) => {
        const [balance] = await rows<{ balance: string }>(
          tx,
          sql`UPDATE demo_sessions SET balance = balance + ${win.toString()}::bigint WHERE token_hash = ${row.demo_session} RETURNING balance::text`,
        );
        const done = await rows<{ id: number }>(
          tx,
          sql`UPDATE game_rounds SET status = 'finished', win = ${win.toString()}::bigint, balance_after = ${balance?.balance ?? null}::bigint,
                finished_at = ${now}, actions = actions || ${marker}::jsonb
              WHERE id = ${id} AND status = 'open' RETURNING id`,
        );
        // Another sweeper got there first: undo this credit with the transaction.
        if (done.length === 0) throw new AbandonRace();
        return true;
      }).catch((error: unknown) => {
        if (error instanceof AbandonRace) return false;
        throw error;
      });
    }
    // No stake ever reached the wallet (or it was rolled back): nothing to settle, the round is void.
    const stakeTaken = await rows<{ one: number }>(
      db,
      sql`SELECT 1 AS one FROM wallet_requests WHERE provider = ${this.deps.provider} AND round_id = ${`r${id}`} AND action = 'bet' AND status = 'ok' LIMIT 1`,
    );
    if (stakeTaken.length === 0) {
      await db.execute(sql`UPDATE game_rounds SET status = 'void', finished_at = ${now} WHERE id = ${id} AND status = 'open'`);
      return false;
    }
    const [paid] = await rows<{ amount: string }>(
      db,
      sql`SELECT amount::text FROM wallet_requests WHERE provider = ${this.deps.provider} AND tx_id = ${`r${id}-win`} AND action = 'win'
            AND status IN ('ok', 'closed')`,
    );
    const win = paid ? BigInt(paid.amount) : BigInt(model.abandon ? model.abandon(row.state, staked) : staked);
    const ctx: PlayContext = { mode: 'real', token: '', userId: row.user_id, demoSession: null, currency: row.currency, gameId: row.game_id, owner: '', expired: true };
    const balance = await this.payWin(ctx, game, id, win);
    const done = await rows<{ id: number }>(
      db,
      sql`UPDATE game_rounds SET status = 'finished', win = ${win.toString()}::bigint, balance_after = ${String(balance)}::bigint,
            finished_at = ${now}, actions = actions || ${marker}::jsonb
          WHERE id = ${id} AND status = 'open' RETURNING id`,
    );
    if (done.length === 0) return false;
    if (row.user_id !== null) this.deps.onRoundFinished?.({ userId: row.user_id, game, currency: row.currency, stake: BigInt(staked), win, finishedAt: now });
    return true;
  }

  async seedOf(row: RoundRow): Promise<{ serverSeed: string; clientSeed: string }> {
    const [seed] = await rows<{ server_seed: string; client_seed: string }>(this.deps.db, sql`SELECT server_seed, client_seed FROM fairness_seeds WHERE id = ${row.seed_id}`);
    if (!seed) throw new Error(`seed of round ${row.id} missing`);
    return { serverSeed: seed.server_seed, clientSeed: seed.client_seed };
  }
}

/** Maps a wallet refusal to the games-host API error the client shows. */
export function walletRefusal(response: WalletResponse): AppError {
  switch (response.status) {
    case 'NOT_ENOUGH_MONEY':
      return new AppError(422, 'insufficient_funds', 'Not enough money for this bet', undefined, { balance_cents: response.balance ?? 0 });
    case 'GAMBLING_BLOCKED':
      return forbidden('gambling_blocked', response.message ?? 'Betting is blocked by your responsible-gambling settings');
    case 'USER_DISABLED':
      return forbidden('player_disabled', 'Your account is disabled');
    case 'SESSION_EXPIRED':
      return unauthorized('session_expired', 'Game session expired; launch the game again');
    case 'WRONG_CURRENCY':
      return forbidden('currency_unavailable', response.message ?? 'Wrong currency');
    default:
      return new AppError(502, 'wallet_refused', `The wallet refused the bet (${response.status})`);
  }
}

class AbandonRace extends Error {}
