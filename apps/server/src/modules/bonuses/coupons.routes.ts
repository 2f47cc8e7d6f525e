import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AdminBonusCodesRequestSchema, CouponRequestSchema } from '@croupier/shared/api/bonuses';
import { EmptyBodySchema } from '@croupier/shared/api/auth';
import { NoQuerySchema, recordIdParam } from '@croupier/shared/api/primitives';
import { parseBody, parseParams, parseQuery } from '../../http/validate.ts';
import { presentCode, type CouponsService } from './coupons.ts';

const IdParams = z.strictObject({ id: recordIdParam });

/** Per player, never cached (docs/reliability.md#d3-not-cached); other routes of the plugin may have said so already. */
function noStore(app: FastifyInstance) {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}

/** The player's coupon calls (docs/bonuses.md#the-calls). */
export async function couponsRoutes(app: FastifyInstance, coupons: CouponsService) {
  noStore(app);

  // Always a 200 with the outcome: SoftSwiss-style clients read it from a 2xx body only.
  app.post('/api/bonuses/coupon', async (request) => {
    parseQuery(NoQuerySchema, request);
    const { coupon_code } = parseBody(CouponRequestSchema, request);
    const user = await request.requireUser();
    return { status: await coupons.redeem(user.id, coupon_code) };
  });

  app.get('/api/player/bonus_codes', async (request) => {
    parseQuery(NoQuerySchema, request);
    const user = await request.requireUser();
    return coupons.playerCodes(user.id);
  });
}

/**
 * The operator's code calls (the module's `adminRoutes`: only with ADMIN_API_TOKEN, checked before
 * the handler). Signed by the token, not a cookie: no CSRF guard.
 */
export async function couponsAdminRoutes(app: FastifyInstance, coupons: CouponsService) {
  noStore(app);

  app.post('/api/admin/bonus-campaigns/:id/codes', { config: { csrf: false } }, async (request, reply) => {
    parseQuery(NoQuerySchema, request);
    const { id } = parseParams(IdParams, request);
    const body = parseBody(AdminBonusCodesRequestSchema, request);
    return reply.status(201).send((await coupons.generate(id, body)).map(presentCode));
  });

  app.delete('/api/admin/bonus-codes/:id', { config: { csrf: false } }, async (request) => {
    parseQuery(NoQuerySchema, request);
    parseBody(EmptyBodySchema.optional(), request);
    const { id } = parseParams(IdParams, request);
    return presentCode(await coupons.cancel(id));
  });
}
