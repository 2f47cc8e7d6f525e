import type { Collection, Game } from '../types';

/**
 * Lobby URLs (docs/player-app.md#lobby-routes), written without the locale; put them under the visitor's locale with
 * `localePath` (i18n/locale-path.ts) or the `useLocalePath` hook.
 */

const seg = encodeURIComponent;

export const paths = {
  home: () => '/',
  section: (section: string, slug = 'all') => `/${seg(section)}/${seg(slug)}`,
  category: (slug: string) => `/categories/${seg(slug)}`,
  producers: () => '/producers',
  producer: (id: string, page?: number) =>
    page && page > 1 ? `/producers/${seg(id)}/${page}` : `/producers/${seg(id)}`,
  favorites: () => '/favorite-games',
  search: (q?: string) => (q ? `/search?${new URLSearchParams({ q })}` : '/search'),
  game: (game: Pick<Game, 'provider' | 'seo_title'>) => `/play/${seg(game.provider)}/${seg(game.seo_title)}`,
  /** docs/player-app.md#navigation-rules: sign-in with a redirect back to where the visitor was (full path with query). */
  signIn: (redirectTo: string) => `/sign-in?${new URLSearchParams({ redirect: redirectTo })}`,
  signUp: (redirectTo: string) => `/sign-up?${new URLSearchParams({ redirect: redirectTo })}`,
};

/** Sections with their own lobby pages (`/pokies/...`, `/live/...`); others use /categories. */
export const LOBBY_SECTIONS = ['pokies', 'live'] as const;
export type LobbySection = (typeof LOBBY_SECTIONS)[number];

export function isLobbySection(value: unknown): value is LobbySection {
  return typeof value === 'string' && (LOBBY_SECTIONS as readonly string[]).includes(value);
}

/**
 * Where a collection's "see all" and tab links go: its section page (`/live/all` for the
 * section's own collection), else /categories/{id}.
 */
export function collectionPath(collection: Pick<Collection, 'id' | 'section'>): string {
  const { id, section } = collection;
  if (!isLobbySection(section)) return paths.category(id);
  return paths.section(section, id === section ? 'all' : id);
}
