import type { FairRound } from '../api/fairness-api';

/**
 * Round verification in the browser. The math comes from the same pure package the server plays
 * with (@croupier/games, bound in replay-kit.ts); this file holds the procedure, written against
 * the small surface it needs so that it can be tested with the real stream and tiny models.
 */

/** A round whose seed pair is revealed: everything a replay needs is there. */
type SeededRound = FairRound & { server_seed: string; server_seed_hash: string; client_seed: string; nonce: number };
export interface ReplayRng {
  /** Words consumed so far: the next step of the same round starts here. */
  readonly position: number;
}

export interface ReplayStep {
  state: unknown;
  finished: boolean;
  stake: number;
  win: number;
}

export interface ReplayModel {
  open(bet: unknown, rng: ReplayRng): ReplayStep;
  act?(state: unknown, action: unknown, rng: ReplayRng): ReplayStep;
  view(state: unknown, finished: boolean): unknown;
}

/** A shared-round game (crash, live roulette): one draw per round, every bet settled against it. */
export interface SharedReplayMath {
  draw(rng: ReplayRng): Record<string, unknown>;
  settle(bet: unknown, result: Record<string, unknown>, cashout: number | null): number;
}

export interface ReplayKit {
  sha256Hex(text: string): string;
  rng(serverSeed: string, clientSeed: string, nonce: number, startAt: number): ReplayRng;
  /** The single-player model a round was played with, or null when this browser build lacks it. */
  model(game: FairRound['game']): ReplayModel | null;
  /** The shared-round math of a game, or null when the game is not a shared-round game. */
  shared(game: FairRound['game']): SharedReplayMath | null;
}

export type OutcomeCheck = 'match' | 'mismatch' | 'unsupported' | 'error';

export type Verification =
  | { kind: 'unrevealed'; shared: boolean }
  | {
      kind: 'checked';
      /** sha256(server_seed) equals the hash committed before play. */
      hashOk: boolean;
      outcome: OutcomeCheck;
      replayed: unknown;
      replayedWin: number | null;
      /** Both checks passed. */
      verified: boolean;
      error?: string;
    };

/** JSON value with object keys sorted: stored outcomes come back from jsonb in any key order. */
function canonical(value: unknown): string {
  const normalise = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(normalise);
    if (v && typeof v === 'object') {
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
          .map((k) => [k, normalise((v as Record<string, unknown>)[k])]),
      );
    }
    return v;
  };
  return JSON.stringify(normalise(JSON.parse(JSON.stringify(value ?? null))));
}

export function sameJson(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

/** `open(bet)` then every recorded action, each step resuming the stream where the last one stopped. */
function replaySingle(round: SeededRound, seed: string, model: ReplayModel, kit: ReplayKit): ReplayStep {
  let rng = kit.rng(seed, round.client_seed, round.nonce, 0);
  let step = model.open(round.bet, rng);
  for (const action of round.actions) {
    if (!model.act) throw new Error('the model has no actions');
    rng = kit.rng(seed, round.client_seed, round.nonce, rng.position);
    step = model.act(step.state, action, rng);
  }
  return step;
}

/**
 * Checks one round: the revealed server seed against its commitment, then replays the round —
 * `open(bet)` and every recorded action, each step resuming the random stream where the previous
 * one stopped — and compares the replayed view and win with what was recorded. A shared round
 * replays its draw and settles the player's bet against it.
 */
export function verifyRound(played: FairRound, kit: ReplayKit): Verification {
  const shared = kit.shared(played.game);
  const { server_seed: seed, server_seed_hash, client_seed, nonce } = played;
  // A round played without a seed pair has nothing to reveal; one whose pair is active, not yet.
  if (seed == null || server_seed_hash === undefined || client_seed === undefined || nonce === undefined)
    return { kind: 'unrevealed', shared: shared !== null };
  const round: SeededRound = { ...played, server_seed: seed, server_seed_hash, client_seed, nonce };
  const hashOk = kit.sha256Hex(seed) === round.server_seed_hash.toLowerCase();
  const done = (
    outcome: OutcomeCheck,
    replayed: unknown,
    replayedWin: number | null,
    error?: string,
  ): Verification => ({
    kind: 'checked',
    hashOk,
    outcome,
    replayed,
    replayedWin,
    verified: hashOk && outcome === 'match',
    ...(error ? { error } : {}),
  });
  try {
    if (shared) {
      const result = shared.draw(kit.rng(seed, round.client_seed, round.nonce, 0));
      const recorded = (round.outcome ?? {}) as { bet?: unknown; cashout?: number | null; result?: unknown };
      const win = shared.settle(recorded.bet ?? round.bet, result, recorded.cashout ?? null);
      const resultOk = recorded.result == null || sameJson(recorded.result, result);
      return done(resultOk && win === round.win_cents ? 'match' : 'mismatch', result, win);
    }
    const model = kit.model(round.game);
    if (!model) return done('unsupported', null, null);
    const step = replaySingle(round, seed, model, kit);
    const view = model.view(step.state, step.finished);
    const finished = round.status ? round.status === 'finished' : step.finished;
    const winOk = !finished || step.win === round.win_cents;
    return done(sameJson(view, round.outcome) && winOk ? 'match' : 'mismatch', view, finished ? step.win : null);
  } catch (error) {
    return done('error', null, null, error instanceof Error ? error.message : String(error));
  }
}
