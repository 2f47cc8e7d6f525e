import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app.ts';
import { createCatalogueCache } from '../games/index.ts';
import { betRefusal, OWN_PROVIDER } from '../wallet/index.ts';
import { GamesHost, type FinishedRound } from './host.ts';
import { gamesHostRoutes } from './routes.ts';
import { SharedRounds, type SharedRoundEvent } from './shared-rounds.ts';
import { InProcessWalletClient } from './wallet-client.ts';

export interface GamesHostModule {
  host: GamesHost;
  shared: SharedRounds;
  onSharedRound(listener: (game: string, event: SharedRoundEvent) => void): void;
  onRoundFinished(listener: (round: FinishedRound) => void): void;
}

/** How long one instance runs the shared rounds before the lease is offered again. */
export const SHARED_ROUNDS_LEASE_SECONDS = 30;

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
  app.addHook('onClose', async () => {
    shared.stop();
  });
  // Rounds a player never finished are settled in their favour after GAME_ROUND_ABANDON_MINUTES.
  deps.jobs.define({
    name: 'games.abandoned-rounds',
    everySeconds: 60,
    run: async () => {
      const settled = await host.settleAbandoned();
      if (settled > 0) app.log.info({ settled }, 'games host: abandoned rounds settled');
      return { settled };
    },
  });
  // The shared-round games (Rocket, live roulette) run their cycles on one instance at a time.
  deps.jobs.define({
    name: 'games.shared-rounds',
    everySeconds: 0,
    expireInSeconds: SHARED_ROUNDS_LEASE_SECONDS + 30,
    run: () => shared.runFor(SHARED_ROUNDS_LEASE_SECONDS * 1000),
    interrupt: () => shared.stop(),
  });
  return {
    host,
    shared,
    onSharedRound: (l) => void sharedListeners.push(l),
    onRoundFinished: (l) => void finishedListeners.push(l),
  };
}

export { betLimits } from './bet-limits.ts';
export { winnerItem } from './routes.ts';
