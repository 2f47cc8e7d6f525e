import type { RoundStep } from '@croupier/games/model';
import type { Db } from '../../db/client.ts';
import type { Executor } from '../../db/sql.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RandomSource } from '../../lib/random.ts';
import { AppError, conflict, forbidden, notFound, unauthorized } from '../../lib/errors.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import type { CachedGame, CatalogueCache } from '../games/index.ts';
import type { BetRefusal } from '../wallet/index.ts';
import { createGameSession, discardGameSession, findGameSession } from '../wallet/index.ts';
import type { WalletResponse } from '@croupier/shared/api/wallet';
import { betLimits, subunitsToUnit } from './bet-limits.ts';
import { FairnessSeeds } from './fairness.ts';
import {
  abandonedRounds,
  applyStep,
  claimForSettlement,
  claimRound,
  creditDemo,
  debitDemo,
  demoBalance,
  findDemoSession,
  finishClaimedRound,
  finishDemoRound,
  insertDemoSession,
  insertFreeSpinRound,
  insertRound,
  lockOpenRound,
  markUnpaid,
  openRoundOf,
  ownedRound,
  releasedRound,
  releaseRound,
  restoreClaim,
  roundById,
  settleDemoRound,
  settleRealRound,
  unpaidRoundsOf,
  voidClaimedRound,
  voidRoundOfRefusedWin,
  type RoundRow,
  type TakeOver,
} from './games-host.repository.ts';
import { roundSeeds } from './seeds.repository.ts';
import { inputError, modelFor, requireModel, roundRng, type AnyModel } from './models.ts';
import type { WalletClient } from './wallet-client.ts';
import type { FreespinsService } from '../bonuses/index.ts';
import type { WalletRound } from '@croupier/shared/api/wallet';

export const DEMO_START_BALANCE = 100_000n;

/** The sum of the bets the wallet holds in a round; null when it took none. */
function heldStake(round: WalletRound): bigint | null {
  return round.bets.length === 0 ? null : round.bets.reduce((sum, bet) => sum + BigInt(bet.amount), 0n);
}
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

