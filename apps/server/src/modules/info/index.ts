/**
 * The info module's public entry: other modules and the app import from here only (docs/architecture.md, "Module boundaries").
 */

import { defineModule } from '../module.ts';
import { infoRoutes } from './info.routes.ts';

/** Start data (`/json-api/serverdata`), countries, currencies and statuses. */
export const infoModule = defineModule({
  name: 'info',
  routes: (app, _api, ctx) => infoRoutes(app, ctx),
});

export { seedStatuses } from './statuses.seed.ts';
export { assertNotRestricted, requestLocale, stagCookie, visitorCountry } from './visitor.ts';
