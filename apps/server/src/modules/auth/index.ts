/**
 * The auth module's public entry: other modules and the app import from here only (docs/architecture.md, "Module boundaries").
 */

export { authRoutes } from './auth.routes.ts';
export { type LoadedSession, type SessionService, createSessionService, requireUserFrom } from './session.service.ts';
export { liveSessionIds } from './session.repository.ts';
export { requireSteppedUp } from './step-up.ts';
