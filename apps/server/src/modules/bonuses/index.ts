import { defineModule } from '../module.ts';
import { bonusesForExport, bonusMoneyWithoutBonus } from './bonuses.repository.ts';
import { playerBonusRoutes } from './bonuses.routes.ts';
import { BonusesService } from './bonuses.service.ts';

export type { BonusRow } from './bonuses.repository.ts';
export type { ExpiryRun, IssueInput } from './bonuses.service.ts';

declare module '../module.ts' {
  interface ModuleApis {
    bonuses: BonusesService;
  }
}

/**
 * Bonuses (docs/bonuses.md): gifts, their wagering and their money. The engine core (issue,
 * activation, cancel, conversion, promotion), the player's calls, the expiry job, and the
 * `bonuses_changes` push from the event log; the in-bet SQL comes with increment 2.
 */
export const bonusesModule = defineModule({
  name: 'bonuses',
  channels: ['bonuses_changes'],
  setup: (ctx): BonusesService =>
    new BonusesService({
      db: ctx.database.db,
      clock: ctx.clock,
      wallet: ctx.wallet.service,
      // Each change appended `bonus.changed`: the push below goes out without waiting for the poll.
      onCommitted: () => ctx.events.wake(),
      publish: (userId, bonus) => ctx.publish.toPlayer(userId, 'bonuses_changes', bonus),
    }),
  routes: (app, bonuses) => playerBonusRoutes(app, { bonuses }),
  jobs: (bonuses, ctx) => [
    {
      name: 'bonuses.expiry',
      everySeconds: 60,
      run: async () => {
        const done = await bonuses.expire();
        if (done.expired > 0 || done.canceled > 0) ctx.log.info(done, 'bonuses: expired and self-exclusion cancels');
        return done;
      },
    },
  ],
  consumers: (bonuses, ctx) => {
    // One push per bonus per batch, of the bonus as it is after the batch's commit: the first
    // after-commit step of a batch sends them all, the others find nothing left.
    const pending = new Map<number, number>();
    return [
      {
        name: 'bonuses.notify',
        types: ['bonus.changed'],
        async handle(_tx, event) {
          const { id } = event.payload as { id: number };
          if (event.userId === null) return;
          pending.set(id, event.userId);
          return () => {
            for (const [bonusId, userId] of pending) {
              pending.delete(bonusId);
              void bonuses.publishBonus(userId, bonusId).catch((error: unknown) => {
                ctx.log.error({ err: error, bonusId }, 'bonuses: bonuses_changes push failed');
              });
            }
          };
        },
      },
    ];
  },
  invariants: { 'bonus-money-has-its-bonus': bonusMoneyWithoutBonus },
  // Bonus rows are money records: kept on erasure, tied to the player by id only. (Cancelling what
  // is left open on erasure comes with the player API: docs/bonuses.md#limits-withdrawals-privacy.)
  personalData: () => ({
    sections: {
      bonuses: 'Your bonuses: their stages, amounts, wagering counters and dates.',
    },
    export: async (userId, tx) => ({ bonuses: await bonusesForExport(tx, userId) }),
  }),
});
