import type { SharedRoundEvent } from '@croupier/shared/realtime';
import { AppError, conflict, notFound, unauthorized } from '../../lib/errors.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { pgCode, UNIQUE_VIOLATION } from '../../lib/pg-errors.ts';
import type { CachedGame } from '../games/index.ts';
import { betLimits } from './bet-limits.ts';
import { newServerSeed } from './fairness.ts';
import {
  endedSharedRounds,
  endSharedRound,
  finishSharedBet,
  fixSharedWin,
  insertSharedBet,
  insertSharedRound,
  interruptedSharedBets,
  latestSharedRound,
  openSharedBets,
  releasedRound,
  roundById,
  setSharedResult,
  sharedRoundById,
  startSharedRound,
  voidClaimedRound,
  voidOpenRound,
  type RoundRow,
  type SharedRoundRow,
} from './games-host.repository.ts';
import { WinRefused, WinUnpaid, type GamesHost, type PlayContext } from './host.ts';
import { inputError, roundRng, sharedMathFor, type SharedBet, type SharedMath } from './models.ts';

export type { SharedRoundEvent };

/** Timing of a shared game's cycle, in ms. */
const TIMING = {
  crash: { betting: 6_000, pause: 3_000 },
  roulette: { betting: 12_000, pause: 6_000 },
} as const;

/**
 * Longest wait between two looks at a running round. A bet's automatic cash-out is paid on the tick
 * after the multiplier reaches it; a bet the last look could not see (its stake still being
 * confirmed) is thus at most this late, instead of waiting for the bust.
 */
export const RUNNING_TICK_MS = 250;

/** How long after its round ended a bet still open counts as interrupted (the end settles at once). */
const SETTLE_GRACE_MS = 60_000;

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : undefined);

/** Per-round state stored in game_rounds.state for a shared game bet (also what the player sees). */
interface SharedState {
  bet: SharedBet;
  /** Crash: multiplier the player cashed out at (null: not yet / busted). */
  cashout: number | null;
  result: Record<string, unknown> | null;
  /** The win fixed by whoever settled the bet first (manual cash-out, automatic target or the end). */
  settled_win?: number;
}

/**
 * Rounds shared by all players of a game: the Rocket crash game and the live roulette tables. One
 * runner per game advances betting → running → ended on timers (or by `tick` in tests), draws the
 * outcome from a per-round server seed committed (by hash) when betting opens and revealed when the
 * round ends, and settles every bet of the round through the host (wallet protocol).
 *
 * One instance runs the cycles at a time: the one holding the scheduler's `games-host.shared-rounds`
 * lease (`runFor`, docs/jobs.md). Handing the lease over, two instances may both run for a few
 * seconds, which is safe: every transition is a guarded UPDATE, a game has at most one unfinished
 * round (a partial unique index), and a bet's settlement is claimed once (`finish`).
 */
export class SharedRounds {
  private timers = new Map<string, NodeJS.Timeout>();
  private stopped = false;
  /** Wall-clock ms until which this instance holds the runner's lease (plus a hand-over grace). */
  private leaseUntil = 0;
  /** Ends of the leases running now: stopping ends them at once, so shutdown does not wait a lease out. */
  private leaseEnds = new Set<() => void>();

  constructor(
    private readonly host: GamesHost,
    private readonly publish: (game: string, event: SharedRoundEvent) => void,
  ) {
    host.addSweep(() => this.settleInterrupted());
  }

  handles(game: CachedGame): boolean {
    return sharedMathFor(game) !== null;
  }

  private math(game: CachedGame): SharedMath {
    const math = sharedMathFor(game);
    if (!math) throw notFound('game_not_found', 'Not a shared-round game');
    return math;
  }

