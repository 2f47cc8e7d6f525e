import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../app.ts';

/**
 * `GET /api/user_limits` (docs/api-shapes.md#limits): the player's responsible-gambling limits as a bare
 * array. Limits themselves (create, confirm, delete, periods) arrive with the limits issue; until
 * then no player can have one, so the true answer is an empty list. The game page already reads
 * it to send a player whose limit is reached to the limits page.
 */
export const limitsRoutes: FastifyPluginAsync<AppDeps> = async (app) => {
  app.get('/api/user_limits', async (request, reply) => {
    await request.requireUser();
    return reply.header('cache-control', 'private, no-store').send([]);
  });
};
