/**
 * @croupier/games: pure, isomorphic game math. Every catalogue title resolves to one model here;
 * randomness comes in through `Rng` (provably-fair in play, a seeded PRNG in simulations).
 */
import type { GameModel } from './model.ts';
import { createBaccaratModel } from './models/baccarat.ts';
import { createBlackjackModel } from './models/blackjack.ts';
import { crashModel } from './models/crash.ts';
import { diceModel } from './models/dice.ts';
import { minesModel } from './models/mines.ts';
import { plinkoModel } from './models/plinko.ts';
import { createRouletteModel } from './models/roulette.ts';
import { createSlotModel } from './models/slots.ts';
import { createVideoPokerModel, type Paytable } from './models/video-poker.ts';

export { GameInputError, type GameModel, type RoundStep, type BetLimits, type ModelFigures } from './model.ts';
export { type Rng, Xoshiro128, createSimulationRng, uniformFromWord, shuffledRange } from './rng.ts';
export { createProvablyFairRng, provablyFairBlock, type ProvablyFairInput } from './provably-fair.ts';
export { sha256Hex, hmacSha256Hex } from './sha256.ts';
export {
  createSlotModel,
  slotMachine,
  type SlotModel,
  type SlotRules,
  type SlotState,
  type SlotBet,
} from './models/slots.ts';
export { createRouletteModel, type RouletteModel, type RouletteBet, type RouletteState } from './models/roulette.ts';
export { createBlackjackModel, basicStrategy, type BlackjackState, type BlackjackView } from './models/blackjack.ts';
export { createBaccaratModel, type BaccaratState } from './models/baccarat.ts';
export { createVideoPokerModel, PAYTABLES, type VideoPokerState, type VideoPokerView } from './models/video-poker.ts';
export { diceModel, type DiceState } from './models/dice.ts';
export { minesModel, type MinesState, type MinesView } from './models/mines.ts';
export { plinkoModel, type PlinkoState } from './models/plinko.ts';
export { crashModel, type CrashState } from './models/crash.ts';
// Shared-round helpers under their own names (roulette and crash both have `settle`).
export * as roulette from './models/roulette.ts';
export * as crash from './models/crash.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each model has its own bet/state/action types.
type AnyModel = GameModel<any, any, any>;

const models = new Map<string, AnyModel>();

function memo(key: string, make: () => AnyModel): AnyModel {
  let m = models.get(key);
  if (!m) {
    m = make();
    models.set(key, m);
  }
  return m;
}

/** Video-poker catalogue titles (seo slugs) and the paytable each plays. */
export const VIDEO_POKER_TITLES: Record<string, Paytable['id']> = {
  'jacks-or-better': 'jacks-or-better',
  'bonus-poker': 'bonus-poker',
  'double-bonus-poker': 'double-bonus',
  'tens-or-better': 'tens-or-better',
};

/** Titles (seo slugs) that play the double-zero wheel; every other roulette title is single-zero. */
export const AMERICAN_ROULETTE_TITLES = new Set(['american-roulette', 'double-zero-roulette-live']);

/** Catalogue engine + title → model. Throws for a title no model plays, so the catalogue cannot drift. */
export function resolveModel(engine: string, seoTitle: string): AnyModel {
  switch (engine) {
    case 'slot-low':
    case 'slot-medium':
    case 'slot-high':
      return memo(engine, () => createSlotModel(engine));
    case 'roulette':
    case 'live-roulette': {
      const variant = AMERICAN_ROULETTE_TITLES.has(seoTitle) ? 'american' : 'european';
      return memo(`roulette-${variant}`, () => createRouletteModel(variant));
    }
    case 'blackjack': {
      const variant = seoTitle === 'blackjack-surrender' ? 'surrender' : 'standard';
      return memo(`blackjack-${variant}`, () => createBlackjackModel(variant));
    }
    case 'baccarat': {
      const variant = seoTitle === 'no-commission-baccarat' ? 'no-commission' : 'commission';
      return memo(`baccarat-${variant}`, () => createBaccaratModel(variant));
    }
    case 'video-poker': {
      const table = VIDEO_POKER_TITLES[seoTitle];
      if (!table) throw new Error(`No video-poker paytable plays "${seoTitle}"`);
      return memo(`video-poker-${table}`, () => createVideoPokerModel(table));
    }
    case 'dice':
      return diceModel;
    case 'mines':
      return minesModel;
    case 'plinko':
      return plinkoModel;
    case 'crash':
      return crashModel;
    default:
      throw new Error(`Unknown game engine "${engine}"`);
  }
}

/** A figure as the catalogue shows it: percent rounded to 2 decimals (36/37 → "97.30"). */
export function percent2(fraction: number): string {
  return (Math.round(fraction * 10_000) / 100).toFixed(2);
}

/** Catalogue `payout` and `hitRate` of a title, from its model's exact figures. */
export function catalogueFigures(engine: string, seoTitle: string): { payout: string; hitRate: string } {
  const f = resolveModel(engine, seoTitle).describe();
  return { payout: percent2(f.rtp), hitRate: percent2(f.hitRate) };
}