  /**
   * Runs the cycle of every shared game of the catalogue for `ms` (one lease of the scheduler's
   * job); resolves when the lease ends. The timers outlive it by `graceMs`, so an instance that
   * takes the next lease too runs on without a gap, and one that does not stops soon after.
   * Not in tests: they call `tick`.
   */
  async runFor(ms: number, graceMs = 5_000): Promise<void> {
    if (this.stopped) return;
    this.leaseUntil = Date.now() + ms + graceMs;
    const snapshot = await this.host.deps.catalogue.get();
    for (const game of snapshot.byId.values()) {
      if (game.active && this.handles(game) && !this.timers.has(game.seoTitle)) this.schedule(game.seoTitle, 0);
    }
    await new Promise<void>((resolve) => {
      const end = () => {
        this.leaseEnds.delete(end);
        clearTimeout(lease);
        resolve();
      };
      const lease = setTimeout(end, ms);
      lease.unref?.();
      this.leaseEnds.add(end);
    });
  }

  stop() {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    for (const end of [...this.leaseEnds]) end();
  }

  private schedule(slug: string, delayMs: number) {
    if (this.stopped) return;
    clearTimeout(this.timers.get(slug));
    const timer = setTimeout(
      () => {
        // The lease went to another instance: its runner carries on from the database's state.
        if (Date.now() > this.leaseUntil) {
          this.timers.delete(slug);
          return;
        }
        this.tick(slug)
          .then((next) => this.schedule(slug, next))
          .catch((error: unknown) => {
            this.host.deps.onError?.(`shared rounds: ${slug} failed`, error);
            this.schedule(slug, 2_000);
          });
      },
      Math.max(0, delayMs),
    );
    timer.unref?.();
    this.timers.set(slug, timer);
  }

  private async gameBySlug(slug: string): Promise<CachedGame> {
    const snapshot = await this.host.deps.catalogue.get();
    for (const game of snapshot.byId.values()) if (game.seoTitle === slug && this.handles(game)) return game;
    throw notFound('game_not_found', 'Game not found');
  }

  private async latest(slug: string): Promise<SharedRoundRow | null> {
    return (await latestSharedRound(this.host.deps.db, slug)) ?? null;
  }

  private event(row: SharedRoundRow): SharedRoundEvent {
    const ended = row.phase === 'ended';
    return {
      game: row.game,
      round_id: Number(row.id),
      phase: row.phase,
      server_seed_hash: row.server_seed_hash,
      betting_ends_at: iso(row.betting_ends_at),
      started_at: iso(row.started_at),
      ended_at: iso(row.ended_at),
      // The outcome is known to the server from the start; it is shown only once the round ended.
      ...(ended ? { result: row.result, server_seed: row.server_seed } : {}),
      server_time: this.host.deps.clock.now().toISOString(),
    };
  }

  /**
   * The outcome of a round: from its server seed, the game slug as client seed and the round id as
   * nonce (public so tests can pin a round).
   */
  draw(game: CachedGame, serverSeed: string, roundId: number) {
    return this.math(game).draw(roundRng(serverSeed, game.seoTitle, roundId, 0));
  }

  /**
   * Advances the game's cycle to where the clock says it should be; returns ms until the next
   * transition. Idempotent: calling it twice does nothing the second time.
   */
  async tick(slug: string): Promise<number> {
    const { db, clock } = this.host.deps;
    const game = await this.gameBySlug(slug);
    const math = this.math(game);
    const timing = TIMING[math.kind];
    const now = clock.now();
    const row = await this.latest(slug);
    if (!row || (row.phase === 'ended' && now.getTime() >= new Date(row.ended_at!).getTime() + timing.pause)) {
      const seed = newServerSeed(this.host.deps.random);
      const created = await db
        .transaction(async (tx) => {
          const opened = await insertSharedRound(tx, {
            game: slug,
            serverSeed: seed,
            serverSeedHash: sha256(seed),
            bettingEndsAt: new Date(now.getTime() + timing.betting),
            now,
          });
          // The result is fixed in the same transaction, before any bet (G4), and kept secret until the end.
          const result = this.draw(game, seed, Number(opened.id));
          return setSharedResult(tx, opened.id, result);
        })
        .catch((error: unknown) => {
          // Another runner opened the round first (one unfinished round per game, migration 0008).
          if (pgCode(error) === UNIQUE_VIOLATION) return null;
          throw error;
        });
      if (!created) return 50;
      this.publish(slug, this.event(created));
      return timing.betting;
    }
    if (row.phase === 'betting') {
      const endsAt = new Date(row.betting_ends_at).getTime();
      if (now.getTime() < endsAt) return endsAt - now.getTime();
      const runMs = math.runningMs(row.result!);
      if (runMs > 0) {
        const running = await startSharedRound(db, row.id, new Date(endsAt));
        if (running) this.publish(slug, this.event(running));
        return Math.max(0, Math.min(endsAt + runMs - now.getTime(), RUNNING_TICK_MS));
      }
      await this.end(game, row, new Date(endsAt));
      return timing.pause;
    }
    if (row.phase === 'running') {
      const started = new Date(row.started_at!).getTime();
      const bustAt = started + math.runningMs(row.result!);
      if (now.getTime() < bustAt) {
        // Automatic cash-outs are paid the moment the multiplier reaches them, not at the bust.
        const nextTarget = await this.settleAutoCashouts(game, row, now.getTime() - started);
        const soonest = Math.min(bustAt, nextTarget === null ? bustAt : started + nextTarget);
        return Math.max(0, Math.min(soonest - now.getTime(), RUNNING_TICK_MS));
      }
      await this.end(game, row, new Date(bustAt));
      return timing.pause;
    }
    return Math.max(0, new Date(row.ended_at!).getTime() + timing.pause - now.getTime());
  }

