import type { FastifyInstance } from 'fastify';
import { UserLimitConfirmRequestSchema, UserLimitRequestSchema } from '@croupier/shared/api/limits';
import { z } from 'zod';
import { EmptyBodySchema } from '@croupier/shared/api/auth';
import { NoQuerySchema, recordIdParam } from '@croupier/shared/api/primitives';
import { parseBody, parseParams, parseQuery } from '../../http/validate.ts';
import type { LimitsService } from './limits.service.ts';

const IdParams = z.strictObject({ id: recordIdParam });

/** `/api/user_limits` (docs/limits.md): the player's own limits only; never cached. */
export async function limitsRoutes(app: FastifyInstance, { limits }: { limits: LimitsService }) {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'private, no-store');
    return payload;
  });

  app.get('/api/user_limits', async (request) => {
    parseQuery(NoQuerySchema, request);
    const user = await request.requireUser();
    return limits.list(user.id, (await request.auth())?.session.createdAt);
  });

  app.post('/api/user_limits', async (request, reply) => {
    const user = await request.requireUser();
    const body = parseBody(UserLimitRequestSchema, request);
    const { created, limit } = await limits.set(user.id, body);
    return reply.status(created ? 201 : 200).send(limit);
  });

  app.delete('/api/user_limits/:id', async (request) => {
    parseQuery(NoQuerySchema, request);
    // Nothing but the id is read here, so nothing else is accepted.
    parseBody(EmptyBodySchema.optional(), request);
    const user = await request.requireUser();
    const { id } = parseParams(IdParams, request);
    return limits.remove(user.id, id);
  });

  app.post('/api/user_limits/confirm', async (request) => {
    const user = await request.requireUser();
    const { token } = parseBody(UserLimitConfirmRequestSchema, request);
    return { confirmed: true, limit: await limits.confirm(user.id, token) };
  });
}
