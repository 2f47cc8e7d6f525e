import { createThrottle } from '../auth/index.ts';
import { defineModule } from '../module.ts';
import {
  bonusesForExport,
  bonusMoneyWithoutBonus,
  closeBonusesOnErasure,
  wageredDiffersFromWagers,
} from './bonuses.repository.ts';
import { playerBonusRoutes } from './bonuses.routes.ts';
import { BonusesService } from './bonuses.service.ts';
import { applyDepositsAhead, campaignConsumerDeps, campaignConsumers } from './campaign-consumers.ts';
import { dismissalsForExport, eraseDismissals, restrictionForExport } from './campaigns.repository.ts';
import { bonusMailsConsumer } from './mails.ts';
import { campaignsAdminRoutes } from './campaigns.routes.ts';
import { offersRoutes } from './offers.routes.ts';
import { codesForExport } from './coupons.repository.ts';
import { couponsAdminRoutes, couponsRoutes } from './coupons.routes.ts';
import { CouponsService } from './coupons.ts';
import { CashbackService } from './cashback.ts';
import { FreespinsService } from './freespins.ts';
import { packsForExport } from './freespins.repository.ts';
import { freespinsRoutes, presentPack } from './freespins.routes.ts';
import { bonusesSql } from './sql/index.ts';

export type { BonusRow } from './bonuses.repository.ts';
export { seedBonusCampaigns } from './campaigns.seed.ts';
export type { ExpiryRun, IssueInput } from './bonuses.service.ts';
export type { FreespinsService, PackInput, PackRow, SpinOutcome } from './freespins.ts';
export type { CouponsService } from './coupons.ts';

/** The module's API: the bonus engine, with its free-spin packs and its coupon codes. */
export type BonusesApi = BonusesService & { freespins: FreespinsService; coupons: CouponsService };

declare module '../module.ts' {
  interface ModuleApis {
    bonuses: BonusesApi;
  }
}

/**
 * Bonuses (docs/bonuses.md): gifts, their wagering and their money. The engine core (issue,
 * activation, cancel, conversion, promotion), the rules inside the bet (`sql/`: max bet, excluded
 * games, the counter, the route of bonus-funded wins), the wagering consumer that converts a bonus
 * once its requirement is met, free-spin packs, weekly cashback, coupon and promo codes, the player's
 * calls, the expiry job and the `bonuses_changes` push from the event log.
 */
