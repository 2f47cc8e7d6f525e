import type { FastifyInstance } from 'fastify';
import { EmptyBodySchema } from '@croupier/shared/api/auth';
import { NoQuerySchema } from '@croupier/shared/api/primitives';
import {
  PhoneAddRequestSchema,
  PhoneConfirmRequestSchema,
  PlayerGroupsRequestSchema,
  SubscriptionsUpdateRequestSchema,
  UpdateDetailsRequestSchema,
} from '@croupier/shared/api/profile';
import { parseBody, parseQuery } from '../../http/validate.ts';
import { PLAYER_FIELDS } from './player-fields.ts';
import type { ProfileService } from './profile.service.ts';

/**
 * The phone, subscriptions, missing details and groups of the signed-in player, and the public
 * form description (docs/player-profile.md). Personal answers are never cached.
 */
export async function profileRoutes(app: FastifyInstance, { profile }: { profile: ProfileService }) {
  app.get('/api/info/player_fields', async (request, reply) => {
    parseQuery(NoQuerySchema, request);
    // The same for everyone and changes only with a release.
    reply.header('cache-control', 'public, max-age=300');
    return PLAYER_FIELDS;
  });

  await app.register(async (player) => {
    player.addHook('onSend', async (_request, reply, payload) => {
      reply.header('cache-control', 'private, no-store');
      return payload;
    });

    player.get('/api/player/phone', async (request, reply) => {
      parseQuery(NoQuerySchema, request);
      const user = await request.requireUser();
      const phone = await profile.getPhone(user.id);
      return phone ? phone : reply.code(204).send();
    });

    player.post('/api/player/phone', async (request, reply) => {
      const { phone } = parseBody(PhoneAddRequestSchema, request);
      const user = await request.requireUser();
      return reply.code(201).send(await profile.addPhone(user.id, phone.number, request.ip));
    });

    player.post('/api/player/phone/confirm', async (request) => {
      const { phone } = parseBody(PhoneConfirmRequestSchema, request);
      const user = await request.requireUser();
      return profile.confirmPhone(user.id, phone.code);
    });

    player.delete('/api/player/phone', async (request, reply) => {
      parseQuery(NoQuerySchema, request);
      // No body, or an empty object: nothing else is read here, so nothing else is accepted.
      parseBody(EmptyBodySchema.optional(), request);
      const user = await request.requireUser();
      await profile.removePhone(user.id);
      return reply.code(204).send();
    });

    player.get('/api/subscriptions', async (request) => {
      parseQuery(NoQuerySchema, request);
      const user = await request.requireUser();
      return profile.getSubscriptions(user.id);
    });

    player.put('/api/subscriptions', async (request) => {
      const body = parseBody(SubscriptionsUpdateRequestSchema, request);
      const user = await request.requireUser();
      return profile.setSubscriptions(user.id, body);
    });

    player.post('/api/auth_providers/update_details', async (request, reply) => {
      const { user: input } = parseBody(UpdateDetailsRequestSchema, request);
      const user = await request.requireUser();
      return reply.code(201).send(await profile.fillDetails(user.id, input));
    });

    player.post('/api/player/groups', async (request) => {
      const { groups } = parseBody(PlayerGroupsRequestSchema, request);
      const user = await request.requireUser();
      return profile.setGroups(user.id, groups);
    });
  });
}
