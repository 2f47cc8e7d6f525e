import { defineModule } from '../module.ts';
import { bonusesForExport, bonusMoneyWithoutBonus } from './bonuses.repository.ts';
import { BonusesService } from './bonuses.service.ts';
import { campaignConsumers } from './campaign-consumers.ts';
import { campaignsAdminRoutes } from './campaigns.routes.ts';
import { offersRoutes } from './offers.routes.ts';

export type { BonusRow } from './bonuses.repository.ts';
export { seedBonusCampaigns } from './campaigns.seed.ts';
export type { IssueInput } from './bonuses.service.ts';

declare module '../module.ts' {
  interface ModuleApis {
    bonuses: BonusesService;
  }
}

/**
 * Bonuses (docs/bonuses.md): gifts, their wagering and their money. Increment 1: the engine core
 * (issue, activation, cancel, conversion, promotion) without routes, jobs or in-bet SQL yet.
 */
export const bonusesModule = defineModule({
  name: 'bonuses',
  setup: (ctx): BonusesService =>
    new BonusesService({ db: ctx.database.db, clock: ctx.clock, wallet: ctx.wallet.service }),
  routes: (app, _bonuses, ctx) => offersRoutes(app, ctx),
  adminRoutes: (app, bonuses, ctx) => campaignsAdminRoutes(app, bonuses, ctx),
  consumers: (bonuses, ctx) => campaignConsumers(bonuses, ctx),
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