export type { RoundRow };

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
  /** Server seeds of rounds and shared rounds. */
  random: RandomSource;
  catalogue: CatalogueCache;
  wallet: WalletClient;
  provider: string;
  sessionMinutes: number;
  /** Minutes after which a round left open is settled in the player's favour (G8). */
  abandonMinutes: number;
  /** The wallet's bet checks asked at launch, so a player the first bet would refuse is told at once. */
  betRefusal: (
    db: Executor,
    check: { userId: number; currency: string; game: string; now: Date },
  ) => Promise<BetRefusal | null>;
  /** After a real-money round settled (wins feed, jackpots). */
  onRoundFinished?: (round: FinishedRound) => void;
  /** Free-spin packs (the bonuses module), for spins paid by the casino. */
  freespins?: Pick<FreespinsService, 'takeSpinIn' | 'settleSpinIn' | 'announce'>;
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
  readonly seeds: FairnessSeeds;

  constructor(readonly deps: GamesHostDeps) {
    this.seeds = new FairnessSeeds(deps.random);
  }

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
      await insertDemoSession(db, {
        tokenHash: sha256(token),
        gameId: game.id,
        balance: DEMO_START_BALANCE,
        now,
        expiresAt: new Date(now.getTime() + DEMO_SESSION_HOURS * 3_600_000),
      });
    } else {
      const user = input.user;
      if (!user) throw unauthorized('login_required', 'Sign in to play for real money');
      if (user.disabledAt) throw forbidden('player_disabled', 'Your account is disabled');
      token = (
        await createGameSession(db, {
          userId: user.id,
          currency,
          gameId: game.id,
          provider: this.deps.provider,
          now,
          minutes: this.deps.sessionMinutes,
        })
      ).token;
      // The host learns whether the player has a wallet in this currency as any provider would: by
      // asking the wallet for the new session's balance. A refused launch changes nothing: its
      // session, never handed out, goes again.
      try {
        await this.requireWallet(token, user.id, currency);
        const block = await this.deps.betRefusal(db, { userId: user.id, currency, game: game.identifier, now });
        if (block) throw new AppError(403, 'gambling_blocked', block.message, undefined, { reason: block.code });
      } catch (error) {
        await discardGameSession(db, token);
        throw error;
      }
    }
    const ctx = await this.context(token);
    return this.sessionView(ctx);
  }

  /** Throws 403 `currency_unavailable` when the wallet has no account of the player in `currency`. */
  private async requireWallet(token: string, userId: number, currency: string): Promise<void> {
    const { httpStatus, response } = await this.deps.wallet.call('balance', {
      session_token: token,
      user_id: String(userId),
      currency,
    });
    if (httpStatus === 200 && response.status === 'OK') return;
    if (httpStatus === 200 && response.status === 'WRONG_CURRENCY')
      throw forbidden('currency_unavailable', `You have no ${currency} account`);
    if (httpStatus === 200) throw walletRefusal(response);
    throw new AppError(502, 'wallet_unavailable', 'The wallet did not answer; try again in a moment');
  }

  /** Resolves a session token; throws 401 when unknown. Expired sessions resolve (wins still settle). */
  async context(token: string | undefined): Promise<PlayContext> {
    if (!token) throw unauthorized('session_expired', 'Game session missing; launch the game again');
    const now = this.deps.clock.now();
    const real = await findGameSession(this.deps.db, token);
    if (real && real.provider === this.deps.provider) {
      return {
        mode: 'real',
        token,
        userId: real.userId,
        demoSession: null,
        currency: real.currency,
        gameId: real.gameId,
        owner: `user:${real.userId}`,
        expired: real.expiresAt <= now,
      };
    }
    const hash = sha256(token);
    const demo = await findDemoSession(this.deps.db, hash);
    if (!demo) throw unauthorized('session_expired', 'Game session unknown; launch the game again');
    return {
      mode: 'demo',
      token,
      userId: null,
      demoSession: hash,
      currency: 'FUN',
      gameId: Number(demo.game_id),
      owner: `demo:${hash.slice(0, 32)}`,
      expired: new Date(demo.expires_at) <= now,
    };
  }

  async sessionView(ctx: PlayContext) {
    await this.payUnpaid(ctx);
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
    if (ctx.mode === 'demo') return demoBalance(this.deps.db, ctx.demoSession);
    // The wallet checks the session on a balance read: an expired one is SESSION_EXPIRED (401, the
    // client relaunches), never a balance of 0. Call this only where nothing has committed yet; an
    // action that did uses the balance its own wallet call answered.
    const { httpStatus, response } = await this.deps.wallet.call('balance', {
      session_token: ctx.token,
      user_id: String(ctx.userId),
      currency: ctx.currency,
    });
    if (httpStatus === 200 && response.status === 'OK') return response.balance ?? 0;
    if (httpStatus === 200) throw walletRefusal(response);
    throw new AppError(502, 'wallet_unavailable', 'The wallet did not answer; try again in a moment');
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

  async openRound(ctx: PlayContext, game: CachedGame): Promise<RoundRow | null> {
    return (await openRoundOf(this.deps.db, ctx, game.id)) ?? null;
  }

  async round(ctx: PlayContext, roundId: number): Promise<RoundRow> {
    const row = await ownedRound(this.deps.db, ctx, roundId);
    if (!row) throw notFound('round_not_found', 'Round not found');
    return row;
  }

  /**
   * Takes a stake: through the wallet protocol (real) or from the FUN balance (demo). A definite
   * refusal throws the API error; an answer that does not say whether the money was taken (no
   * answer, 5xx, a reused id) throws StakeUncertain.
   */
  async takeStake(
    ctx: PlayContext,
    game: CachedGame,
    roundId: number,
    betNo: number,
    amount: bigint,
    db: Executor = this.deps.db,
  ): Promise<number | null> {
    if (amount <= 0n) return null;
    if (ctx.mode === 'demo') {
      const taken = await debitDemo(db, ctx.demoSession, amount);
      if (taken === null) {
        throw new AppError(422, 'insufficient_funds', 'Not enough FUN money: relaunch the demo to refill', undefined, {
          balance_cents: await demoBalance(db, ctx.demoSession),
        });
      }
      return taken;
    }
    let reply: { httpStatus: number; response: WalletResponse };
    try {
      reply = await this.deps.wallet.call('bet', {
        session_token: ctx.token,
        user_id: String(ctx.userId),
        currency: ctx.currency,
        game: game.identifier,
        round_id: `r${roundId}`,
        transaction_id: `r${roundId}-bet-${betNo}`,
        amount: Number(amount),
      });
    } catch (error) {
      throw new StakeUncertain(error);
    }
    if (reply.httpStatus === 200 && reply.response.status === 'OK') return reply.response.balance ?? null;
    // 200 is the wallet's definite business answer (nothing taken); anything else leaves it open.
    if (reply.httpStatus === 200) throw walletRefusal(reply.response);
    throw new StakeUncertain(new Error(`wallet answered ${reply.httpStatus} ${reply.response.status}`));
  }

  /**
   * Takes a stake for a round this action holds. If it fails, the wallet must keep nothing of it:
   * a refusal took nothing, and a bet of unknown fate is rolled back (a late arrival is then
   * refused, W9) before `undo` lets the round go. If even the rollback gets no answer, the round
   * stays claimed for the abandoned-round sweeper, which settles whatever the wallet holds.
   */
  async stakeOrUndo(
    ctx: PlayContext,
    game: CachedGame,
    roundId: number,
    betNo: number,
    amount: bigint,
    undo: () => Promise<unknown>,
  ): Promise<number | null> {
    try {
      return await this.takeStake(ctx, game, roundId, betNo, amount);
    } catch (error) {
      if (error instanceof StakeUncertain && !(await this.cancelBet(ctx, game, roundId, betNo))) {
        this.deps.onError?.(
          `games host: bet ${betNo} of round ${roundId} has an unknown fate; left to the sweeper`,
          error.cause,
        );
        throw error;
      }
      await undo();
      throw error;
    }
  }

  /** Rolls back a bet whose fate is unknown; true once the wallet holds nothing of it. */
  private async cancelBet(ctx: PlayContext, game: CachedGame, roundId: number, betNo: number): Promise<boolean> {
    try {
      const { httpStatus, response } = await this.deps.wallet.call('rollback', {
        user_id: String(ctx.userId),
        currency: ctx.currency,
        game: game.identifier,
        round_id: `r${roundId}`,
        transaction_id: `r${roundId}-rollback-${betNo}`,
        reference_transaction_id: `r${roundId}-bet-${betNo}`,
      });
      // BET_NOT_FOUND: never arrived (now refused if it does) or was refused; OK: refunded.
      return httpStatus === 200 && (response.status === 'OK' || response.status === 'BET_NOT_FOUND');
    } catch (error) {
      this.deps.onError?.(`games host: rollback of bet ${betNo} of round ${roundId} failed`, error);
      return false;
    }
  }

  /**
   * Pays a round's win and closes it on the wallet side (a zero win closes it too). A demo round is
   * closed here as well, in the credit's transaction: the FUN credit is then once per round, as the
   * wallet's `win` is, however many settlements of the round (a cash-out, the bust) get here.
   */
  async payWin(ctx: PlayContext, game: CachedGame, roundId: number, win: bigint): Promise<number> {
    if (ctx.mode === 'demo') {
      return this.deps.db.transaction(async (tx) => {
        // The lock makes a concurrent settlement wait, then find the round closed and credit nothing.
        if (!(await lockOpenRound(tx, roundId))) return demoBalance(tx, ctx.demoSession);
        const balance = await creditDemo(tx, ctx.demoSession, win);
        await finishDemoRound(tx, roundId, { win, balanceAfter: balance, finishedAt: this.deps.clock.now() });
        return Number(balance ?? 0);
      });
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
        if (response.status === 'BALANCE_LIMIT') throw new WinRefused(roundId);
        throw new Error(`wallet refused win of round ${roundId}: ${response.status} ${response.message ?? ''}`);
      } catch (error) {
        // The wallet recorded its refusal under the win's id: asking again gets the same answer.
        if (error instanceof WinRefused) throw error;
        last = error;
      }
    }
    throw last;
  }

  /**
   * The round as the wallet holds it (the protocol's `round` call): what it took and paid decides
   * a settlement after a crash, not this host's rows, which a cut action may have left behind.
   */
  async walletRound(roundId: number, userId: number): Promise<WalletRound> {
    const { httpStatus, response } = await this.deps.wallet.call('round', {
      user_id: String(userId),
      round_id: `r${roundId}`,
    });
    if (httpStatus !== 200 || response.status !== 'OK' || !response.round)
      throw new Error(`wallet round ${roundId}: ${httpStatus} ${response.status} ${response.message ?? ''}`);
    return response.round;
  }

  /** What the wallet took in a real round: the sum of its accepted bets (null: none). */
  async walletStaked(roundId: number, userId: number): Promise<bigint | null> {
    return heldStake(await this.walletRound(roundId, userId));
  }

  /**
   * Voids a real round whose win the wallet refused for good (BALANCE_LIMIT): every stake the
   * wallet took in it goes back through `rollback`, which the protocol allows while the round has
   * no win, and the round is void. False when a rollback got no definite answer: the round is left
   * as it is, and the next attempt (the player's next visit, the sweeper) asks again.
   */
  async voidRefusedRound(ctx: PlayContext, game: CachedGame, roundId: number, claim: string | null): Promise<boolean> {
    const { bets } = await this.walletRound(roundId, ctx.userId!);
    for (const { transaction_id: txId } of bets) {
      const betNo = /-bet-(\d+)$/.exec(txId)?.[1];
      if (betNo === undefined || !(await this.cancelBet(ctx, game, roundId, Number(betNo)))) return false;
    }
    const marker = JSON.stringify([{ type: 'win_refused', at: this.deps.clock.now().toISOString() }]);
    await voidRoundOfRefusedWin(this.deps.db, roundId, claim, { finishedAt: this.deps.clock.now(), marker });
    return true;
  }

  /**
   * Pays the player's decided rounds whose win the wallet did not confirm (`unpaid:` claims), so
   * the player's next visit settles them instead of the sweeper's, abandonMinutes later. A failure
   * leaves them to the next visit or the sweeper and is only logged: the visit goes on.
   */
  async payUnpaid(ctx: PlayContext): Promise<void> {
    if (ctx.mode !== 'real') return;
    const due = await unpaidRoundsOf(this.deps.db, ctx);
    for (const row of due) {
      try {
        await this.settleOne(row, 'unpaid', 'paid_late');
      } catch (error) {
        this.deps.onError?.(`games host: unpaid round ${row.id} still not paid`, error);
      }
    }
  }

  /**
   * Claims an open round of this player for one action (decision 013). The claim is committed
   * before any money moves, so of two concurrent actions (a double click, two tabs) one goes ahead
   * and the other is refused with 409 having changed nothing.
   */
  private async claim(ctx: PlayContext, roundId: number): Promise<{ row: RoundRow; token: string }> {
    const token = randomToken(16);
    const row = await claimRound(this.deps.db, ctx, roundId, token, this.deps.clock.now());
    if (row) return { row, token };
    const current = await this.round(ctx, roundId);
    if (current.status !== 'open' || current.shared_round_id !== null)
      throw conflict('round_finished', 'This round is over');
    throw conflict('round_changed', 'Another action on this round came first; reload it');
  }

  /** Lets a round go without changing it; `betCount` skips a bet id the wallet has already seen. */
  private async release(roundId: number, token: string, betCount?: number) {
    await releaseRound(this.deps.db, roundId, token, betCount);
  }

  async placeBet(ctx: PlayContext, input: unknown) {
    const { db } = this.deps;
    if (ctx.expired) throw unauthorized('session_expired', 'Game session expired; launch the game again');
    const game = await this.game(ctx.gameId);
    if (isSharedEngine(game.engine)) throw conflict('shared_round_game', 'Bets of this game go to its shared round');
    await this.payUnpaid(ctx);
    const model = requireModel(game);
    const open = await this.openRound(ctx, game);
    if (open)
      throw new AppError(409, 'round_open', 'Finish the open round first', undefined, {
        round: this.present(open, model),
      });
    const limits = betLimits(ctx.currency);
    let bet: unknown;
    try {
      bet = model.parseBet(input, { min: limits.min_cents, max: limits.max_cents });
    } catch (error) {
      throw inputError(error);
    }
    const token = randomToken(16);
    // The outcome is decided and stored before any money moves or anything is shown (G4). The new
    // round is born claimed, so no action can reach it before its stake is taken.
    const open_ = async (tx: Executor) => {
      const seed = await this.seeds.allocate(tx, ctx.owner);
      const rng = roundRng(seed.serverSeed, seed.clientSeed, seed.nonce, 0);
      const step = model.open(bet, rng);
      const inserted = await insertRound(tx, {
        owner: ctx,
        gameId: game.id,
        model: model.id,
        currency: ctx.currency,
        seedId: seed.seedId,
        nonce: seed.nonce,
        bet,
        state: step.state,
        rngPosition: rng.position,
        stake: step.stake,
        now: this.deps.clock.now(),
        claim: token,
      });
      // Two deals at once (a double click, two tabs) passed the check above together: the one-open-
      // round indexes (migration 0014) let one in, and the other gets the same 409, its nonce unused.
      if (!inserted) throw conflict('round_open', 'Finish the open round first');
      return { row: inserted, step };
    };
    if (ctx.mode === 'demo') {
      // FUN money lives in this database: the round, its stake and its win move together or not at all.
      const done = await db.transaction(async (tx) => {
        const { row, step } = await open_(tx);
        await this.takeStake(ctx, game, Number(row.id), 1, BigInt(step.stake), tx);
        return this.demoSettle(tx, ctx, row, token, step);
      });
      return this.answer(ctx, model, done.row, done.balance);
    }
    const { row, step } = await db.transaction(open_);
    const roundId = Number(row.id);
    const staked = await this.stakeOrUndo(ctx, game, roundId, 1, BigInt(step.stake), () =>
      voidClaimedRound(db, roundId, token, this.deps.clock.now()),
    );
    if (step.finished) return this.payAndClose(ctx, game, model, row, token, step);
    await this.release(roundId, token);
    return this.answer(ctx, model, { ...row, claim: null }, staked ?? (await this.balance(ctx)));
  }

  /**
   * Plays one spin of a free-spin pack (docs/bonuses.md#free-spin-packs-codes): the pack's stake, paid
   * by the casino, on a slot the pack covers. As a demo round does, everything happens in one
   * transaction: the spin taken from the pack (a guarded counter, so a pack never plays more spins
   * than it holds), the outcome decided from the player's seed pair like any round, the round stored
   * settled, its win added to the pack and, after the last spin, the pack's winnings issued as a
   * bonus. No wallet call: the player's money does not move until that bonus is granted.
   */
  async playFreeSpin(ctx: PlayContext, packId: number) {
    const { db, clock } = this.deps;
    const freespins = this.deps.freespins;
    if (!freespins) throw notFound('freespins_not_found', 'Free spins not found');
    if (ctx.mode !== 'real' || ctx.userId === null)
      throw forbidden('freespins_real_only', 'Free spins are played from a real-money game');
    if (ctx.expired) throw unauthorized('session_expired', 'Game session expired; launch the game again');
    const userId = ctx.userId;
    const game = await this.game(ctx.gameId);
    if (!game.engine.startsWith('slot-'))
      throw new AppError(422, 'freespins_wrong_game', 'These free spins are for other games');
    const model = requireModel(game);
    const now = clock.now();
    // The same checks as a stake: no spin during a break or past a session limit.
    const block = await this.deps.betRefusal(db, { userId, currency: ctx.currency, game: game.identifier, now });
    if (block) throw new AppError(403, 'gambling_blocked', block.message, undefined, { reason: block.code });
    const done = await db.transaction(async (tx) => {
      const pack = await freespins.takeSpinIn(tx, {
        packId,
        userId,
        currency: ctx.currency,
        game: game.identifier,
        now,
      });
      let bet: unknown;
      try {
        bet = model.parseBet({ amount: Number(pack.betLevel) }, { min: 1, max: Number.MAX_SAFE_INTEGER });
      } catch (error) {
        throw inputError(error);
      }
      const seed = await this.seeds.allocate(tx, ctx.owner);
      const rng = roundRng(seed.serverSeed, seed.clientSeed, seed.nonce, 0);
      const step = model.open(bet, rng);
      if (!step.finished) throw new Error(`a free spin of ${game.identifier} did not settle in one step`);
      const row = await insertFreeSpinRound(tx, {
        userId,
        gameId: game.id,
        model: model.id,
        currency: ctx.currency,
        seedId: seed.seedId,
        nonce: seed.nonce,
        bet,
        state: step.state,
        rngPosition: rng.position,
        win: BigInt(step.win),
        packId: pack.id,
        now,
      });
      const outcome = await freespins.settleSpinIn(tx, pack.id, BigInt(step.win), now);
      return { row, outcome };
    });
    freespins.announce(done.outcome);
    const { pack } = done.outcome;
    return {
      ...(await this.answer(ctx, model, done.row, await this.balance(ctx))),
      freespins: {
        id: pack.id,
        freespins_total: pack.spinsTotal,
        freespins_performed: pack.spinsPerformed,
        win_cents: Number(pack.win),
        stage: pack.stage,
        winnings_bonus_id: pack.winningsBonusId,
      },
    };
  }

  async act(ctx: PlayContext, roundId: number, action: unknown) {
    await this.payUnpaid(ctx);
    const game = await this.game(ctx.gameId);
    const model = requireModel(game);
    if (!model.act) {
      await this.round(ctx, roundId);
      throw conflict('round_finished', 'This game has no actions');
    }
    const { row, token } = await this.claim(ctx, roundId);
    let step: RoundStep<unknown>;
    let rngPosition: number;
    try {
      const seed = await this.seedOf(row);
      const rng = roundRng(seed.serverSeed, seed.clientSeed, row.nonce!, row.rng_position);
      try {
        step = model.act(row.state, action, rng);
      } catch (error) {
        throw inputError(error);
      }
      rngPosition = rng.position;
      // On an expired session only a step that settles the round goes ahead (its win is paid, W10):
      // a new stake needs a live session, and a step that leaves the round open would have no
      // balance to show. The relaunched game finds the round where it was.
      if (ctx.expired && (BigInt(step.stake) > BigInt(row.stake) || !step.finished))
        throw unauthorized('session_expired', 'Game session expired; launch the game again');
    } catch (error) {
      await this.release(roundId, token);
      throw error;
    }
    const extra = BigInt(step.stake) - BigInt(row.stake);
    const betCount = extra > 0n ? row.bet_count + 1 : row.bet_count;
    // The new state is stored only once its extra stake is taken, so a refused double shows nothing;
    // a finishing step keeps the claim until its win is paid.
    const apply = (db: Executor) =>
      applyStep(db, roundId, token, {
        state: step.state,
        rngPosition,
        stake: step.stake,
        betCount,
        action,
        finished: step.finished,
      });
    if (ctx.mode === 'demo') {
      try {
        const done = await this.deps.db.transaction(async (tx) => {
          await this.takeStake(ctx, game, roundId, betCount, extra, tx);
          const applied = await apply(tx);
          if (!applied) throw conflict('round_changed', 'The round changed meanwhile; reload it');
          return this.demoSettle(tx, ctx, applied, token, step);
        });
        return await this.answer(ctx, model, done.row, done.balance);
      } catch (error) {
        await this.release(roundId, token);
        throw error;
      }
    }
    const staked =
      extra > 0n
        ? await this.stakeOrUndo(ctx, game, roundId, betCount, extra, () => this.release(roundId, token, betCount))
        : null;
    const applied = await apply(this.deps.db);
    // Only a sweeper that found the claim stale (abandonMinutes old) can have taken the round over.
    if (!applied) throw conflict('round_changed', 'The round changed meanwhile; reload it');
    if (step.finished) return this.payAndClose(ctx, game, model, applied, token, step);
    return this.answer(ctx, model, applied, staked ?? (await this.balance(ctx)));
  }

  private async answer(ctx: PlayContext, model: AnyModel, row: RoundRow, balance: number) {
    return {
      round: this.present(row, model),
      balance_cents: balance,
      fairness: await this.seeds.view(this.deps.db, ctx.owner),
    };
  }

  /**
   * Pays a finished real round's win and closes it, under the action's claim. The action has
   * committed by now, so a failed payment answers a definite error carrying the round: a win the
   * wallet refuses for good (BALANCE_LIMIT) gives the stakes back and voids the round (422); a win
   * without an answer leaves the round open with its outcome stored and marked unpaid (503), for
   * the player's next visit or the sweeper to pay exactly that outcome (G8).
   */
  private async payAndClose(
    ctx: PlayContext,
    game: CachedGame,
    model: AnyModel,
    row: RoundRow,
    token: string,
    step: { win: number; stake: number },
  ) {
    const win = BigInt(step.win);
    const id = Number(row.id);
    let balance: number;
    try {
      balance = await this.payWin(ctx, game, id, win);
    } catch (error) {
      if (error instanceof WinRefused && (await this.voidRefusedRound(ctx, game, id, token))) {
        const voided = await roundById(this.deps.db, id);
        throw new WinRefused(id, this.present(voided ?? row, model));
      }
      this.deps.onError?.(
        `games host: win of round ${id} not paid; left for the player's next visit or the sweeper`,
        error,
      );
      await markUnpaid(this.deps.db, id, token);
      throw new WinUnpaid(id, this.present(row, model), error);
    }
    const now = this.deps.clock.now();
    const done = await finishClaimedRound(this.deps.db, row.id, token, { win, balanceAfter: balance, finishedAt: now });
    if (done && ctx.userId !== null) {
      this.deps.onRoundFinished?.({
        userId: ctx.userId,
        game,
        currency: ctx.currency,
        stake: BigInt(step.stake),
        win,
        finishedAt: now,
      });
    }
    return this.answer(ctx, model, done ?? row, balance);
  }

  /**
   * A demo step's end inside its transaction (nothing else may touch the database meanwhile: PGlite
   * has one connection): pays a finished round, and lets the round go.
   */
  private async demoSettle(
    tx: Executor,
    ctx: PlayContext,
    row: RoundRow,
    token: string,
    step: { finished: boolean; win: number },
  ): Promise<{ row: RoundRow; balance: number }> {
    if (!step.finished) {
      const released = await releasedRound(tx, row.id, token);
      return { row: released ?? row, balance: await demoBalance(tx, ctx.demoSession) };
    }
    const win = BigInt(step.win);
    const balance = Number((await creditDemo(tx, ctx.demoSession, win)) ?? 0);
    const done = await finishClaimedRound(tx, row.id, token, {
      win,
      balanceAfter: balance,
      finishedAt: this.deps.clock.now(),
    });
    if (!done) throw conflict('round_changed', 'The round changed meanwhile; reload it');
    return { row: done, balance };
  }

  private readonly sweeps: (() => Promise<number>)[] = [];

  /** Another settlement for the sweeper to run (the shared rounds' interrupted bets). */
  addSweep(sweep: () => Promise<number>) {
    this.sweeps.push(sweep);
  }

  /**
   * Settles rounds nobody has acted on for `abandonMinutes` (docs/reliability.md#g8-interrupted-rounds), oldest first, and
   * then runs the added sweeps. The model's `abandon` decides the amount: the outcome if it is
   * decided (a single-step game's, or a multi-step round cut between its last step and the
   * payment), else what the model deems fair for the stake the wallet holds. A win the wallet
   * already holds for the round stands as paid. The sweeper claims each round like an action does
   * (taking over only a claim as old as the cutoff), so a second sweeper or a late action changes
   * nothing, and real money goes through the wallet's idempotent `win` (accepted after the session
   * expired, W10). Returns how many rounds it settled.
   */
  async settleAbandoned(limit = 100): Promise<number> {
    const cutoff = new Date(this.deps.clock.now().getTime() - this.deps.abandonMinutes * 60_000);
    const stale = await abandonedRounds(this.deps.db, cutoff, limit);
    let settled = 0;
    for (const row of stale) {
      try {
        if (await this.settleOne(row, { staleBefore: cutoff }, 'abandoned')) settled++;
      } catch (error) {
        this.deps.onError?.(`games host: abandoned round ${row.id} not settled`, error);
      }
    }
    for (const sweep of this.sweeps) {
      try {
        settled += await sweep();
      } catch (error) {
        this.deps.onError?.('games host: sweep failed', error);
      }
    }
    return settled;
  }

  /** Settles one round as the sweeper does, if `takeOver` lets this claim it (see settleAbandoned). */
  private async settleOne(row: RoundRow, takeOver: TakeOver, how: 'abandoned' | 'paid_late'): Promise<boolean> {
    const { db } = this.deps;
    const game = await this.game(row.game_id);
    const model = modelFor(game);
    if (!model) return false;
    const id = Number(row.id);
    const now = this.deps.clock.now();
    const marker = JSON.stringify([{ type: how, at: now.toISOString() }]);
    // Compare-and-set on the claim seen: of two sweepers only one takes the round, and a claim
    // is taken over only once it is as old as the cutoff (its action is long gone). The claim is
    // dated now, so a sweeper that read the row after this one claimed it sees a fresh claim and
    // leaves it alone while this sweep runs.
    const token = randomToken(16);
    const claimed = await claimForSettlement(db, id, row.claim, token, now, takeOver);
    if (!claimed) return false;
    try {
      if (claimed.mode === 'demo') {
        const win = BigInt(model.abandon(claimed.state, Number(claimed.stake)));
        return await db.transaction(async (tx) => {
          const balance = await creditDemo(tx, claimed.demo_session, win);
          const done = await settleDemoRound(tx, id, token, { win, balanceAfter: balance, finishedAt: now, marker });
          if (!done) throw new Error(`abandoned demo round ${id} changed under its claim`);
          return true;
        });
      }
      // What the wallet holds decides, not the row: a cut action may have taken an extra stake
      // (a double) without storing its step, and that stake must come back too.
      const held = await this.walletRound(id, claimed.user_id!);
      const staked = heldStake(held);
      if (staked === null) {
        await voidClaimedRound(db, id, token, now);
        return false;
      }
      const paidWin = held.wins.find((w) => w.transaction_id === `r${id}-win`);
      const paid = paidWin ? BigInt(paidWin.amount) : null;
      const win = paid ?? BigInt(model.abandon(claimed.state, Number(staked)));
      const ctx: PlayContext = {
        mode: 'real',
        token: '',
        userId: claimed.user_id,
        demoSession: null,
        currency: claimed.currency,
        gameId: claimed.game_id,
        owner: '',
        expired: true,
      };
      let balance: number;
      try {
        balance = await this.payWin(ctx, game, id, win);
      } catch (error) {
        // A refusal for good is settled by giving the stakes back, not retried every sweep.
        if (error instanceof WinRefused && (await this.voidRefusedRound(ctx, game, id, token))) return false;
        throw error;
      }
      const done = await settleRealRound(db, id, token, {
        stake: staked,
        win,
        balanceAfter: balance,
        finishedAt: now,
        marker,
      });
      if (!done) return false;
      if (claimed.user_id !== null)
        this.deps.onRoundFinished?.({
          userId: claimed.user_id,
          game,
          currency: claimed.currency,
          stake: staked,
          win,
          finishedAt: now,
        });
      return true;
    } catch (error) {
      // Let the next attempt try again: the claim as it was (an unpaid round stays marked and out
      // of actions' reach), and its old date keeps the round due for the sweeper.
      await restoreClaim(db, id, token, {
        claim: row.claim,
        claimedAt: row.claimed_at === null ? null : new Date(row.claimed_at),
      });
      throw error;
    }
  }

  async seedOf(row: RoundRow): Promise<{ serverSeed: string; clientSeed: string }> {
    const seed = await roundSeeds(this.deps.db, row.seed_id);
    if (!seed) throw new Error(`seed of round ${row.id} missing`);
    return { serverSeed: seed.server_seed, clientSeed: seed.client_seed };
  }
}

