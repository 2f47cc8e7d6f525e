import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app.ts';
import { createCatalogueCache } from '../modules/games/catalogue.cache.ts';
import { betRefusal, OWN_PROVIDER } from '../modules/wallet/index.ts';
import { GamesHost, type FinishedRound } from './host.ts';
import { gamesHostRoutes } from './routes.ts';
import { SharedRounds, type SharedRoundEvent } from './shared-rounds.ts';
import { InProcessWalletClient } from './wallet-client.ts';

export interface GamesHostModule {
  host: GamesHost;
  shared: SharedRounds;
  onSharedRound(listener: (game: string, event: SharedRoundEvent) => void): void;
  onRoundFinished(listener: (round: FinishedRound) => void): void;
  /** Settles abandoned rounds every `intervalMs` from now on (serving processes only). */
  startAbandonSweeper(intervalMs?: number): void;
}

/**
 * Croupier's own games host, mounted in the same process by default. It reaches the casino only
 * through the wallet protocol (in-process client, same signed bytes as over HTTP).
 */
export async function registerGamesHost(app: FastifyInstance, deps: AppDeps): Promise<GamesHostModule> {
  const sharedListeners: ((game: string, event: SharedRoundEvent) => void)[] = [];
  const finishedListeners: ((round: FinishedRound) => void)[] = [];
  const safely = (what: string, fn: () => void) => {
    try {
      fn();
    } catch (error) {
      app.log.error({ err: error }, `games host: ${what} listener failed`);
    }
  };
  const catalogue = createCatalogueCache(deps.database.db, {
    onRefreshError: (error) => app.log.error({ err: error }, 'games host: catalogue refresh failed'),
  });
  const host = new GamesHost({
    db: deps.database.db,
    clock: deps.clock,
    random: deps.random,
    catalogue,
    wallet: new InProcessWalletClient(deps.wallet.protocol, OWN_PROVIDER, deps.wallet.secrets.get(OWN_PROVIDER)!),
    provider: OWN_PROVIDER,
    sessionMinutes: deps.env.GAME_SESSION_MINUTES,
    abandonMinutes: deps.env.GAME_ROUND_ABANDON_MINUTES,
    betRefusal,
    onError: (message, error) => app.log.error({ err: error }, message),
    onRoundFinished: (round) => finishedListeners.forEach((l) => safely('round', () => l(round))),
  });
  const shared = new SharedRounds(host, (game, event) =>
    sharedListeners.forEach((l) => safely('shared round', () => l(game, event))),
  );
  await app.register(gamesHostRoutes, { ...deps, host, shared });
  let sweeper: NodeJS.Timeout | undefined;
  app.addHook('onClose', async () => {
    shared.stop();
    clearInterval(sweeper);
  });
  return {
    host,
    shared,
    onSharedRound: (l) => void sharedListeners.push(l),
    onRoundFinished: (l) => void finishedListeners.push(l),
    startAbandonSweeper(intervalMs = 60_000) {
      clearInterval(sweeper);
      sweeper = setInterval(() => {
        host
          .settleAbandoned()
          .then((n) => n > 0 && app.log.info({ settled: n }, 'games host: abandoned rounds settled'))
          .catch((error: unknown) => app.log.error({ err: error }, 'games host: abandoned-round sweep failed'));
      }, intervalMs);
      sweeper.unref();
    },
  };
}
