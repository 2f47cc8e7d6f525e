/**
 * The games' math bound for verification in the browser: the exact package the server plays with
 * (@croupier/games), so a replay here is the same computation, not a re-implementation. Loaded on
 * demand by the fairness page only.
 */
import { resolveModel, type GameModel, type Rng } from '@croupier/games/index';
import { crashPoint, settle as settleCrash } from '@croupier/games/models/crash';
import {
  settle as settleRoulette,
  spin,
  type RouletteBetItem,
  type RouletteVariant,
} from '@croupier/games/models/roulette';
import { createProvablyFairRng, sha256Hex } from '@croupier/games/provably-fair';
import type { FairRound } from '../api/fairness-api';
import type { ReplayKit, ReplayModel, SharedReplayMath } from './verify';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each model has its own bet/state/action types; replays treat them as JSON.
type AnyModel = GameModel<any, any, any>;

/** `provider/seo-title` → the seo title that picks a title's variant (paytable, wheel, rules). */
const seoTitleOf = (identifier: string) => identifier.slice(identifier.indexOf('/') + 1);

function adapt(model: AnyModel): ReplayModel {
  return {
    open: (bet, rng) => model.open(bet, rng as Rng),
    ...(model.act
      ? { act: (state: unknown, action: unknown, rng: unknown) => model.act!(state, action, rng as Rng) }
      : {}),
    view: (state, finished) => model.view(state, finished),
  };
}

/**
 * The model that played a round. The API names the model id it recorded; a title resolving to a
 * different model here (a catalogue change since) is reported as not replayable, never replayed
 * with the wrong math.
 */
function modelFor(game: FairRound['game']): ReplayModel | null {
  try {
    const model = resolveModel(game.engine, seoTitleOf(game.identifier)) as AnyModel;
    return model.id === game.model ? adapt(model) : null;
  } catch {
    return null;
  }
}

/*
 * Shared rounds (Rocket, live roulette) draw once per round from HMAC(seed, `${seo title}:${round}`)
 * and settle every bet against that draw. These adapters mirror the games host's (server
 * games-host/model-registry.ts) over the same package functions.
 */
const rocket: SharedReplayMath = {
  draw: (rng) => ({ crash_point: crashPoint(rng as Rng) }),
  settle: (bet, result, cashout) => {
    const b = bet as { amount: number; auto_cashout?: number | null };
    return settleCrash(b.amount, cashout ?? b.auto_cashout ?? null, result.crash_point as number);
  },
};

const liveRoulette = (variant: RouletteVariant): SharedReplayMath => ({
  draw: (rng) => ({ number: spin(rng as Rng, variant) }),
  settle: (bet, result) => settleRoulette((bet as { bets: RouletteBetItem[] }).bets, result.number as number).win,
});

function sharedFor(game: Pick<FairRound['game'], 'engine' | 'model'>): SharedReplayMath | null {
  if (game.engine === 'crash') return rocket;
  if (game.engine === 'live-roulette') return liveRoulette(game.model.endsWith('american') ? 'american' : 'european');
  return null;
}

export const kit: ReplayKit = {
  sha256Hex,
  rng: (serverSeed, clientSeed, nonce, startAt) => createProvablyFairRng({ serverSeed, clientSeed, nonce, startAt }),
  model: modelFor,
  shared: sharedFor,
};

export interface ManualGame {
  key: string;
  label: string;
  /** A shared-round game draws without a bet. */
  shared: boolean;
}

/** Engine and a title of each model, for the free check (key `engine|seo-title`). */
const MANUAL: [engine: string, seoTitle: string, shared: boolean][] = [
  ['slot-low', '', false],
  ['slot-medium', '', false],
  ['slot-high', '', false],
  ['roulette', 'european-roulette', false],
  ['roulette', 'american-roulette', false],
  ['blackjack', 'blackjack', false],
  ['baccarat', 'baccarat', false],
  ['video-poker', 'jacks-or-better', false],
  ['dice', '', false],
  ['mines', '', false],
  ['plinko', '', false],
  ['crash', 'rocket', true],
  ['live-roulette', 'live-roulette', true],
];

export const manualGames: ManualGame[] = MANUAL.flatMap(([engine, seoTitle, shared]) => {
  try {
    const id = (resolveModel(engine, seoTitle) as AnyModel).id;
    return [{ key: `${engine}|${seoTitle}`, label: shared ? `${engine} (${id})` : id, shared }];
  } catch {
    return [];
  }
});

/** The stream's first words as floats in [0, 1): what every outcome is built from. */
export function firstFloats(serverSeed: string, clientSeed: string, nonce: number, count: number): number[] {
  const rng = createProvablyFairRng({ serverSeed, clientSeed, nonce });
  return Array.from({ length: count }, () => rng.float());
}

/** What a game makes of these seeds: a shared round's draw, or the view after `open(bet)`. */
export function playManual(key: string, serverSeed: string, clientSeed: string, nonce: number, bet: unknown): unknown {
  const [engine = '', seoTitle = ''] = key.split('|');
  const rng = createProvablyFairRng({ serverSeed, clientSeed, nonce });
  const model = resolveModel(engine, seoTitle) as AnyModel;
  const shared = sharedFor({ engine, model: model.id });
  if (shared) return shared.draw(rng);
  const parsed: unknown = model.parseBet(bet, { min: 1, max: Number.MAX_SAFE_INTEGER });
  const step = model.open(parsed, rng);
  return model.view(step.state, step.finished);
}