export const bonusesModule = defineModule({
  name: 'bonuses',
  channels: ['bonuses_changes', 'freespins_changes'],
  setup: (ctx): BonusesApi => {
    const service: BonusesService = new BonusesService({
      db: ctx.database.db,
      clock: ctx.clock,
      wallet: ctx.wallet.service,
      // Each change appended `bonus.changed`: the push below goes out without waiting for the poll.
      onCommitted: () => ctx.events.wake(),
      publish: (userId, bonus) => ctx.publish.toPlayer(userId, 'bonuses_changes', bonus),
      depositsAhead: (tx, userId, currency) =>
        applyDepositsAhead(campaignConsumerDeps(service, ctx), tx, userId, currency),
    });
    const freespins = new FreespinsService({
      db: ctx.database.db,
      clock: ctx.clock,
      bonuses: service,
      onChanged: (pack) => ctx.publish.toPlayer(pack.userId, 'freespins_changes', presentPack(pack, ctx.clock.now())),
      onBalance: (balance) => ctx.wallet.service.publish(balance),
    });
    const coupons = new CouponsService({
      db: ctx.database.db,
      clock: ctx.clock,
      bonuses: service,
      freespins,
      // Failed redemptions count like failed sign-ins, in the same table with the same limits.
      throttle: createThrottle({ db: ctx.database.db, clock: ctx.clock, env: ctx.env }),
      publish: (balance) => ctx.wallet.service.publish(balance),
      onCommitted: () => ctx.events.wake(),
    });
    return Object.assign(service, { freespins, coupons });
  },
  routes: async (app, api, ctx) => {
    await playerBonusRoutes(app, { bonuses: api });
    await freespinsRoutes(app, { freespins: api.freespins, now: () => ctx.clock.now() });
    await offersRoutes(app, ctx);
    await couponsRoutes(app, api.coupons);
  },
  adminRoutes: async (app, api, ctx) => {
    await campaignsAdminRoutes(app, api, ctx);
    await couponsAdminRoutes(app, api.coupons);
  },
  sql: bonusesSql,
  jobs: (api, ctx) => {
    const cashback = new CashbackService({ db: ctx.database.db, clock: ctx.clock, bonuses: api });
    return [
      {
        name: 'bonuses.expiry',
        everySeconds: 60,
        run: async () => {
          const done = await api.expire();
          const packs = await api.freespins.expireDue();
          const codes = await api.coupons.expire();
          if (done.expired > 0 || done.canceled > 0 || packs > 0 || codes > 0)
            ctx.log.info({ ...done, packs, codes }, 'bonuses: expired and self-exclusion cancels');
          return { ...done, packs, codes };
        },
      },
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
  consumers: (bonuses, ctx) => {
    // One push per bonus per batch, of the bonus as it is after the batch's commit: the first
    // after-commit step of a batch sends them all, the others find nothing left.
    const pending = new Map<number, number>();
    const idle = new Set<string>();
    const flush = () => {
      for (const [bonusId, userId] of pending) {
        pending.delete(bonusId);
        void bonuses.publishBonus(userId, bonusId).catch((error: unknown) => {
          ctx.log.error({ err: error, bonusId }, 'bonuses: bonuses_changes push failed');
        });
      }
    };
    const mail = ctx.use('mail');
    return [
      ...campaignConsumers(bonuses, ctx),
      bonusMailsConsumer({
        clock: ctx.clock,
        promotions: mail.promotions,
        notices: mail.notices,
        publicUrl: ctx.env.publicUrl,
      }),
      {
        name: 'bonuses.notify',
        types: ['bonus.changed'],
        async handle(_tx, event) {
          const { id } = event.payload as { id: number };
          if (event.userId === null) return;
          pending.set(id, event.userId);
          return flush;
        },
      },
      // The counter moved inside the bet; what follows from it (conversion, a lost bonus, the next
      // one promoted) is decided here, once per wallet event, in the cursor's transaction. The
      // meter hears of every counted bet through the same push. Most wallets wager no bonus: one
      // that had none at its first event of a batch is not asked again in that batch (a bonus
      // activated after the batch's events were read cannot be wagered by them).
      {
        name: 'bonuses.wagering',
        types: ['wallet.bet', 'wallet.win', 'wallet.rollback'],
        prepare: async () => idle.clear(),
        async handle(tx, event) {
          const { currency } = event.payload as { currency: string };
          if (event.userId === null) return;
          const wallet = `${event.userId}:${currency}`;
          if (idle.has(wallet)) return;
          const outcome = await bonuses.settleWageringIn(tx, event.userId, currency);
          if (!outcome) {
            idle.add(wallet);
            return;
          }
          pending.set(outcome.bonusId, event.userId);
          return () => {
            ctx.wallet.service.publish(outcome.balance);
            flush();
          };
        },
      },
    ];
  },
  invariants: {
    'bonus-money-has-its-bonus': bonusMoneyWithoutBonus,
    'bonus-counter-equals-its-wagers': wageredDiffersFromWagers,
  },
  // Bonus rows are money records: kept on erasure, tied to the player by id only; what was offered
  // and never started is canceled, dismissals go, a restriction stays
  // (docs/bonuses.md#limits-withdrawals-privacy).
  personalData: () => ({
    erase: async (userId, tx, now) => {
      await closeBonusesOnErasure(tx, userId, now);
      await eraseDismissals(tx, userId);
    },
    sections: {
      bonuses: 'Your bonuses: their stages, amounts, wagering counters and dates.',
      freespins: 'Your free-spin packs: their spins, stakes, games, winnings and dates.',
      codes:
        'Your coupon and promo codes: those you redeemed, when, and the bonus or free spins each gave you; personal codes made for you.',
      offers_dismissed: 'The bonus offers you dismissed, so they are no longer shown to you, and when.',
      restriction:
        'Whether we keep bonuses from your account, and since when (null: we do not). Ask our support about it.',
    },
    export: async (userId, tx) => ({
      bonuses: await bonusesForExport(tx, userId),
      freespins: await packsForExport(tx, userId),
      codes: await codesForExport(tx, userId),
      offers_dismissed: await dismissalsForExport(tx, userId),
      restriction: await restrictionForExport(tx, userId),
    }),
  }),
});
