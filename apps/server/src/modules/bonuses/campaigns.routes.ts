import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  AdminIssueBonusRequestSchema,
  BonusCampaignPatchSchema,
  BonusCampaignRequestSchema,
  BonusRestrictionRequestSchema,
  type AdminIssuedBonus,
} from '@croupier/shared/api/bonuses';
import { EmptyBodySchema } from '@croupier/shared/api/auth';
import { NoQuerySchema, recordIdParam } from '@croupier/shared/api/primitives';
import { parseBody, parseParams, parseQuery } from '../../http/validate.ts';
import type { ModuleContext } from '../module.ts';
import type { BonusRow } from './bonuses.repository.ts';
import type { BonusesService } from './bonuses.service.ts';
import { CampaignsService } from './campaigns.ts';

const IdParams = z.strictObject({ id: recordIdParam });

function presentIssued(bonus: BonusRow, created: boolean): AdminIssuedBonus {
  return {
    id: bonus.id,
    user_id: bonus.userId,
    campaign_id: bonus.campaignId ?? 0,
    kind: bonus.kind as AdminIssuedBonus['kind'],
    currency: bonus.currency,
    stage: bonus.stage,
    amount_cents: Number(bonus.amount),
    wager_requirement_cents: Number(bonus.wagerRequirement),
    created,
  };
}

/**
 * The operator's campaign calls (the module's `adminRoutes`: only with ADMIN_API_TOKEN, checked
 * before the handler; docs/bonuses.md#the-calls). Signed by the token, not a cookie: no CSRF guard.
 */
export async function campaignsAdminRoutes(app: FastifyInstance, bonuses: BonusesService, ctx: ModuleContext) {
  const campaigns = new CampaignsService({
    db: ctx.database.db,
    clock: ctx.clock,
    bonuses,
    maxWagerMultiplier: ctx.env.BONUS_MAX_WAGER_MULTIPLIER,
    publish: (balance) => ctx.wallet.service.publish(balance),
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get('/api/admin/bonus-campaigns', async (request) => {
    parseQuery(NoQuerySchema, request);
    return campaigns.list();
  });

  app.post('/api/admin/bonus-campaigns', { config: { csrf: false } }, async (request, reply) => {
    parseQuery(NoQuerySchema, request);
    const body = parseBody(BonusCampaignRequestSchema, request);
    return reply.status(201).send(await campaigns.create(body));
  });

  app.patch('/api/admin/bonus-campaigns/:id', { config: { csrf: false } }, async (request) => {
    parseQuery(NoQuerySchema, request);
    const { id } = parseParams(IdParams, request);
    const change = parseBody(BonusCampaignPatchSchema, request);
    return campaigns.update(id, change);
  });

  app.post('/api/admin/players/:id/bonuses', { config: { csrf: false } }, async (request, reply) => {
    parseQuery(NoQuerySchema, request);
    const { id } = parseParams(IdParams, request);
    const body = parseBody(AdminIssueBonusRequestSchema, request);
    const { bonus, created } = await campaigns.issueToPlayer(id, body);
    return reply.status(created ? 201 : 200).send(presentIssued(bonus, created));
  });

  app.put('/api/admin/players/:id/bonus-restriction', { config: { csrf: false } }, async (request) => {
    parseQuery(NoQuerySchema, request);
    const { id } = parseParams(IdParams, request);
    const { reason } = parseBody(BonusRestrictionRequestSchema, request);
    const saved = await campaigns.restrict(id, reason);
    return { user_id: saved.userId, reason: saved.reason, created_at: saved.createdAt.toISOString() };
  });

  app.delete('/api/admin/players/:id/bonus-restriction', { config: { csrf: false } }, async (request, reply) => {
    parseQuery(NoQuerySchema, request);
    parseBody(EmptyBodySchema.optional(), request);
    const { id } = parseParams(IdParams, request);
    await campaigns.unrestrict(id);
    return reply.status(204).send();
  });
}
