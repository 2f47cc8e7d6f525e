import { buildMail } from '../mail/index.ts';
import { defineModule } from '../module.ts';
import { findUserById } from '../player/index.ts';
import { limitsForExport } from './limits.repository.ts';
import { limitsRoutes } from './limits.routes.ts';
import { LimitsService } from './limits.service.ts';
import { rememberSelfExclusionOnErasure } from './excluded-identity.ts';
import { limitsSql } from './sql/index.ts';

export { breakRefusal, depositRefusal, selfExclusionEnd } from './limits.repository.ts';

declare module '../module.ts' {
  interface ModuleApis {
    limits: LimitsService;
  }
}

/** Responsible gambling: the player's limits and breaks, their rules, and the bet-time check. */
export const limitsModule = defineModule({
  name: 'limits',
  sql: limitsSql,
  channels: ['game_limits'],
  setup: (ctx): LimitsService => {
    const limits = new LimitsService({
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
      endSession: async (sessionId, event) => {
        await ctx.sessions.destroyById(sessionId);
        // Told while the session's sockets are still open, so its pages say why play stopped.
        ctx.publish.toSession(sessionId, 'game_limits', event);
        ctx.realtime.disconnectSession(sessionId);
      },
      onChange: (userId, event) => ctx.publish.toPlayer(userId, 'game_limits', event),
    });
    // After-commit, like the balance push: a failure is logged and changes no answer.
    ctx.wallet.onCommitted((event) => {
      if (event.action !== 'bet') return;
      limits.afterBet(event.userId, event.currency).catch((error: unknown) => {
        ctx.log.error({ err: error, userId: event.userId }, 'limits: telling a reached limit failed');
      });
    });
    return limits;
  },
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
    {
      name: 'limits.end-sessions',
      everySeconds: 30,
      run: async () => {
        const ended = await limits.endSessionsPastLimit();
        if (ended > 0) ctx.log.info({ ended }, 'limits: sessions ended by session limits');
        return { ended };
      },
    },
  ],
  // Kept on erasure (docs/privacy.md#what-is-kept-and-why): they hold nothing that identifies the player.
  // A running self-exclusion leaves the player's address behind as a keyed hash, so it outlives the
  // account (docs/privacy.md#a-self-exclusion-outlives-erasure).
  personalData: (_api, ctx) => ({
    sections: {
      limits: 'Your responsible-gambling limits and breaks, ended ones too, with their amounts and any change waiting.',
    },
    export: async (userId, tx) => ({ limits: await limitsForExport(tx, userId) }),
    erase: (userId, tx, now) => rememberSelfExclusionOnErasure(tx, ctx.use('auth'), { userId, now }),
  }),
});
