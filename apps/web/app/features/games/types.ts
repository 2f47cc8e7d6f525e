/**
 * Types of the games feature. Wire types come from the shared contract (type-only imports keep
 * zod out of the browser bundle); the rest are the lobby's own.
 */
import type {
  Collection,
  Device,
  Game,
  GamesFilterRequest as WireGamesFilterRequest,
  GamesFilterResponse,
  GamesPagination,
  Provider,
  RecentGame,
} from '@croupier/shared/api/games';

export type { Collection, Device, Game, Provider, RecentGame };
export type GamesPage = GamesFilterResponse;
export type Pagination = GamesPagination;

/** The filters the lobby sends (a subset of what games_filter accepts). */
export type GamesFilter =
  { categories: { identifiers: string[]; strategy: 'OR' } } | { providers: string[] } | { title: string };

export interface GamesFilterRequest extends WireGamesFilterRequest {
  device: Device;
  filter: GamesFilter;
  page: number;
  page_size: number;
}

/** What the lobby needs to know about the visitor (from the auth feature's current user). */
export interface Viewer {
  isLoggedIn: boolean;
  currency: string | null;
}

/**
 * What a game card and the favourite toggle need. Lists keep only this in the cache (and in the
 * server-rendered page), about a fifth of the full game object.
 */
export interface GameSummary extends Pick<
  Game,
  'identifier' | 'title' | 'provider' | 'seo_title' | 'preview' | 'categories'
> {
  demo: number | null;
  /** At most the demo id and one real-money id: any launch id names the game for favourites. */
  currencies: Partial<Record<string, { id: number }>>;
}

/** A page of games_filter with the games reduced to summaries. */
export interface GameSummaryPage {
  data: GameSummary[];
  pagination: Pagination;
}
