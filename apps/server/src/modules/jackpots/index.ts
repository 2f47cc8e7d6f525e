import { defineModule } from '../module.ts';
import { jackpotWinsForExport } from './jackpots.repository.ts';
import { jackpotsRoutes } from './jackpots.routes.ts';
import { JackpotsService } from './jackpots.service.ts';

export interface JackpotsModule {
  service: JackpotsService;
  /** A level dropped: `{ jackpot: {...} }` for the winner's `jackpot_win_award` channel. */
  onWin(listener: (userId: number, award: JackpotAward) => void): void;
}

interface JackpotAward {
  jackpot: { id: number; name: string; level_name: string; amount_cents: number; currency: string };
}

/** The module's own handles behind its public API: its consumer and `close` use them. */
interface JackpotsRuntime extends JackpotsModule {
  announceWin(userId: number, award: JackpotAward): void;
  announceChange(jackpotId: number): void;
  stop(): void;
}

const CHANGE_THROTTLE_MS = 1_000;

declare module '../module.ts' {
  interface ModuleApis {
    jackpots: JackpotsModule;
  }
}

/**
 * Progressive jackpots: pools fed by bets on jackpot games (a consumer of the event log, so every
 * accepted bet feeds them exactly once), their drops and awards.
 */
export const jackpotsModule = defineModule({
  name: 'jackpots',
  channels: ['jackpot_win_award', 'public:jackpots_changes'],
  setup(ctx): JackpotsRuntime {
    const service = new JackpotsService({
      db: ctx.database.db,
      clock: ctx.clock,
      random: ctx.random,
      wallet: ctx.wallet.service,
    });
    const winListeners: Parameters<JackpotsModule['onWin']>[0][] = [
      (userId, award) => ctx.publish.toPlayer(userId, 'jackpot_win_award', award),
    ];
    // Amounts changed: `public:jackpots_changes`, at most once a second per jackpot.
    const pendingChange = new Map<number, NodeJS.Timeout>();
    const announceChange = (jackpotId: number) => {
      if (pendingChange.has(jackpotId)) return;
      const timer = setTimeout(() => {
        pendingChange.delete(jackpotId);
        void service
          .byId(jackpotId)
          .then((j) => j && ctx.publish.toEveryone('public:jackpots_changes', j))
          .catch((e: unknown) => ctx.log.error({ err: e }, 'jackpots: change event failed'));
      }, CHANGE_THROTTLE_MS);
      timer.unref?.();
      pendingChange.set(jackpotId, timer);
    };
    return {
      service,
      onWin: (l) => void winListeners.push(l),
      announceWin: (userId, award) => winListeners.forEach((l) => l(userId, award)),
      announceChange,
      stop: () => pendingChange.forEach((t) => clearTimeout(t)),
    };
  },
  routes: (app, api, ctx) => jackpotsRoutes(app, { ...ctx, jackpots: api.service }),
  // Contributions are a consumer of the event log: every accepted bet on a jackpot game feeds the
  // pools exactly once, in the same transaction that moves the consumer's cursor (docs/events.md).
  consumers: (api, ctx) => [
    {
      name: 'jackpots.contributions',
      types: ['wallet.bet'],
      prepare: () => api.service.ensureSeeded(),
      async handle(tx, event) {
        const bet = event.payload as {
          provider: string;
          transaction_id: string;
          game: string | null;
          currency: string;
          amount: number;
        };
        const catalogue = ctx.use('games').catalogue;
        const game = bet.game === null ? undefined : (await catalogue.get()).byIdentifier.get(bet.game);
        if (!game?.categories.includes('jackpot') || event.userId === null) return;
        const { wins, jackpotId } = await api.service.contributeIn(tx, {
          provider: bet.provider,
          transactionId: bet.transaction_id,
          userId: event.userId,
          currency: bet.currency,
          stake: BigInt(bet.amount),
        });
        return () => {
          if (jackpotId !== null) api.announceChange(jackpotId);
          for (const w of wins) {
            api.announceWin(w.userId, {
              jackpot: {
                id: w.jackpot.id,
                name: w.jackpot.name,
                level_name: w.level.name,
                amount_cents: Number(w.amount),
                currency: w.jackpot.currency,
              },
            });
            void ctx.wallet.service
              .balanceOf(w.userId, w.jackpot.currency)
              .then((balance) => ctx.wallet.service.publish(balance))
              .catch((e: unknown) => ctx.log.error({ err: e }, 'jackpots: balance event after a win failed'));
          }
        };
      },
    },
  ],
  // Wins are money records: kept through an erasure, like the ledger they were paid through.
  personalData: () => ({
    sections: { wins: 'Your jackpot wins: the jackpot and level, the amount in minor units (cents), when.' },
    export: async (userId, tx) => ({ wins: await jackpotWinsForExport(tx, userId) }),
  }),
  close: (api) => api.stop(),
});
