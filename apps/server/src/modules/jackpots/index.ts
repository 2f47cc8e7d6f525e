import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app.ts';
import type { CatalogueCache } from '../games/catalogue.cache.ts';
import { jackpotsRoutes } from './jackpots.routes.ts';
import { JackpotsService } from './jackpots.service.ts';

type JackpotObject = Awaited<ReturnType<JackpotsService['list']>>[number];

export interface JackpotsModule {
  service: JackpotsService;
  /** A level dropped: `{ jackpot: {...} }` for the winner's `jackpot_win_award` channel. */
  onWin(listener: (userId: number, award: { jackpot: { id: number; name: string; level_name: string; amount_cents: number; currency: string } }) => void): void;
  /** Amounts changed (at most once a second per jackpot): for `public:jackpots_changes`. */
  onChange(listener: (jackpot: JackpotObject) => void): void;
  /** Resolves when contributions queued so far are done (tests). */
  idle(): Promise<void>;
}

const CHANGE_THROTTLE_MS = 1_000;

export async function registerJackpots(app: FastifyInstance, deps: AppDeps, catalogue: CatalogueCache): Promise<JackpotsModule> {
  const service = new JackpotsService({ db: deps.database.db, clock: deps.clock, random: deps.random, wallet: deps.wallet.service });
  const winListeners: Parameters<JackpotsModule['onWin']>[0][] = [];
  const changeListeners: Parameters<JackpotsModule['onChange']>[0][] = [];
  const pendingChange = new Map<number, NodeJS.Timeout>();
  // Contributions still running; each removes itself when done (a chained promise would keep every
  // bet's promise alive for the life of the process).
  const inFlight = new Set<Promise<unknown>>();
  const log = (message: string, error: unknown) => app.log.error({ err: error }, message);

  const announceChange = (jackpotId: number) => {
    if (pendingChange.has(jackpotId) || changeListeners.length === 0) return;
    const timer = setTimeout(() => {
      pendingChange.delete(jackpotId);
      void service.byId(jackpotId).then((j) => j && changeListeners.forEach((l) => l(j))).catch((e: unknown) => log('jackpots: change event failed', e));
    }, CHANGE_THROTTLE_MS);
    timer.unref?.();
    pendingChange.set(jackpotId, timer);
  };

  deps.wallet.onCommitted((event) => {
    if (event.action !== 'bet') return;
    const work = catalogue.get().then(async (snapshot) => {
      const game = snapshot.byIdentifier.get(event.game);
      if (!game?.categories.includes('jackpot')) return;
      const wins = await service.contribute({ provider: event.provider, transactionId: event.transactionId, userId: event.userId, currency: event.currency, stake: event.amount });
      const [jackpot] = await service.list(event.currency);
      if (jackpot) announceChange(jackpot.id);
      for (const w of wins) {
        const award = { jackpot: { id: w.jackpot.id, name: w.jackpot.name, level_name: w.level.name, amount_cents: Number(w.amount), currency: w.jackpot.currency } };
        winListeners.forEach((l) => l(w.userId, award));
      }
    });
    const tracked: Promise<unknown> = work
      .catch((e: unknown) => log('jackpots: contribution failed', e))
      .finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  });

  app.addHook('onClose', async () => pendingChange.forEach((t) => clearTimeout(t)));
  await app.register(jackpotsRoutes, { ...deps, jackpots: service });
  return {
    service,
    onWin: (l) => void winListeners.push(l),
    onChange: (l) => void changeListeners.push(l),
    idle: async () => {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}
