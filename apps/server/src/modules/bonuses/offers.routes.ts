import type { FastifyInstance } from 'fastify';
import {
  OfferIdParamsSchema,
  SetBonusCodeRequestSchema,
  UpdateBonusSettingsRequestSchema,
} from '@croupier/shared/api/bonuses';
import { EmptyBodySchema } from '@croupier/shared/api/auth';
import { NoQuerySchema } from '@croupier/shared/api/primitives';
import { parseBody, parseParams, parseQuery } from '../../http/validate.ts';
import type { ModuleContext } from '../module.ts';
import { createPlayerService } from '../player/index.ts';
import { OffersService, type OfferList } from './offers.ts';

/**
 * The offers and the player's bonus settings (docs/bonuses.md#the-calls): the offer lists are public
 * (filtered for a signed-in player), everything else is the signed-in player's own.
 */
export async function offersRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const players = createPlayerService({ db: ctx.database.db, env: ctx.env, clock: ctx.clock });
  const offers = new OffersService({
    db: ctx.database.db,
    clock: ctx.clock,
    player: (userId) => players.getPlayer(userId),
  });
  // Filtered per player: never cached by the browser or a proxy (docs/reliability.md#d3-not-cached).
  // The module's other routes share this plugin and may have set `private, no-store` already.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });

  for (const list of ['deposit', 'registration'] as const satisfies readonly OfferList[]) {
    app.get(`/api/bonuses/${list}`, async (request) => {
      parseQuery(NoQuerySchema, request);
      const loaded = await request.auth();
      return offers.list(list, loaded?.user?.id ?? null);
    });

    app.delete(`/api/bonuses/${list}/:id`, async (request, reply) => {
      parseQuery(NoQuerySchema, request);
      parseBody(EmptyBodySchema.optional(), request);
      const { id } = parseParams(OfferIdParamsSchema, request);
      const user = await request.requireUser();
      await offers.dismiss(user.id, list, id);
      return reply.status(204).send();
    });
  }

  app.get('/api/bonuses/available_bonuses', async (request) => {
    parseQuery(NoQuerySchema, request);
    const user = await request.requireUser();
    return { available_bonuses: await offers.available(user.id) };
  });

  app.patch('/api/player/set_bonus_code', async (request) => {
    parseQuery(NoQuerySchema, request);
    const { deposit_bonus_code } = parseBody(SetBonusCodeRequestSchema, request);
    const user = await request.requireUser();
    return offers.setCode(user.id, deposit_bonus_code);
  });

  app.delete('/api/player/clear_bonus_code', async (request, reply) => {
    parseQuery(NoQuerySchema, request);
    parseBody(EmptyBodySchema.optional(), request);
    const user = await request.requireUser();
    await offers.clearCode(user.id);
    return reply.status(204).send();
  });

  app.patch('/api/player/update_bonus_settings', async (request) => {
    parseQuery(NoQuerySchema, request);
    const { can_issue } = parseBody(UpdateBonusSettingsRequestSchema, request);
    const user = await request.requireUser();
    return offers.updateSettings(user.id, can_issue);
  });
}
