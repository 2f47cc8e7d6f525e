import { defineModule } from '../module.ts';
import { profileRoutes } from './profile.routes.ts';
import { createProfileService, type ProfileService } from './profile.service.ts';

declare module '../module.ts' {
  interface ModuleApis {
    profile: ProfileService;
  }
}

/**
 * The player's profile data beyond the player object (docs/player-profile.md): the verified phone,
 * promotional subscriptions, the form description, filling missing sign-in fields, groups.
 */
export const profileModule = defineModule({
  name: 'profile',
  setup: (ctx): ProfileService =>
    createProfileService({
      db: ctx.database.db,
      env: ctx.env,
      clock: ctx.clock,
      sms: ctx.sms,
      logError: (message, error) => ctx.log.error({ err: error }, message),
    }),
  routes: (app, profile) => profileRoutes(app, { profile }),
});