  /** Ends a round: settles every open bet of it, then reveals the seed and result. */
  private async end(game: CachedGame, row: SharedRoundRow, endedAt: Date) {
    const { db } = this.host.deps;
    const ended = await endSharedRound(db, row.id, endedAt);
    if (!ended) return;
    // A bet still claimed is waiting for its stake: its placer settles it once the wallet took it.
    const bets = await openSharedBets(db, row.id);
    for (const bet of bets) {
      const state = bet.state as SharedState;
      const win = this.math(game).settle(state.bet, ended.result!, null);
      await this.finish(game, bet, { ...state, result: ended.result }, BigInt(win)).catch((error: unknown) =>
        this.host.deps.onError?.(`shared rounds: settling round ${bet.id} failed (retried on next read)`, error),
      );
    }
    this.publish(game.seoTitle, this.event(ended));
  }

  private ctxOf(row: RoundRow): PlayContext {
    return {
      mode: row.mode === 'demo' ? 'demo' : 'real',
      token: '',
      userId: row.user_id,
      demoSession: row.demo_session,
      currency: row.currency,
      gameId: row.game_id,
      owner: '',
      expired: false,
    };
  }

  /**
   * Pays the bets whose automatic cash-out the multiplier has reached after `elapsed` ms, and
   * returns the elapsed ms of the next pending target (null: none left).
   */
  private async settleAutoCashouts(game: CachedGame, row: SharedRoundRow, elapsed: number): Promise<number | null> {
    const math = this.math(game);
    if (!math.autoCashoutMs) return null;
    const open = await openSharedBets(this.host.deps.db, row.id);
    let next: number | null = null;
    for (const bet of open) {
      const state = bet.state as SharedState;
      const at = math.autoCashoutMs(state.bet);
      if (at === null) continue;
      if (at > elapsed) {
        next = next === null ? at : Math.min(next, at);
        continue;
      }
      // Reached before the bust, so the target is below the crash point and `settle` pays it.
      const win = math.settle(state.bet, row.result!, null);
      await this.finish(game, bet, { ...state, cashout: state.bet.auto_cashout as number }, BigInt(win)).catch(
        (error: unknown) =>
          this.host.deps.onError?.(
            `shared rounds: automatic cash-out of round ${bet.id} failed (settled at the end)`,
            error,
          ),
      );
    }
    return next;
  }