/** Maps a wallet refusal to the games-host API error the client shows. */
export function walletRefusal(response: WalletResponse): AppError {
  switch (response.status) {
    case 'NOT_ENOUGH_MONEY':
      return new AppError(422, 'insufficient_funds', 'Not enough money for this bet', undefined, {
        balance_cents: response.balance ?? 0,
      });
    case 'GAMBLING_BLOCKED':
      // `reason`, `left_cents` and `currency` let the game say which rule refused and how much room
      // a limit leaves, in the player's language (docs/limits.md#enforcement).
      return new AppError(
        403,
        'gambling_blocked',
        response.message ?? 'Betting is blocked by your responsible-gambling settings',
        undefined,
        {
          ...(response.block ? { reason: response.block.code } : {}),
          ...(response.block?.left_cents !== undefined && response.block.currency !== undefined
            ? { left_cents: response.block.left_cents, left_currency: response.block.currency }
            : {}),
        },
      );
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

/** The wallet's answer to a bet did not say whether the money was taken. */
export class StakeUncertain extends AppError {
  constructor(override readonly cause: unknown) {
    super(502, 'wallet_unavailable', 'The wallet did not confirm the bet; try again in a moment');
  }
}

/** The wallet refused a round's win for good (BALANCE_LIMIT): the round's stakes go back and it is void. */
export class WinRefused extends AppError {
  constructor(
    readonly roundId: number,
    round?: unknown,
  ) {
    super(
      422,
      'balance_limit',
      'This win would take your balance past the most your account can hold: your stake is returned and the round is void',
      undefined,
      round === undefined ? { round_id: roundId } : { round_id: roundId, round },
    );
  }
}

/** The wallet did not confirm a decided round's win: it is paid on the player's next visit or by the sweeper. */
export class WinUnpaid extends AppError {
  constructor(
    readonly roundId: number,
    round: unknown,
    override readonly cause: unknown,
  ) {
    super(
      503,
      'wallet_unavailable',
      'Your win is recorded but the wallet did not confirm it; it is paid when you next open the game',
      undefined,
      {
        round_id: roundId,
        round,
      },
    );
  }
}
