import { FUN_CURRENCY } from '@croupier/shared/currencies';
import type { Game } from '../types';

type IdMap = Partial<Record<string, { id: number }>>;

/** The id-bearing fields of a game. */
export interface LaunchIdSource {
  demo?: number | null;
  real?: IdMap;
  currencies?: IdMap;
}

/**
 * The numeric id the favourites calls take (docs/api-shapes.md#favourites: a per-currency game id). The
 * player's currency first, then the demo id, then any id the game has. (`game.id` is the
 * catalogue id, not a launch id, so it is never used.)
 */
export function favoriteLaunchId(game: LaunchIdSource, currency: string | null): number | null {
  const ids = [
    currency ? game.real?.[currency]?.id : undefined,
    currency ? game.currencies?.[currency]?.id : undefined,
    game.currencies?.[FUN_CURRENCY]?.id,
    game.demo,
    ...Object.values(game.currencies ?? {}).map((entry) => entry?.id),
    ...Object.values(game.real ?? {}).map((entry) => entry?.id),
  ];
  for (const id of ids) if (typeof id === 'number' && Number.isFinite(id)) return id;
  return null;
}

/**
 * The favourites list after adding or removing one game: what the optimistic update writes into
 * the cache before the server answers. The server lists the oldest favourite first, so an added
 * game goes to the end. Returns the same array when nothing changes.
 */
export function applyFavoriteToggle<T extends Pick<Game, 'identifier'>>(
  list: readonly T[] | undefined,
  game: T,
  makeFavorite: boolean,
): T[] {
  const current = list ?? [];
  const present = current.some((g) => g.identifier === game.identifier);
  if (makeFavorite) return present ? [...current] : [...current, game];
  return present ? current.filter((g) => g.identifier !== game.identifier) : [...current];
}

/** Newest favourite first, for display. */
export function favoritesForDisplay<T>(list: readonly T[] | undefined): T[] {
  return list ? [...list].reverse() : [];
}
