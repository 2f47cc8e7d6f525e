/**
 * The one place the host touches the pure game package (@croupier/games): which model plays a
 * catalogue title, the provably-fair random stream of a round, and input errors.
 */
import { GameInputError, type GameModel } from '@croupier/games/model';
import type { Rng } from '@croupier/games/rng';
import { createNodeProvablyFairRng } from '@croupier/games/provablyFairRng.node';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { CachedGame } from '../games/index.ts';
import { resolveCatalogueModel, resolveSharedMath } from './model-registry.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each model has its own bet/state/action types; the host treats them as JSON.
export type AnyModel = GameModel<any, any, any>;

type GameKey = Pick<CachedGame, 'engine' | 'seoTitle' | 'title'>;

const cache = new Map<string, AnyModel | null>();

/** The model of a catalogue title, or null for an engine without a playable model yet. */
export function modelFor(game: GameKey): AnyModel | null {
  const key = `${game.engine}|${game.seoTitle}`;
  if (!cache.has(key)) cache.set(key, resolveCatalogueModel(game));
  return cache.get(key)!;
}

export function requireModel(game: GameKey): AnyModel {
  const model = modelFor(game);
  if (!model) throw new AppError(503, 'game_unavailable', 'This game is not available yet');
  return model;
}

/** HMAC-SHA256(serverSeed, `clientSeed:nonce:cursor`) words, resumed at `startAt` words. */
export function roundRng(serverSeed: string, clientSeed: string, nonce: number, startAt: number): Rng {
  return createNodeProvablyFairRng({ serverSeed, clientSeed, nonce, startAt });
}

export function inputError(error: unknown): AppError {
  if (error instanceof GameInputError) return badRequest(error.code, error.message);
  throw error;
}

/** A shared-round bet as stored: the model's parsed bet, which always carries its total stake. */
export type SharedBet = { amount: number } & Record<string, unknown>;

/** The math of a shared-round game as the runner needs it. */
export interface SharedMath {
  id: string;
  kind: 'crash' | 'roulette';
  parseBet(input: unknown, limits: { min: number; max: number }): SharedBet;
  /** The round's outcome from its random stream. */
  draw(rng: Rng): Record<string, unknown>;
  /** How long the running phase lasts for this outcome (0: none, e.g. roulette). */
  runningMs(result: Record<string, unknown>): number;
  multiplierAt?(elapsedMs: number): number;
  /** Crash: ms after take-off at which the bet's automatic cash-out is reached (null: none). */
  autoCashoutMs?(bet: SharedBet): number | null;
  /** Win in minor units; `cashout` is the crash multiplier the player cashed out at, if any. */
  settle(bet: SharedBet, result: Record<string, unknown>, cashout: number | null): number;
}

const sharedCache = new Map<string, SharedMath | null>();

export function sharedMathFor(game: GameKey): SharedMath | null {
  const key = `${game.engine}|${game.seoTitle}`;
  if (!sharedCache.has(key)) sharedCache.set(key, resolveSharedMath(game));
  return sharedCache.get(key)!;
}
