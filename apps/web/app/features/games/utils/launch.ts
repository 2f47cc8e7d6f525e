import { FUN_CURRENCY } from '@croupier/shared/currencies';
import type { LaunchIdSource } from './favorites';

/** What the game page can offer the visitor (docs/player-app.md#game-frame, #game-url). */
export type LaunchAccess =
  /** Signed in, with a real-money id for the chosen currency. */
  | 'real'
  /** Signed in, but the game has no id for the chosen currency: no real-money game (docs/player-app.md#game-url). */
  | 'real-unavailable'
  /** Guest on a game with demo mode. */
  | 'demo'
  /** Guest on a game without demo mode: the sign-in preview. */
  | 'sign-in';

export interface LaunchOptions {
  access: LaunchAccess;
  /** Currency the real-money game runs in: the `currency` query value, else the player's. */
  currency: string | null;
  /** Real-money launch id for `currency`, or null. */
  realId: number | null;
  /** Demo (FUN) launch id when the game has demo mode, else null. */
  demoId: number | null;
}

export interface LaunchInput {
  game: LaunchIdSource & { has_demo_mode: boolean };
  /** The `currency` query parameter, if any. */
  queryCurrency?: string | null;
  isLoggedIn: boolean;
  /** The player's account currency. */
  playerCurrency?: string | null;
}

function validId(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** The real-money launch id of a game for a currency; never the demo (FUN) id. */
export function realGameId(game: LaunchInput['game'], currency: string | null): number | null {
  if (!currency || currency === FUN_CURRENCY) return null;
  return validId(game.real?.[currency]?.id) ?? validId(game.currencies?.[currency]?.id);
}

/** The demo launch id, only for a game with demo mode. */
export function demoGameId(game: LaunchInput['game']): number | null {
  if (!game.has_demo_mode) return null;
  return validId(game.demo) ?? validId(game.currencies?.[FUN_CURRENCY]?.id);
}

/**
 * docs/player-app.md#game-url: the real-money id comes from the chosen currency (the query's, else the player's); a
 * signed-in player without an id for it gets none. Guests never get a real-money id: they see the
 * demo when the game has one, else the sign-in preview (docs/player-app.md#game-frame).
 */
export function resolveLaunch({ game, queryCurrency, isLoggedIn, playerCurrency }: LaunchInput): LaunchOptions {
  const fromQuery = queryCurrency?.trim().toUpperCase() || null;
  const demoId = demoGameId(game);
  if (!isLoggedIn) {
    return { access: demoId !== null ? 'demo' : 'sign-in', currency: fromQuery, realId: null, demoId };
  }
  const currency = fromQuery ?? playerCurrency ?? null;
  const realId = realGameId(game, currency);
  return { access: realId !== null ? 'real' : 'real-unavailable', currency, realId, demoId };
}
