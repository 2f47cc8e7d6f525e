import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { EmptyBodySchema } from '@croupier/shared/api/auth';
import { WageringQuerySchema } from '@croupier/shared/api/bonuses';
import { NoQuerySchema, recordIdParam } from '@croupier/shared/api/primitives';
import { parseBody, parseParams, parseQuery } from '../../http/validate.ts';
import type { BonusesService } from './bonuses.service.ts';

const IdParams = z.strictObject({ id: recordIdParam });

/**
 * The player's own bonuses (docs/bonuses.md#the-calls): the list, activation, cancel, what a cancel
 * would take, and the wagering meter. Personal and changing with every bet: never cached.
 */
export async function playerBonusRoutes(app: FastifyInstance, { bonuses }: { bonuses: BonusesService }) {
  // A scope of their own, so the header does not reach routes another file adds to this module.
  await app.register(async (scope) => {
    scope.addHook('onSend', async (_request, reply, payload) => {
      reply.header('cache-control', 'private, no-store');
      return payload;
    });

    scope.get('/api/player/bonuses', async (request) => {
      parseQuery(NoQuerySchema, request);
      const user = await request.requireUser();
      return bonuses.playerBonuses(user.id);
    });

    scope.get('/api/player/bonuses/wagering', async (request) => {
      const { game } = parseQuery(WageringQuerySchema, request);
      const user = await request.requireUser();
      return bonuses.wagering(user.id, user.currency, game);
    });

    scope.post('/api/player/bonuses/:id/activation', async (request) => {
      parseQuery(NoQuerySchema, request);
      parseBody(EmptyBodySchema.optional(), request);
      const { id } = parseParams(IdParams, request);
      const user = await request.requireUser();
      await bonuses.activate(user.id, id);
      return bonuses.playerBonus(user.id, id);
    });

    scope.delete('/api/player/bonuses/:id', async (request) => {
      parseQuery(NoQuerySchema, request);
      parseBody(EmptyBodySchema.optional(), request);
      const { id } = parseParams(IdParams, request);
      const user = await request.requireUser();
      await bonuses.cancel(user.id, id);
      return bonuses.playerBonus(user.id, id);
    });

    scope.get('/api/player/bonuses/:id/cancel_info', async (request) => {
      parseQuery(NoQuerySchema, request);
      const { id } = parseParams(IdParams, request);
      const user = await request.requireUser();
      return bonuses.cancelInfo(user.id, id);
    });
  });
}
