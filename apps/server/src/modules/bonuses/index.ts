import { defineModule } from '../module.ts';
import { bonusesForExport, bonusMoneyWithoutBonus, wageredDiffersFromWagers } from './bonuses.repository.ts';
import { bonusesSql } from './sql/index.ts';
import { BonusesService } from './bonuses.service.ts';
import { CashbackService } from './cashback.ts';
import { FreespinsService } from './freespins.ts';
import { packsForExport } from './freespins.repository.ts';
import { freespinsRoutes, presentPack } from './freespins.routes.ts';

export type { BonusRow } from './bonuses.repository.ts';
export type { IssueInput } from './bonuses.service.ts';
export type { FreespinsService, PackInput, PackRow, SpinOutcome } from './freespins.ts';

/** The module's API: the bonus engine, with its free-spin packs. */
export type BonusesApi = BonusesService & { freespins: FreespinsService };

declare module '../module.ts' {
  interface ModuleApis {
    bonuses: BonusesApi;
  }
}

/**
 * Bonuses (docs/bonuses.md): gifts, their wagering and their money. The engine core (issue,
 * activation, cancel, conversion, promotion), the rules inside the bet (`sql/`: max bet, excluded
 * games, the counter, the route of bonus-funded wins) and the wagering consumer that converts a
 * bonus once its requirement is met.
 */
export const bonusesModule = defineModule({
  name: 'bonuses',
  channels: ['freespins_changes', 'bonuses_changes'],
  setup: (ctx): BonusesApi => {
    const service = new BonusesService({ db: ctx.database.db, clock: ctx.clock, wallet: ctx.wallet.service });
    const freespins = new FreespinsService({
      db: ctx.database.db,
      clock: ctx.clock,
      bonuses: service,
      onChanged: (pack) => ctx.publish.toPlayer(pack.userId, 'freespins_changes', presentPack(pack, ctx.clock.now())),
      onBalance: (balance) => ctx.wallet.service.publish(balance),
    });
    return Object.assign(service, { freespins });
  },
  jobs: (api, ctx) => {
    const cashback = new CashbackService({ db: ctx.database.db, clock: ctx.clock, bonuses: api });
    return [
      {
        name: 'bonuses.cashback',
        everySeconds: 600,
        run: async () => {
          const done = await cashback.run();
          if (done.issued > 0) ctx.log.info(done, 'bonuses: weekly cashback issued');
          return done;
        },
      },
    ];
  },
  routes: (app, api, ctx) => freespinsRoutes(app, { freespins: api.freespins, now: () => ctx.clock.now() }),
  sql: bonusesSql,
  invariants: {
    'bonus-money-has-its-bonus': bonusMoneyWithoutBonus,
    'bonus-counter-equals-its-wagers': wageredDiffersFromWagers,
  },
  // The counter moved inside the bet; what follows from it (conversion, a lost bonus, the next one
  // promoted) is decided here, once per wallet event, in the cursor's transaction.
  consumers: (service, ctx) => [
    {
      name: 'bonuses.wagering',
      types: ['wallet.bet', 'wallet.win', 'wallet.rollback'],
      async handle(tx, event) {
        const { currency } = event.payload as { currency: string };
        if (event.userId === null) return;
        const outcome = await service.settleWageringIn(tx, event.userId, currency);
        if (!outcome) return;
        return () => {
          ctx.wallet.service.publish(outcome.balance);
        };
      },
    },
  ],
  // Bonus rows are money records: kept on erasure, tied to the player by id only. (Cancelling what
  // is left open on erasure comes with the player API: docs/bonuses.md#limits-withdrawals-privacy.)
  personalData: () => ({
    sections: {
      bonuses: 'Your bonuses: their stages, amounts, wagering counters and dates.',
      freespins: 'Your free-spin packs: their spins, stakes, games, winnings and dates.',
    },
    export: async (userId, tx) => ({
      bonuses: await bonusesForExport(tx, userId),
      freespins: await packsForExport(tx, userId),
    }),
  }),
});
