/**
 * The auth module's public entry: other modules and the app import from here only (docs/architecture.md, "Module boundaries").
 */

import { defineModule } from '../module.ts';
import { authRoutes } from './auth.routes.ts';

/**
 * Accounts: sign-up, sign-in, sessions and cookies, throttling, password reset, confirmation,
 * two-factor and step-up. The session service itself is the platform's (every module reads
 * sessions), built before the modules.
 */
export const authModule = defineModule({
  name: 'auth',
  routes: (app, _api, ctx) => authRoutes(app, ctx),
});

export { type LoadedSession, type SessionService, createSessionService, requireUserFrom } from './session.service.ts';
export { liveSessionIds } from './session.repository.ts';
export { requireSteppedUp } from './step-up.ts';
