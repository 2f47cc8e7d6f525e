/**
 * The info module's public entry: other modules and the app import from here only (docs/architecture.md, "Module boundaries").
 */

export { infoRoutes } from './info.routes.ts';
export { seedStatuses } from './statuses.seed.ts';
export { assertNotRestricted, requestLocale, stagCookie } from './visitor.ts';
