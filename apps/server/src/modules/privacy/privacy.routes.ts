import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  GdprDownloadQuerySchema,
  GdprErasureRequestSchema,
  GdprReportRequestSchema,
} from '@croupier/shared/api/privacy';
import { NoQuerySchema, recordIdParam } from '@croupier/shared/api/primitives';
import { parseBody, parseParams, parseQuery } from '../../http/validate.ts';
import type { PrivacyService } from './privacy.service.ts';

const IdParams = z.strictObject({ id: recordIdParam });

/** `/api/gdpr_reports` (docs/privacy.md#the-copy-of-your-data): the player's own requests only; never cached. */
export async function privacyRoutes(app: FastifyInstance, { privacy }: { privacy: PrivacyService }) {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'private, no-store');
    return payload;
  });

  app.get('/api/gdpr_reports', async (request) => {
    parseQuery(NoQuerySchema, request);
    const user = await request.requireUser();
    return privacy.list(user.id);
  });

  app.post('/api/gdpr_reports', async (request, reply) => {
    const user = await request.requireUser();
    parseBody(GdprReportRequestSchema, request);
    return reply.status(201).send(await privacy.request(user.id));
  });

  app.get('/api/gdpr_reports/download', async (request, reply) => {
    const user = await request.requireUser();
    const { token } = parseQuery(GdprDownloadQuerySchema, request);
    const { content, report } = await privacy.download(user.id, token);
    const day = report.requested_at.slice(0, 10);
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="croupier-data-${user.id}-${day}.json"`)
      .send(content);
  });
}

/** The operator's erasure (docs/privacy.md#erasure); mounted only with ADMIN_API_TOKEN. */
export async function privacyAdminRoutes(app: FastifyInstance, { privacy }: { privacy: PrivacyService }) {
  app.post('/api/admin/players/:id/erasure', { config: { csrf: false } }, async (request) => {
    const { id } = parseParams(IdParams, request);
    const body = parseBody(GdprErasureRequestSchema, request);
    return privacy.erase(id, body?.reason ?? null);
  });
}
