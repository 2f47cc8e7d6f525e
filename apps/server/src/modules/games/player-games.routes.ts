import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  FAVORITES_V1_MEDIA_TYPE,
  PlayedGameRequestSchema,
  RECENT_GAMES_LIMIT,
  type PlayedGame,
} from '@croupier/shared/api/games';
import { NO_SUCH_ID, recordIdParam } from '@croupier/shared/api/primitives';
import type { AppDeps } from '../../app.ts';
import { parseBody } from '../../http/validate.ts';
import { notFound } from '../../lib/errors.ts';
import type { CachedGame, CatalogueCache } from './catalogue.cache.ts';
import { addFavorite, favoriteGameIds, markPlayed, recentlyPlayed, removeFavorite } from './games.repository.ts';

const JSON_TYPE = 'application/json; charset=utf-8';
const PRIVATE = 'private, no-store';

const gameNotFound = () => notFound('game_not_found', 'Game not found');

/**
 * docs/api-shapes.md#favourites: the client picks the id-list (v1) or full-object (v2) form of favourites with the
 * vendor media type, in `accept-client` (this client) or `Accept` (other SoftSwiss clients). Neither
 * means v2.
 */
function wantsIdList(request: FastifyRequest): boolean {
  const chosen = request.headers['accept-client'];
  if (typeof chosen === 'string' && chosen.includes('vnd.s.')) return chosen.includes(FAVORITES_V1_MEDIA_TYPE);
  return (request.headers.accept ?? '').includes(FAVORITES_V1_MEDIA_TYPE);
}

/** Favourites, recently opened games (`/api/player/...`). All need a signed-in player. */
export function registerPlayerGameRoutes(app: FastifyInstance, deps: AppDeps, catalogue: CatalogueCache) {
  const { db } = deps.database;
  const { clock } = deps;

  /** A numeric per-currency launch id (any currency, or FUN) → its active game, or 404. */
  async function gameByLaunchId(raw: string): Promise<CachedGame> {
    // Not digits, or past the int4 column: no game has that id.
    const id = recordIdParam.safeParse(raw);
    if (!id.success || id.data === NO_SUCH_ID) throw gameNotFound();
    const game = (await catalogue.get()).byLaunchId.get(id.data);
    if (!game?.active) throw gameNotFound();
    return game;
  }

  async function recentRows(userId: number) {
    const rows = await recentlyPlayed(db, userId, RECENT_GAMES_LIMIT);
    const snapshot = await catalogue.get();
    return rows.flatMap((r) => {
      const game = snapshot.byId.get(r.gameId);
      return game?.active ? [{ game, at: r.lastActivityAt.toISOString() }] : [];
    });
  }

  // Oldest first: the client reverses the list for display (docs/api-shapes.md#favourites).
  app.get('/api/player/favorite_games', async (request, reply) => {
    const user = await request.requireUser();
    const ids = await favoriteGameIds(db, user.id);
    const snapshot = await catalogue.get();
    const list = ids.flatMap((id) => {
      const game = snapshot.byId.get(id);
      return game?.active ? [game] : [];
    });
    reply.header('cache-control', PRIVATE).header('vary', 'accept, accept-client');
    if (wantsIdList(request)) {
      // v1: the launch id of each game in the player's currency.
      return list.flatMap((g) => {
        const id = g.launchIds[user.currency];
        return id === undefined ? [] : [id];
      });
    }
    return reply.type(JSON_TYPE).send(`[${list.map((g) => g.json).join(',')}]`);
  });

  app.put<{ Params: { id: string } }>('/api/player/favorite_games/:id', async (request, reply) => {
    const user = await request.requireUser();
    const game = await gameByLaunchId(request.params.id);
    await addFavorite(db, user.id, game.id, clock.now());
    return reply.status(201).header('cache-control', PRIVATE).send();
  });

  app.delete<{ Params: { id: string } }>('/api/player/favorite_games/:id', async (request, reply) => {
    const user = await request.requireUser();
    const game = await gameByLaunchId(request.params.id);
    await removeFavorite(db, user.id, game.id);
    return reply.status(204).header('cache-control', PRIVATE).send();
  });

  // Recently opened games, newest first, as full game objects with `last_activity_at` (our
  // extension: one call instead of played_games + select). `/api/player/games` is the game
  // history of docs/api-shapes.md#played-games-and-history, served by the games host.
  app.get('/api/player/recent_games', async (request, reply) => {
    const user = await request.requireUser();
    const recent = await recentRows(user.id);
    const body = recent.map(({ game, at }) => `${game.json.slice(0, -1)},"last_activity_at":${JSON.stringify(at)}}`);
    return reply
      .header('cache-control', PRIVATE)
      .type(JSON_TYPE)
      .send(`[${body.join(',')}]`);
  });

  // docs/api-shapes.md#played-games-and-history: identifiers with their last activity, newest first.
  app.get('/api/player/played_games', async (request, reply) => {
    const user = await request.requireUser();
    const recent = await recentRows(user.id);
    reply.header('cache-control', PRIVATE);
    return recent.map(({ game, at }): PlayedGame => ({ identifier: game.identifier, last_activity_at: at }));
  });

  // Our extension (not a SoftSwiss call): the game page reports that the player opened a game.
  app.post('/api/player/played_games', async (request, reply) => {
    const user = await request.requireUser();
    const body = parseBody(PlayedGameRequestSchema, request, { rules: 'bad_request' });
    const game = (await catalogue.get()).byIdentifier.get(body.identifier);
    if (!game?.active) throw gameNotFound();
    const now = clock.now();
    await markPlayed(db, user.id, game.id, now);
    return reply
      .status(201)
      .header('cache-control', PRIVATE)
      .send({ identifier: game.identifier, last_activity_at: now.toISOString() } satisfies PlayedGame);
  });
}
