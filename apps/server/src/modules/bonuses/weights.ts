import type { Executor } from '../../db/sql.ts';
import { gameCollections } from './player-bonuses.repository.ts';

/** The weights a bonus froze at issue (docs/bonuses.md#data-model). */
export interface WeightTerms {
  /** Collection id → percent a bet there counts. */
  weights: Readonly<Record<string, number>>;
  defaultWeight: number;
  excludedCollections: readonly string[];
}

/** How much a bet on a game counts towards a bonus's wagering, in percent; an excluded game counts 0. */
export interface GameWeight {
  weight: number;
  excluded: boolean;
}

/**
 * The rule of `bonuses_game_weight` (docs/bonuses.md#inside-the-bet-atomic-with-it) for a game's
 * collections: excluded when one of them is; else the lowest weight among those that have one;
 * else the default. A game the catalogue does not hold (`null`) weighs 0.
 */
export function weightOf(collections: readonly string[] | null, terms: WeightTerms): GameWeight {
  if (collections === null) return { weight: 0, excluded: false };
  if (collections.some((c) => terms.excludedCollections.includes(c))) return { weight: 0, excluded: true };
  const weighed = collections.flatMap((c) => (Object.hasOwn(terms.weights, c) ? [terms.weights[c]!] : []));
  return { weight: weighed.length > 0 ? Math.min(...weighed) : terms.defaultWeight, excluded: false };
}

/**
 * A game's weight for a bonus, by the game's identifier. The meter asks here; the bet check and the
 * counter will ask the SQL function `bonuses_game_weight`, which this becomes one call of once it
 * exists, so the three never disagree.
 */
export async function gameWeight(db: Executor, terms: WeightTerms, identifier: string): Promise<GameWeight> {
  return weightOf(await gameCollections(db, identifier), terms);
}
