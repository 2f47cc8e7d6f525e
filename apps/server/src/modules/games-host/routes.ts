import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { bigRecordIdParam } from '@croupier/shared/api/primitives';
import {
  ActionRequestSchema,
  BetRequestSchema,
  ClientSeedRequestSchema,
  GAME_SESSION_HEADER,
  GameHistoryQuerySchema,
  LaunchRequestSchema,
} from '@croupier/shared/api/games-host';
import type { AppDeps } from '../../app.ts';
import { parseBody, parseInput, parseQuery, type ParseOptions } from '../../http/validate.ts';
import { gameHistory, latestWinners, roundVerification } from './history.ts';
import type { GamesHost } from './host.ts';
import { requireModel } from './models.ts';
import type { SharedRounds } from './shared-rounds.ts';

const NO_STORE = 'private, no-store';

/** Games-host calls keep their own error codes, which the games client maps; any invalid input is a 400. */
const invalid = (code = 'invalid_request'): ParseOptions => ({ code, rules: 'bad_request' });
const ROUND_ID = invalid('round_not_found');
const CLIENT_SEED = invalid('invalid_client_seed');

const token = (request: FastifyRequest) => {
  const value = request.headers[GAME_SESSION_HEADER];
  return typeof value === 'string' ? value : undefined;
};

/**
 * The games host's JSON API for its browser clients (`/games-api/...`). A session token from the
 * launch call identifies the player; money only moves through the wallet protocol inside the host.
 */
function gamesApi(app: FastifyInstance, host: GamesHost, shared: SharedRounds) {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', NO_STORE);
  });

  app.post('/games-api/sessions', async (request) => {
    const body = parseBody(LaunchRequestSchema, request, invalid());
    const loaded = await request.auth();
    const user = loaded?.user ? { id: loaded.user.id, disabledAt: loaded.user.disabledAt } : null;
    return host.launch({ gameSlug: body.game, launchId: Number(body.id), user });
  });

  app.get('/games-api/session', async (request) => host.sessionView(await host.context(token(request))));

  app.post('/games-api/rounds', async (request) => {
    const ctx = await host.context(token(request));
    const { bet, freespin_pack_id: packId } = parseBody(BetRequestSchema, request, invalid());
    if (packId !== undefined) return host.playFreeSpin(ctx, packId);
    const game = await host.game(ctx.gameId);
    if (shared.handles(game)) return shared.placeBet(ctx, game, bet);
    return host.placeBet(ctx, bet);
  });

  app.post<{ Params: { id: string } }>('/games-api/rounds/:id/actions', async (request) => {
    const ctx = await host.context(token(request));
    const id = parseInput(bigRecordIdParam, request.params.id, ROUND_ID);
    const { action } = parseBody(ActionRequestSchema, request, invalid());
    const game = await host.game(ctx.gameId);
    if (shared.handles(game)) return shared.act(ctx, game, id, action);
    return host.act(ctx, id, action);
  });

  app.get<{ Params: { id: string } }>('/games-api/rounds/:id', async (request) => {
    const ctx = await host.context(token(request));
    const id = parseInput(bigRecordIdParam, request.params.id, ROUND_ID);
    const game = await host.game(ctx.gameId);
    const row = await host.round(ctx, id);
    return {
      round: shared.handles(game) ? shared.present(row) : host.present(row, requireModel(game)),
      balance_cents: await host.balance(ctx),
    };
  });

  app.put('/games-api/fairness/client_seed', async (request) => {
    const ctx = await host.context(token(request));
    const { client_seed } = parseBody(ClientSeedRequestSchema, request, CLIENT_SEED);
    return host.seeds.setClientSeed(host.deps.db, ctx.owner, client_seed, host.deps.clock.now());
  });

  app.post('/games-api/fairness/rotate', async (request) => {
    const ctx = await host.context(token(request));
    return host.seeds.rotate(host.deps.db, ctx.owner, host.deps.clock.now());
  });

  app.get<{ Params: { slug: string } }>('/games-api/shared/:slug', async (request) =>
    shared.snapshot(request.params.slug),
  );

  // Anything else under /games-api is still the API: a JSON 404, never the web app's page (the
  // server-rendered app answers every other path).
  app.all('/games-api/*', async (request, reply) =>
    reply.status(404).send({ code: 'not_found', error: `No route ${request.method} ${request.url.split('?')[0]}` }),
  );
}

/** Player-facing calls on the main API: seeds, round verification data, game history, winners. */
function playerApi(app: FastifyInstance, host: GamesHost) {
  const { db } = host.deps;

  app.get('/api/fairness', async (request, reply) => {
    const user = await request.requireUser();
    reply.header('cache-control', NO_STORE);
    return host.seeds.view(db, `user:${user.id}`);
  });
  app.put('/api/fairness/client_seed', async (request, reply) => {
    const user = await request.requireUser();
    const { client_seed } = parseBody(ClientSeedRequestSchema, request, CLIENT_SEED);
    reply.header('cache-control', NO_STORE);
    return host.seeds.setClientSeed(db, `user:${user.id}`, client_seed, host.deps.clock.now());
  });
  app.post('/api/fairness/rotate', async (request, reply) => {
    const user = await request.requireUser();
    reply.header('cache-control', NO_STORE);
    return host.seeds.rotate(db, `user:${user.id}`, host.deps.clock.now());
  });

  app.get<{ Params: { id: string } }>('/api/fairness/rounds/:id', async (request, reply) => {
    const user = await request.requireUser();
    const id = parseInput(bigRecordIdParam, request.params.id, ROUND_ID);
    const round = await roundVerification(host, user.id, id);
    reply.header('cache-control', NO_STORE);
    return round;
  });

  app.get('/api/player/games', async (request, reply) => {
    const user = await request.requireUser();
    const q = parseQuery(GameHistoryQuerySchema, request, invalid('invalid_filter'));
    const { items, total } = await gameHistory(host, user.id, q);
    reply
      .header('cache-control', NO_STORE)
      .header('x-total-count', total)
      .header('access-control-expose-headers', 'x-total-count');
    return items;
  });

  app.get('/api/stats/winners/latest', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=5');
    return latestWinners(host);
  });
}

// The module's index.ts exports the winners-feed item from here.
export { winnerItem } from './history.ts';

export const gamesHostRoutes: FastifyPluginAsync<AppDeps & { host: GamesHost; shared: SharedRounds }> = async (
  app,
  deps,
) => {
  gamesApi(app, deps.host, deps.shared);
  playerApi(app, deps.host);
};
