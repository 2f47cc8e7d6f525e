/**
 * Wire contract of the game lobby (docs/api-shapes.md#games, docs/player-app.md#data-objects).
 * The server validates requests with these schemas; the web imports the types.
 */
import { z } from 'zod';
import { text } from './primitives.ts';

/** docs/player-app.md#paging (40): the default `page_size` of `games_filter`. */
export const GAMES_PAGE_SIZE_DEFAULT = 40;
export const GAMES_PAGE_SIZE_MAX = 100;
/** Most identifiers or seo titles one `select` call may ask for. */
export const GAMES_SELECT_MAX = 200;
/** `GET /api/player/games` and `/api/player/played_games` list at most this many games. */
export const RECENT_GAMES_LIMIT = 40;

export const DEVICES = ['desktop', 'mobile'] as const;
export type Device = (typeof DEVICES)[number];

export const VOLATILITY_RATINGS = ['low', 'medium', 'high', 'very-high'] as const;
export type VolatilityRating = (typeof VOLATILITY_RATINGS)[number];

/** Media type that selects the id-list representation of favourites (docs/api-shapes.md#favourites). */
export const FAVORITES_V1_MEDIA_TYPE = 'application/vnd.s.v1+json';

const identifierList = z.array(text().min(1).max(200)).max(GAMES_SELECT_MAX);

/**
 * `POST /api/games_filter` body (docs/api-shapes.md#games-filter). Unknown keys are refused (400) at every level;
 * every part the SoftSwiss client declares is accepted.
 */
export const GamesFilterRequestSchema = z.strictObject({
  device: z.enum(DEVICES),
  filter: z
    .strictObject({
      categories: z
        .strictObject({
          identifiers: identifierList,
          strategy: z.enum(['OR', 'AND']).optional(),
        })
        .optional(),
      providers: identifierList.optional(),
      /** Case-insensitive substring of the title. */
      title: text().max(100).optional(),
      currencies: z.array(text().min(1).max(10)).max(50).optional(),
      volatility_rating: z.array(text().max(20)).max(10).optional(),
      /** Exact number of paylines. */
      lines: z.number().int().nonnegative().optional(),
      /** Exact number of ways. */
      ways: z.number().int().nonnegative().optional(),
      /** Minimum hit rate, percent. */
      hit_rate: z.number().nonnegative().optional(),
      /** Minimum payout (RTP), percent. */
      payout: z.number().nonnegative().optional(),
    })
    .optional(),
  sort: z
    .strictObject({
      /** `global` (the default order), `popularity`, `title`, `released_at` / `new`, `payout`. Others fall back to `global`. */
      type: text().max(40).optional(),
      direction: z
        .enum(['ASC', 'DESC', 'asc', 'desc'])
        .transform((d) => d.toUpperCase() as 'ASC' | 'DESC')
        .optional(),
      top_categories: z.array(text().max(100)).max(50).optional(),
    })
    .optional(),
  page: z.number().int().min(1).max(100_000).optional(),
  page_size: z.number().int().min(1).max(GAMES_PAGE_SIZE_MAX).optional(),
  without_territorial_restrictions: z.boolean().optional(),
});
export type GamesFilterRequest = z.input<typeof GamesFilterRequestSchema>;
export type GamesFilterRequestParsed = z.output<typeof GamesFilterRequestSchema>;

/** `POST /api/games_filter/select` body (docs/api-shapes.md#select). */
export const GamesSelectRequestSchema = z.strictObject({
  game_ids: identifierList,
  device: z.enum(DEVICES).optional(),
});
export type GamesSelectRequest = z.input<typeof GamesSelectRequestSchema>;

/** `POST /api/games_filter/select_by_seo_titles` body (docs/api-shapes.md#select). */
export const GamesSelectBySeoTitlesRequestSchema = z.strictObject({
  game_seo_titles: identifierList,
  without_territorial_restrictions: z.boolean().optional(),
  device: z.enum(DEVICES).optional(),
});
export type GamesSelectBySeoTitlesRequest = z.input<typeof GamesSelectBySeoTitlesRequestSchema>;

/** `POST /api/player/played_games` body: the player opened this game (our extension, not SoftSwiss). */
export const PlayedGameRequestSchema = z.strictObject({
  identifier: text().min(1).max(200),
});
export type PlayedGameRequest = z.input<typeof PlayedGameRequestSchema>;

/** One numeric launch id per currency; `FUN` is the demo id (docs/api-shapes.md#game-object). */
export type GameCurrencyIds = Record<string, { id: number }>;

/** The game object of `games_filter`, `select`, favourites v2, random and recent games. */
export interface Game {
  /** The game's own id (not a launch id). */
  id: number;
  /** `"<provider>/<seo_title>"`. */
  identifier: string;
  title: string;
  /** Same as `title`. */
  name: string;
  /** Same as `seo_title`. */
  slug: string;
  seo_title: string;
  /** Same as `seo_title`: the frame path part `/games/{gameSlug}/{id}` (docs/player-app.md#game-frame-url). */
  gameSlug: string;
  /** Provider id (slug). */
  provider: string;
  /** Same as `provider`. */
  producer: string;
  /** URL of the generated artwork (SVG). */
  preview: string;
  /** Collection ids, in collection order. */
  categories: string[];
  collections: { id: string; title: string }[];
  has_demo_mode: boolean;
  /** The `FUN` launch id, or null without demo play. */
  demo: number | null;
  /** Real-money launch id per currency. */
  real: GameCurrencyIds;
  /** `real` plus `FUN` when the game has demo play. */
  currencies: GameCurrencyIds;
  devices: Device[];
  unfinished_games_for: string[];
  volatility_rating: VolatilityRating | null;
  lines: number | null;
  ways: number | null;
  /** RTP percent as a decimal string, e.g. "96.20". */
  payout: string | null;
  /** Share of winning rounds, percent as a decimal string. */
  hit_rate: string | null;
  frameWidth: number;
  frameHeight: number;
  description: string;
  uniq_seo_title: true;
}

/** A game in `GET /api/player/games` (recently opened, newest first). */
export interface RecentGame extends Game {
  last_activity_at: string;
}

/** `GET /api/player/played_games` item (docs/api-shapes.md#played-games-and-history). */
export interface PlayedGame {
  identifier: string;
  last_activity_at: string;
}

/** `GET /api/games/providers` item. */
export interface Provider {
  id: string;
  title: string;
  games_count: number;
}

/** `GET /api/games/collections` item. */
export interface Collection {
  id: string;
  title: string;
  games_count: number;
  /** Lobby section the collection belongs to (`pokies`, `live`) or null. */
  section: string | null;
}

/** Pagination of `games_filter` (docs/api-shapes.md#pagination). */
export interface GamesPagination {
  current_page: number;
  /** null on the last page: the client then treats the list as fully loaded. */
  next_page: number | null;
  prev_page: number | null;
  total_pages: number;
  total_count: number;
}

export interface GamesFilterResponse {
  data: Game[];
  pagination: GamesPagination;
}

/** `select` and `select_by_seo_titles` answer: games keyed by identifier. */
export type GamesSelectResponse = Record<string, Game>;
