import type { AdminJobsResponse } from '@croupier/shared/api/admin';
import type { FastifyInstance } from 'fastify';
import { requireAdminToken } from '../http/admin.ts';
import type { Scheduler } from './scheduler.ts';

/** `GET /api/admin/jobs`: the operator's one place to see every leased job (docs/jobs.md). */
export async function jobsAdminRoutes(app: FastifyInstance, deps: { token: string | undefined; jobs: Scheduler }) {
  const { token, jobs } = deps;
  if (!token) return;
  app.get('/api/admin/jobs', async (request, reply) => {
    requireAdminToken(request, token);
    const body: AdminJobsResponse = { running: jobs.running(), jobs: await jobs.status() };
    return reply.header('cache-control', 'no-store').send(body);
  });
}