  /**
   * Settles one bet. Whoever gets here first (a manual cash-out, the automatic target, the end of
   * the round) fixes the amount in the round's state (`claimed`); the runner's later or concurrent
   * calls pay that same amount, which the wallet's idempotent `win` books once, so a cash-out
   * racing the bust or its own automatic target can never be paid twice or twice differently.
   */
  private async finish(
    game: CachedGame,
    row: RoundRow,
    state: SharedState,
    win: bigint,
    opts: { onlyIfClaimed?: boolean; player?: PlayContext } = {},
  ) {
    const { db } = this.host.deps;
    const ctx = this.ctxOf(row);
    const claimed = await fixSharedWin(db, row.id, { ...state, settled_win: Number(win) });
    const current = claimed ?? (await roundById(db, row.id))!;
    // A player's cash-out that lost to another settlement of the bet (a second click, the automatic
    // target) is refused: it had no effect, and its win is the other settlement's to pay.
    if (!claimed && opts.onlyIfClaimed) throw conflict('round_finished', 'This bet is already settled');
    if (current.status !== 'open') {
      // Settled by another path meanwhile: the balance its win left, not a read that an expired
      // session would refuse (only the player's own cash-out shows it).
      const balance =
        current.balance_after !== null
          ? Number(current.balance_after)
          : opts.player
            ? await this.host.balance(opts.player)
            : 0;
      return { row: current, balance };
    }
    const amount = BigInt((current.state as SharedState).settled_win ?? Number(win));
    let balance: number;
    try {
      balance = await this.host.payWin(ctx, game, Number(row.id), amount);
    } catch (error) {
      if (error instanceof WinRefused && (await this.host.voidRefusedRound(ctx, game, Number(row.id), null))) {
        const voided = await roundById(db, row.id);
        throw new WinRefused(Number(row.id), this.present(voided ?? current));
      }
      // The win is fixed in the state: the end of the round, or the sweeper after it, pays it.
      throw new WinUnpaid(Number(row.id), this.present(current), error);
    }
    const now = this.host.deps.clock.now();
    const done = await finishSharedBet(db, row.id, { win: amount, balanceAfter: balance, finishedAt: now });
    if (done && ctx.mode === 'real' && ctx.userId !== null) {
      this.host.deps.onRoundFinished?.({
        userId: ctx.userId,
        game,
        currency: ctx.currency,
        stake: BigInt(row.stake),
        win: amount,
        finishedAt: now,
      });
    }
    return {
      row: done ?? (await roundById(db, row.id))!,
      balance,
    };
  }

  present(row: RoundRow) {
    const finished = row.status !== 'open';
    return {
      id: Number(row.id),
      status: finished ? ('finished' as const) : ('open' as const),
      stake_cents: Number(row.stake),
      win_cents: Number(row.win),
      view: row.state,
      shared_round_id: row.shared_round_id === null ? null : Number(row.shared_round_id),
      created_at: new Date(row.created_at).toISOString(),
      finished_at: row.finished_at ? new Date(row.finished_at).toISOString() : null,
    };
  }

  async snapshot(slug: string) {
    await this.gameBySlug(slug);
    const current = await this.latest(slug);
    const history = await endedSharedRounds(this.host.deps.db, slug);
    return {
      current: current ? this.event(current) : null,
      history: history.map((h) => ({
        round_id: Number(h.id),
        result: h.result,
        server_seed: h.server_seed,
        server_seed_hash: h.server_seed_hash,
      })),
    };
  }

  /**
   * A bet joins the round that is taking bets now; the stake is taken at once. The bet is stored
   * claimed (pending) until the wallet took its stake, so the runner and the sweeps, which settle
   * only unclaimed bets, never pay a win for a stake the wallet has not got (decision 013). A
   * refused stake voids it; a round that ended meanwhile is settled here, with its result.
   */
  async placeBet(ctx: PlayContext, game: CachedGame, input: unknown) {
    if (ctx.expired) throw unauthorized('session_expired', 'Game session expired; launch the game again');
    const math = this.math(game);
    const limits = betLimits(ctx.currency);
    let bet: SharedBet;
    try {
      bet = math.parseBet(input, { min: limits.min_cents, max: limits.max_cents });
    } catch (error) {
      throw inputError(error);
    }
    const round = await this.latest(game.seoTitle);
    const now = this.host.deps.clock.now();
    if (!round || round.phase !== 'betting' || now >= new Date(round.betting_ends_at))
      throw conflict('betting_closed', 'Bets are closed for this round; wait for the next one');
    const state: SharedState = { bet, cashout: null, result: null };
    const { db } = this.host.deps;
    const token = randomToken(16);
    const row = await insertSharedBet(db, {
      owner: ctx,
      gameId: game.id,
      model: math.id,
      currency: ctx.currency,
      sharedRoundId: round.id,
      bet,
      state,
      stake: bet.amount,
      now,
      claim: token,
    });
    const id = Number(row.id);
    const staked = await this.host.stakeOrUndo(ctx, game, id, 1, BigInt(bet.amount), () =>
      voidClaimedRound(db, id, token, now),
    );
    const confirmed = await releasedRound(db, id, token);
    let answer = { row: confirmed ?? row, balance: staked ?? (await this.host.balance(ctx)) };
    // The runner skipped this bet if the round ended while the stake was on its way: settle it now.
    const shared = await sharedRoundById(db, round.id);
    if (confirmed && shared?.phase === 'ended') {
      const win = math.settle(bet, shared.result!, null);
      answer = await this.finish(game, confirmed, { ...state, result: shared.result }, BigInt(win), {
        player: ctx,
      }).catch((error: unknown) => {
        this.host.deps.onError?.(`shared rounds: settling round ${id} failed (retried by the sweeper)`, error);
        return answer;
      });
    }
    return { round: this.present(answer.row), balance_cents: answer.balance, fairness: null };
  }

