import { eventsOfPlayer } from '../../events/event-log.repository.ts';
import { buildMail } from '../mail/index.ts';
import { defineModule } from '../module.ts';
import { findUserById } from '../player/index.ts';
import { reportsForExport } from './privacy.repository.ts';
import { privacyAdminRoutes, privacyRoutes } from './privacy.routes.ts';
import { PrivacyService } from './privacy.service.ts';

declare module '../module.ts' {
  interface ModuleApis {
    privacy: PrivacyService;
  }
}

/**
 * The player's copy of their data and the operator's erasure (docs/privacy.md, decision 025). It
 * owns no one else's data: every module declares its own `personalData`, which this module asks.
 */
export const privacyModule = defineModule({
  name: 'privacy',
  setup: (ctx): PrivacyService =>
    new PrivacyService({
      db: ctx.database.db,
      clock: ctx.clock,
      personalData: ctx.personalData,
      async sendLink(userId, token) {
        const user = await findUserById(ctx.database.db, userId);
        if (!user) return;
        const link = `${ctx.env.publicUrl}/profile/data/download?token=${encodeURIComponent(token)}`;
        await ctx.mailer.send(buildMail('gdpr_report', user, link));
      },
      // The sessions were deleted in the erasure's transaction; open sockets close now.
      onErased: async (userId) => ctx.realtime.disconnectUser(userId),
    }),
  routes: (app, privacy) => privacyRoutes(app, { privacy }),
  adminRoutes: (app, privacy) => privacyAdminRoutes(app, { privacy }),
  jobs: (privacy, ctx) => [
    {
      name: 'privacy.reports',
      everySeconds: 10,
      run: async () => {
        const done = await privacy.runReports();
        if (done.built + done.mailed + done.expired > 0) ctx.log.info(done, 'privacy: data copies');
        return done;
      },
    },
  ],
  // The event log is the platform's (docs/events.md); the export shows the player's part of it here.
  personalData: () => ({
    sections: {
      data_requests: 'Your requests for a copy of your data, and when each was ready and downloaded.',
      event_log:
        'Our log of what happened to your account and money (bets, wins, payments), as our own systems record it.',
    },
    export: async (userId, tx) => ({
      data_requests: await reportsForExport(tx, userId),
      event_log: await eventsOfPlayer(tx, userId),
    }),
  }),
});
