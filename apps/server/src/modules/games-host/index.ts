import { defineModule } from '../module.ts';
import { betRefusal, OWN_PROVIDER } from '../wallet/index.ts';
import { GamesHost, type FinishedRound } from './host.ts';
import { gamesHostRoutes } from './routes.ts';
import { hasOpenRealRound, roundsForExport, sharedRoundsForExport } from './games-host.repository.ts';
import { seedNonceViolations, seedPairsForExport } from './seeds.repository.ts';
import { SharedRounds } from './shared-rounds.ts';
import { InProcessWalletClient } from './wallet-client.ts';

export interface GamesHostModule {
  host: GamesHost;
  shared: SharedRounds;
  onRoundFinished(listener: (round: FinishedRound) => void): void;
}

/** How long one instance runs the shared rounds before the lease is offered again. */
export const SHARED_ROUNDS_LEASE_SECONDS = 30;

declare module '../module.ts' {
  interface ModuleApis {
    'games-host': GamesHostModule;
  }
}

/**
 * Croupier's own games host, mounted in the same process by default. It reaches the casino only
 * through the wallet protocol (in-process client, same signed bytes as over HTTP).
 */
export const gamesHostModule = defineModule({
  name: 'games-host',
  channels: ['shared_round'],
  invariants: { 'seed-nonces': seedNonceViolations },
  setup(ctx, app): GamesHostModule {
    const finishedListeners: ((round: FinishedRound) => void)[] = [];
    const safely = (what: string, fn: () => void) => {
      try {
        fn();
      } catch (error) {
        ctx.log.error({ err: error }, `games host: ${what} listener failed`);
      }
    };
    const host = new GamesHost({
      db: ctx.database.db,
      clock: ctx.clock,
      random: ctx.random,
      catalogue: ctx.use('games').catalogue,
      wallet: new InProcessWalletClient(ctx.wallet.protocol, OWN_PROVIDER, ctx.wallet.secrets.get(OWN_PROVIDER)!),
      provider: OWN_PROVIDER,
      sessionMinutes: ctx.env.GAME_SESSION_MINUTES,
      abandonMinutes: ctx.env.GAME_ROUND_ABANDON_MINUTES,
      betRefusal,
      onError: (message, error) => ctx.log.error({ err: error }, message),
      onRoundFinished: (round) => finishedListeners.forEach((l) => safely('round', () => l(round))),
      freespins: ctx.use('bonuses').freespins,
    });
    // Every event is published after its transaction committed; a failing push must not stop the runner.
    const shared = new SharedRounds(host, (game, event) =>
      safely('shared round', () => ctx.publish.toRoom(game, event)),
    );
    // Before the scheduler stops: a shared-round lease in progress ends at once.
    app.addHook('onClose', async () => shared.stop());
    return {
      host,
      shared,
      onRoundFinished: (l) => void finishedListeners.push(l),
    };
  },
  routes: (app, api, ctx) => gamesHostRoutes(app, { ...ctx, host: api.host, shared: api.shared }),
  jobs: ({ host, shared }, ctx) => [
    // Rounds a player never finished are settled in their favour after GAME_ROUND_ABANDON_MINUTES.
    {
      name: 'games-host.abandoned-rounds',
      everySeconds: 60,
      run: async () => {
        const settled = await host.settleAbandoned();
        if (settled > 0) ctx.log.info({ settled }, 'games host: abandoned rounds settled');
        return { settled };
      },
    },
    // The shared-round games (Rocket, live roulette) run their cycles on one instance at a time.
    {
      name: 'games-host.shared-rounds',
      everySeconds: 0,
      expireInSeconds: SHARED_ROUNDS_LEASE_SECONDS + 30,
      run: () => shared.runFor(SHARED_ROUNDS_LEASE_SECONDS * 1000),
      interrupt: () => shared.stop(),
    },
  ],
  // Rounds are money records, kept on erasure (docs/privacy.md#what-is-kept-and-why): no `erase`.
  personalData: () => ({
    sections: {
      rounds:
        'Your real-money rounds: game, stake, win, the bet and your actions, the outcome, and the seed pair and nonce it was drawn from.',
      seed_pairs:
        'Your provably-fair seed pairs: the server seed only once revealed (rotated), its hash and your client seed always.',
      shared_rounds:
        'The shared rounds (Rocket, live roulette) you bet in: their seed once the round ended, and result.',
    },
    export: async (userId, tx) => ({
      rounds: await roundsForExport(tx, userId),
      seed_pairs: await seedPairsForExport(tx, `user:${userId}`),
      shared_rounds: await sharedRoundsForExport(tx, userId),
    }),
    refuseErasure: async (userId, tx) =>
      (await hasOpenRealRound(tx, userId))
        ? { code: 'erasure_round_open', message: 'The player has a round still open: it must be settled first.' }
        : null,
  }),
});

export { betLimits } from './bet-limits.ts';
export { winnerItem } from './routes.ts';
