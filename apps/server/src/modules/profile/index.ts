import { smsForExport } from '../mail/index.ts';
import { defineModule } from '../module.ts';
import { eraseProfileData, phoneForExport, subscriptionsForExport } from './profile.repository.ts';
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
  personalData: () => ({
    sections: {
      phone: 'Your phone number and when it was verified (never the one-time codes).',
      sms: 'The text messages we sent for you (phone codes and offers), to the numbers you gave. A code in them is masked.',
      subscriptions: 'Your marketing choices: e-mail, SMS, phone calls and partner offers.',
    },
    export: async (userId, tx) => {
      const { phone, sms } = await phoneForExport(tx, userId);
      // A phone code never leaves in the copy, even an expired one (docs/privacy.md#mails-and-texts).
      const texts = sms.map((m) => ({ ...m, text: smsForExport(m.subject, m.text) }));
      const [subscriptions] = await subscriptionsForExport(tx, userId);
      return { phone: phone[0] ?? null, sms: texts, subscriptions: subscriptions ?? null };
    },
    erase: (userId, tx) => eraseProfileData(tx, userId),
  }),
});
