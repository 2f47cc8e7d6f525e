import { defineModule } from '../module.ts';
import { eraseGamePreferences, favouritesForExport, playedGamesForExport } from './games.repository.ts';
import { type CatalogueCache, createCatalogueCache } from './catalogue.cache.ts';
import { gamesRoutes } from './games.routes.ts';
import { winsFeedConsumer } from './wins-feed.ts';

export interface GamesApi {
  /** The catalogue snapshot every reader shares: the lobby, the games host, jackpots, the wins feed. */
  catalogue: CatalogueCache;
}

declare module '../module.ts' {
  interface ModuleApis {
    games: GamesApi;
  }
}

/**
 * The lobby: the catalogue (seeded data, one in-memory snapshot), lobby filters, favourites,
 * recent games, game history, and the public wins feed fed by the event log.
 */
export const gamesModule = defineModule({
  name: 'games',
  channels: ['public:wins'],
  setup(ctx, app): GamesApi {
    const catalogue = createCatalogueCache(ctx.database.db, {
      onRefreshError: (error) => ctx.log.warn({ err: error }, 'catalogue refresh failed; serving the previous copy'),
    });
    // Warm the copy before the first request.
    app.addHook('onReady', async () => {
      await catalogue.get();
    });
    return { catalogue };
  },
  routes: (app, api, ctx) => gamesRoutes(app, { ...ctx, catalogue: api.catalogue }),
  consumers: (api, ctx) => [winsFeedConsumer(api.catalogue, (item) => ctx.publish.toEveryone('public:wins', item))],
  personalData: () => ({
    sections: {
      favourites: 'The games you marked as favourites.',
      recent_games: 'The games you opened, with when you last played each.',
    },
    export: async (userId, tx) => ({
      favourites: await favouritesForExport(tx, userId),
      recent_games: await playedGamesForExport(tx, userId),
    }),
    erase: (userId, tx) => eraseGamePreferences(tx, userId),
  }),
  close: (api) => api.catalogue.close(),
});

export { type CachedGame, type CatalogueCache, createCatalogueCache } from './catalogue.cache.ts';
export { seedGameCatalogue } from './catalogue.seed.ts';
