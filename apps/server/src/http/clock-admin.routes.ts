import { AdminClockRequestSchema, type AdminClockResponse } from '@croupier/shared/api/admin';
import type { FastifyInstance } from 'fastify';
import type { ShiftableClock } from '../lib/clock.ts';
import { requireAdminToken } from './admin.ts';
import { parseBody } from './validate.ts';

/**
 * `POST /api/admin/clock`: moves this instance's clock forward (docs/http.md#moving-the-clock). It
 * exists only with `CLOCK_SHIFT=true` and an ADMIN_API_TOKEN: browser stories use it to step over
 * a 24-hour wait; a real deployment never sets it.
 */
export async function clockAdminRoutes(
  app: FastifyInstance,
  deps: { token: string | undefined; clock?: ShiftableClock },
) {
  const { token, clock } = deps;
  if (!token || !clock) return;
  // Bearer-token calls carry no cookie, so there is nothing for a cross-site request to ride on.
  app.post('/api/admin/clock', { config: { csrf: false } }, async (request, reply) => {
    requireAdminToken(request, token);
    const { advance_seconds } = parseBody(AdminClockRequestSchema, request);
    clock.advance(advance_seconds * 1000);
    const body: AdminClockResponse = { now: clock.now().toISOString(), offset_seconds: clock.offsetMs() / 1000 };
    return reply.header('cache-control', 'no-store').send(body);
  });
}