  /**
   * Crash cash-out: the multiplier is the server's, from the server clock. At or after the bust
   * instant the cash-out is refused and the bet is lost.
   */
  async act(ctx: PlayContext, game: CachedGame, roundId: number, action: unknown) {
    const math = this.math(game);
    if (math.kind !== 'crash' || (action as { type?: unknown } | null)?.type !== 'cashout')
      throw new AppError(400, 'invalid_action', 'Only cash-out is possible in this game');
    const row = await this.host.round(ctx, roundId);
    if (row.status !== 'open' || row.shared_round_id === null) throw conflict('round_finished', 'This round is over');
    if (row.claim !== null) throw conflict('bet_pending', 'The wallet has not confirmed this bet yet');
    const shared = await sharedRoundById(this.host.deps.db, row.shared_round_id);
    if (!shared || shared.phase !== 'running' || !shared.started_at)
      throw conflict('not_running', 'The rocket has not taken off yet');
    const elapsed = this.host.deps.clock.now().getTime() - new Date(shared.started_at).getTime();
    if (elapsed >= math.runningMs(shared.result!)) throw conflict('round_busted', 'Too late: the rocket flew away');
    const multiplier = math.multiplierAt!(elapsed);
    const state = row.state as SharedState;
    const win = math.settle(state.bet, shared.result!, multiplier);
    const { row: done, balance } = await this.finish(game, row, { ...state, cashout: multiplier }, BigInt(win), {
      onlyIfClaimed: true,
      player: ctx,
    });
    return { round: this.present(done), balance_cents: balance, fairness: null };
  }

  /**
   * Pays the bets still open a minute after their round ended (docs/reliability.md#g8-interrupted-rounds): the runner was cut
   * between deciding and paying them, or the wallet failed. The outcome is decided, so each bet
   * gets exactly what the end would have paid it (a cash-out already fixed stands); a real bet
   * whose stake the wallet never took is void. Run by the abandoned-round sweeper.
   */
  async settleInterrupted(limit = 100): Promise<number> {
    const { db, clock } = this.host.deps;
    const cutoff = new Date(clock.now().getTime() - SETTLE_GRACE_MS);
    const open = await interruptedSharedBets(db, cutoff, limit);
    let settled = 0;
    for (const bet of open) {
      try {
        const game = await this.host.game(bet.game_id);
        if (bet.mode === 'real' && (await this.host.walletStaked(Number(bet.id), bet.user_id!)) === null) {
          await voidOpenRound(db, bet.id, clock.now());
          continue;
        }
        const state = bet.state as SharedState;
        const win = this.math(game).settle(state.bet, bet.shared_result, null);
        const { row } = await this.finish(game, bet, { ...state, result: bet.shared_result }, BigInt(win));
        if (row.status === 'finished') settled++;
      } catch (error) {
        this.host.deps.onError?.(`shared rounds: interrupted bet ${bet.id} not settled`, error);
      }
    }
    return settled;
  }
}
