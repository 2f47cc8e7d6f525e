import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Game studio / producer. `id` is the slug used in URLs (`/producers/{id}`). */
export const providers = pgTable('providers', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  position: integer('position').notNull().default(0),
});

/** Collection (category). `id` is the slug (`new`, `top`, `pokies`, …). */
export const categories = pgTable('categories', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  position: integer('position').notNull().default(0),
  /** Top-level lobby section this collection belongs to: pokies, live or null. */
  section: text('section'),
});

export const games = pgTable(
  'games',
  {
    id: serial('id').primaryKey(),
    /** `"<provider>/<seo_title>"` (docs/api-shapes.md#dates-and-ids). */
    identifier: text('identifier').notNull(),
    providerId: text('provider_id')
      .notNull()
      .references(() => providers.id),
    seoTitle: text('seo_title').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** Which of our game engines plays this title (the games issue makes these playable). */
    engine: text('engine').notNull(),
    /** Visual theme: palette and symbol used by the generated artwork and the game client. */
    theme: jsonb('theme').notNull().$type<{ palette: [string, string, string]; symbol: string; motif: string }>(),
    hasDemo: boolean('has_demo').notNull().default(true),
    volatility: text('volatility'),
    lines: integer('lines'),
    ways: integer('ways'),
    /** Theoretical RTP in percent, e.g. 96.12. */
    payout: numeric('payout', { precision: 5, scale: 2 }),
    hitRate: numeric('hit_rate', { precision: 5, scale: 2 }),
    devices: text('devices')
      .array()
      .notNull()
      .default(sql`ARRAY['desktop','mobile']::text[]`),
    frameWidth: integer('frame_width').notNull().default(1280),
    frameHeight: integer('frame_height').notNull().default(720),
    /** Higher is more popular; default lobby order. */
    popularity: integer('popularity').notNull().default(0),
    releasedAt: ts('released_at').notNull().defaultNow(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('games_identifier_idx').on(t.identifier),
    index('games_provider_idx').on(t.providerId),
    index('games_popularity_idx').on(t.popularity),
  ],
);

export const gameCategories = pgTable(
  'game_categories',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    categoryId: text('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.categoryId] }),
    index('game_categories_category_idx').on(t.categoryId, t.position),
  ],
);

/**
 * Numeric launch id of a game per currency (`currencies[CUR].id`), with `FUN` for demo play.
 * Favourites and the game frame use these ids (docs/api-shapes.md#game-object, #favourites).
 */
export const gameLaunchIds = pgTable(
  'game_launch_ids',
  {
    id: serial('id').primaryKey(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
  },
  (t) => [uniqueIndex('game_launch_ids_game_currency_idx').on(t.gameId, t.currency)],
);

export const favoriteGames = pgTable(
  'favorite_games',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.gameId] })],
);

/** Games a player opened, newest activity first in the recent list. */
export const playedGames = pgTable(
  'played_games',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    lastActivityAt: ts('last_activity_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.gameId] }),
    index('played_games_user_activity_idx').on(t.userId, t.lastActivityAt),
  ],
);
