import type { Device, GamesFilter } from '../types';

/**
 * Query keys of the games feature. Catalogue keys start with 'games'; keys that belong to the
 * signed-in player start with 'player' so the auth feature can drop them all on sign-out.
 */
export const gamesKeys = {
  all: ['games'] as const,
  providers: () => ['games', 'providers'] as const,
  collections: (locale: string) => ['games', 'collections', locale] as const,
  list: (args: { device: Device; filter: GamesFilter; pageSize: number; startPage: number }) =>
    ['games', 'list', args] as const,
  row: (args: { device: Device; category: string; pageSize: number }) => ['games', 'row', args] as const,
  bySeoTitle: (producer: string, name: string) => ['games', 'by-seo-title', producer, name] as const,
  favorites: () => ['player', 'favorite-games'] as const,
  recent: () => ['player', 'recent-games'] as const,
};
