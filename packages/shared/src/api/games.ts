/**
 * Wire contract of the game lobby (docs/api-shapes.md#games, docs/player-app.md#data-objects Game / Provider / Category).
 * The server validates requests with these schemas; the web imports the types.
 */
import { z } from 'zod';
import {
  GAME_DESCRIPTION_VOLATILITIES,
  GAME_RULE_TEXTS,
  GAME_SETTINGS,
  type GameDescriptionPart,
} from '../game-description.ts';
import { text } from './primitives.ts';

/** docs/player-app.md#category-slugs "pagination constant 40": the default `page_size` of `games_filter`. */
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
export const GameCurrencyIdsSchema = z.record(z.string(), z.strictObject({ id: z.number().int() }));
export type GameCurrencyIds = z.infer<typeof GameCurrencyIdsSchema>;

/** The game object of `games_filter`, `select`, favourites v2, random and recent games. */
const NoParams = z.strictObject({});
const Spins = z.array(z.number().int());

/** One sentence of a catalogue game's description (`@croupier/shared/game-description`). */
export const GameDescriptionPartSchema = z.discriminatedUnion('key', [
  z.strictObject({
    key: z.literal('slot'),
    params: z.strictObject({
      title: z.string(),
      volatility: z.enum(GAME_DESCRIPTION_VOLATILITIES),
      reels: z.number().int(),
      lines: z.number().int(),
      setting: z.enum(GAME_SETTINGS),
    }),
  }),
  z.strictObject({ key: z.literal('free_spins'), params: z.strictObject({ spins: Spins }) }),
  z.strictObject({
    key: z.literal('free_spins_multiplied'),
    params: z.strictObject({ spins: Spins, multiplier: z.number().int() }),
  }),
  z.strictObject({ key: z.literal('jackpot'), params: NoParams }),
  z.strictObject({
    key: z.literal('table'),
    params: z.strictObject({ title: z.string(), game: z.enum(GAME_RULE_TEXTS) }),
  }),
  z.strictObject({ key: z.literal('live_no_demo'), params: NoParams }),
]) satisfies z.ZodType<GameDescriptionPart>;

export const GameSchema = z.strictObject({
  /** The game's own id (not a launch id). */
  id: z.number().int(),
  /** `"<provider>/<seo_title>"`. */
  identifier: z.string(),
  title: z.string(),
  /** Same as `title`. */
  name: z.string(),
  /** Same as `seo_title`. */
  slug: z.string(),
  seo_title: z.string(),
  /** Same as `seo_title`: the frame path part `/games/{gameSlug}/{id}` (docs/player-app.md#server-calls). */
  gameSlug: z.string(),
  /** Provider id (slug). */
  provider: z.string(),
  /** Same as `provider`. */
  producer: z.string(),
  /** URL of the generated artwork (SVG). */
  preview: z.string(),
  /** Collection ids, in collection order. */
  categories: z.array(z.string()),
  collections: z.array(z.strictObject({ id: z.string(), title: z.string() })),
  has_demo_mode: z.boolean(),
  /** The `FUN` launch id, or null without demo play. */
  demo: z.number().int().nullable(),
  /** Real-money launch id per currency. */
  real: GameCurrencyIdsSchema,
  /** `real` plus `FUN` when the game has demo play. */
  currencies: GameCurrencyIdsSchema,
  devices: z.array(z.enum(DEVICES)),
  unfinished_games_for: z.array(z.string()),
  volatility_rating: z.enum(VOLATILITY_RATINGS).nullable(),
  lines: z.number().int().nullable(),
  ways: z.number().int().nullable(),
  /** RTP percent as a decimal string, e.g. "96.20". */
  payout: z.string().nullable(),
  /** Share of winning rounds, percent as a decimal string. */
  hit_rate: z.string().nullable(),
  frameWidth: z.number().int(),
  frameHeight: z.number().int(),
  description: z.string(),
  /**
   * The description as facts each reader words in its language (docs/web-shell.md#game-descriptions);
   * null for a game whose description is free text (one an operator added).
   */
  description_parts: z.array(GameDescriptionPartSchema).nullable(),
  uniq_seo_title: z.literal(true),
});
export type Game = z.infer<typeof GameSchema>;

/** A game in `GET /api/player/recent_games` (recently opened, newest first). */
export const RecentGameSchema = GameSchema.extend({ last_activity_at: z.string() });
export type RecentGame = z.infer<typeof RecentGameSchema>;

/** `GET /api/player/played_games` item (docs/api-shapes.md#played-games-and-history), and the answer of recording one. */
export const PlayedGameSchema = z.strictObject({ identifier: z.string(), last_activity_at: z.string() });
export type PlayedGame = z.infer<typeof PlayedGameSchema>;

/** `GET /api/games/providers` item. */
export const ProviderSchema = z.strictObject({ id: z.string(), title: z.string(), games_count: z.number().int() });
export type Provider = z.infer<typeof ProviderSchema>;

/** `GET /api/games/collections` item. */
export const CollectionSchema = z.strictObject({
  id: z.string(),
  title: z.string(),
  games_count: z.number().int(),
  /** Lobby section the collection belongs to (`pokies`, `live`) or null. */
  section: z.string().nullable(),
});
export type Collection = z.infer<typeof CollectionSchema>;

/** `GET /api/games/allowed_desktop` and `allowed_mobile`: identifiers of the games a device may open. */
export const AllowedGamesSchema = z.array(z.string());

/** Pagination of `games_filter` (docs/api-shapes.md#pagination). */
export const GamesPaginationSchema = z.strictObject({
  current_page: z.number().int(),
  /** null on the last page: the client then treats the list as fully loaded. */
  next_page: z.number().int().nullable(),
  prev_page: z.number().int().nullable(),
  total_pages: z.number().int(),
  total_count: z.number().int(),
});
export type GamesPagination = z.infer<typeof GamesPaginationSchema>;

export const GamesFilterResponseSchema = z.strictObject({
  data: z.array(GameSchema),
  pagination: GamesPaginationSchema,
});
export type GamesFilterResponse = z.infer<typeof GamesFilterResponseSchema>;

/** `select` and `select_by_seo_titles` answer: games keyed by identifier. */
export const GamesSelectResponseSchema = z.record(z.string(), GameSchema);
export type GamesSelectResponse = z.infer<typeof GamesSelectResponseSchema>;

/** `GET /api/player/favorite_games`: game objects (v2), or launch ids with the v1 media type. */
export const FavoriteGamesSchema = z.union([z.array(GameSchema), z.array(z.number().int())]);

/** Query of `GET /api/games/random`. */
export const RandomGameQuerySchema = z.object({
  identifier: text().max(100).optional(),
  device: z.enum(DEVICES).optional(),
});

/** Query of `GET /api/games/collections`: `l` is accepted and not used yet (titles are English). */
export const CollectionsQuerySchema = z.object({ l: text().max(10).optional(), device: z.enum(DEVICES).optional() });
