import { buildMail } from '../mail/index.ts';
import { defineModule } from '../module.ts';
import { findUserById } from '../player/index.ts';
import { limitsForExport } from './limits.repository.ts';
import { limitsRoutes } from './limits.routes.ts';
import { LimitsService } from './limits.service.ts';
import { limitsSql } from './sql/index.ts';

export { depositRefusal, selfExclusionEnd } from './limits.repository.ts';

declare module '../module.ts' {
  interface ModuleApis {
    limits: LimitsService;
  }
}

/** Responsible gambling: the player's limits and breaks, their rules, and the bet-time check. */
export const limitsModule = defineModule({
  name: 'limits',
  sql: limitsSql,
  setup: (ctx): LimitsService =>
    new LimitsService({
      db: ctx.database.db,
      clock: ctx.clock,
      async sendConfirmation(userId, token) {
        const user = await findUserById(ctx.database.db, userId);
        if (!user) return;
        const link = `${ctx.env.publicUrl}/profile/limits/confirm?token=${encodeURIComponent(token)}`;
        await ctx.mailer.send(buildMail('limit_change', user, link));
      },
      // A break ends every session and socket of the player at once, on every instance.
      onBreak: async (userId) => {
        try {
          await ctx.sessions.destroyAllForUser(userId);
          ctx.realtime.disconnectUser(userId);
        } catch (error) {
          // The break itself is in force (bets are refused inside the wallet); say what did not end.
          ctx.log.error({ err: error, userId }, 'limits: ending sessions for a break failed');
        }
      },
    }),
  routes: (app, limits) => limitsRoutes(app, { limits }),
  jobs: (limits, ctx) => [
    {
      name: 'limits.lapse-changes',
      everySeconds: 60,
      run: async () => {
        const lapsed = await limits.lapse();
        if (lapsed > 0) ctx.log.info({ lapsed }, 'limits: unconfirmed changes lapsed');
        return { lapsed };
      },
    },
  ],
  // Kept on erasure (docs/privacy.md#what-is-kept-and-why): they hold nothing that identifies the player.
  personalData: () => ({
    sections: {
      limits: 'Your responsible-gambling limits and breaks, ended ones too, with their amounts and any change waiting.',
    },
    export: async (userId, tx) => ({ limits: await limitsForExport(tx, userId) }),
  }),
});
