import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app.ts';
import type { CatalogueCache } from '../games/index.ts';
import { jackpotsRoutes } from './jackpots.routes.ts';
import { JackpotsService } from './jackpots.service.ts';

type JackpotObject = Awaited<ReturnType<JackpotsService['list']>>[number];

export interface JackpotsModule {
  service: JackpotsService;
  /** A level dropped: `{ jackpot: {...} }` for the winner's `jackpot_win_award` channel. */
  onWin(
    listener: (
      userId: number,
      award: { jackpot: { id: number; name: string; level_name: string; amount_cents: number; currency: string } },
    ) => void,
  ): void;
  /** Amounts changed (at most once a second per jackpot): for `public:jackpots_changes`. */
  onChange(listener: (jackpot: JackpotObject) => void): void;
}

const CHANGE_THROTTLE_MS = 1_000;

export async function registerJackpots(
  app: FastifyInstance,
  deps: AppDeps,
  catalogue: CatalogueCache,
): Promise<JackpotsModule> {
  const service = new JackpotsService({
    db: deps.database.db,
    clock: deps.clock,
    random: deps.random,
    wallet: deps.wallet.service,
  });
  const winListeners: Parameters<JackpotsModule['onWin']>[0][] = [];
  const changeListeners: Parameters<JackpotsModule['onChange']>[0][] = [];
  const pendingChange = new Map<number, NodeJS.Timeout>();
  const log = (message: string, error: unknown) => app.log.error({ err: error }, message);

  const announceChange = (jackpotId: number) => {
    if (pendingChange.has(jackpotId) || changeListeners.length === 0) return;
    const timer = setTimeout(() => {
      pendingChange.delete(jackpotId);
      void service
        .byId(jackpotId)
        .then((j) => j && changeListeners.forEach((l) => l(j)))
        .catch((e: unknown) => log('jackpots: change event failed', e));
    }, CHANGE_THROTTLE_MS);
    timer.unref?.();
    pendingChange.set(jackpotId, timer);
  };

  // Contributions are a consumer of the event log: every accepted bet on a jackpot game feeds the
  // pools exactly once, in the same transaction that moves the consumer's cursor (docs/events.md).
  deps.events.register({
    name: 'jackpots.contributions',
    types: ['wallet.bet'],
    prepare: () => service.ensureSeeded(),
    async handle(tx, event) {
      const bet = event.payload as {
        provider: string;
        transaction_id: string;
        game: string | null;
        currency: string;
        amount: number;
      };
      const game = bet.game === null ? undefined : (await catalogue.get()).byIdentifier.get(bet.game);
      if (!game?.categories.includes('jackpot') || event.userId === null) return;
      const { wins, jackpotId } = await service.contributeIn(tx, {
        provider: bet.provider,
        transactionId: bet.transaction_id,
        userId: event.userId,
        currency: bet.currency,
        stake: BigInt(bet.amount),
      });
      return () => {
        if (jackpotId !== null) announceChange(jackpotId);
        for (const w of wins) {
          const award = {
            jackpot: {
              id: w.jackpot.id,
              name: w.jackpot.name,
              level_name: w.level.name,
              amount_cents: Number(w.amount),
              currency: w.jackpot.currency,
            },
          };
          winListeners.forEach((l) => l(w.userId, award));
          void deps.wallet.service
            .balanceOf(w.userId, w.jackpot.currency)
            .then((balance) => deps.wallet.service.publish(balance))
            .catch((e: unknown) => log('jackpots: balance event after a win failed', e));
        }
      };
    },
  });

  app.addHook('onClose', async () => pendingChange.forEach((t) => clearTimeout(t)));
  await app.register(jackpotsRoutes, { ...deps, jackpots: service });
  return {
    service,
    onWin: (l) => void winListeners.push(l),
    onChange: (l) => void changeListeners.push(l),
  };
}
