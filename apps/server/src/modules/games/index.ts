/**
 * The games module's public entry: other modules and the app import from here only (docs/architecture.md, "Module boundaries").
 */

export { type CachedGame, type CatalogueCache, createCatalogueCache } from './catalogue.cache.ts';
export { seedGameCatalogue } from './catalogue.seed.ts';
export { gamesRoutes } from './games.routes.ts';
export { registerWinsFeed } from './wins-feed.ts';
