/**
 * Catalogue engine → model, through the games package's own `resolveModel`, the same function the
 * catalogue takes its RTP and hit-rate figures from, so a title cannot play one model and show
 * another's figures. An engine no model plays resolves to null and the host answers 503
 * `game_unavailable` (never a fake game).
 */
import { AMERICAN_ROULETTE_TITLES, resolveModel } from '@croupier/games/index';
import { checkLimits, GameInputError, parseMinorUnits, asRecord } from '@croupier/games/model';
import {
  crashPoint,
  elapsedFor,
  multiplierAt,
  settle as settleCrash,
  MIN_TARGET,
  MAX_TARGET,
} from '@croupier/games/models/crash';
import {
  parseRouletteBet,
  settle as settleRoulette,
  spin,
  type RouletteVariant,
} from '@croupier/games/models/roulette';
import type { AnyModel, SharedBet, SharedMath } from './models.ts';

type GameKey = { engine: string; seoTitle: string; title: string };

const doubleZero = (game: GameKey): RouletteVariant =>
  AMERICAN_ROULETTE_TITLES.has(game.seoTitle) ? 'american' : 'european';

export function resolveCatalogueModel(game: GameKey): AnyModel | null {
  try {
    return resolveModel(game.engine, game.seoTitle) as AnyModel;
  } catch {
    return null;
  }
}

/** The Rocket bet: a stake and an optional automatic cash-out target with 2 decimals. */
function parseCrashBet(input: unknown, limits: { min: number; max: number }): SharedBet {
  const r = asRecord(input);
  const amount = parseMinorUnits(r.amount);
  checkLimits(amount, limits);
  if (r.auto_cashout === undefined || r.auto_cashout === null) return { amount, auto_cashout: null };
  const target = r.auto_cashout;
  const hundredths = typeof target === 'number' ? Math.round(target * 100) : NaN;
  if (
    typeof target !== 'number' ||
    Math.abs(hundredths - target * 100) > 1e-6 ||
    hundredths < MIN_TARGET ||
    hundredths > MAX_TARGET
  ) {
    throw new GameInputError('invalid_bet', 'auto_cashout must be a multiplier with 2 decimals, from 1.01');
  }
  return { amount, auto_cashout: hundredths / 100 };
}

const rocket: SharedMath = {
  id: 'crash',
  kind: 'crash',
  parseBet: parseCrashBet,
  draw: (rng) => ({ crash_point: crashPoint(rng) }),
  runningMs: (result) => elapsedFor(result.crash_point as number),
  multiplierAt,
  autoCashoutMs: (bet) => (typeof bet.auto_cashout === 'number' ? elapsedFor(bet.auto_cashout) : null),
  // A manual cash-out passes its multiplier; otherwise the bet's automatic target applies.
  settle: (bet, result, cashout) =>
    settleCrash(bet.amount, cashout ?? (bet.auto_cashout as number | null), result.crash_point as number),
};

function liveRoulette(variant: RouletteVariant): SharedMath {
  return {
    id: `live-roulette-${variant}`,
    kind: 'roulette',
    parseBet: (input, limits) => {
      const bet = parseRouletteBet(input, limits, variant);
      return { amount: bet.amount, bets: bet.bets } as SharedBet;
    },
    draw: (rng) => ({ number: spin(rng, variant) }),
    runningMs: () => 0,
    settle: (bet, result) =>
      settleRoulette(bet.bets as Parameters<typeof settleRoulette>[0], result.number as number).win,
  };
}

export function resolveSharedMath(game: GameKey): SharedMath | null {
  if (game.engine === 'crash') return rocket;
  if (game.engine === 'live-roulette') return liveRoulette(doubleZero(game));
  return null;
}
