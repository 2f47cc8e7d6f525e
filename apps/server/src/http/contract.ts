import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { buildOpenApiDocument } from '@croupier/shared/api/openapi';

/** A route as Fastify registered it: `url` in Fastify's form (`/api/player/payments/:id/recall`). */
export interface RegisteredRoute {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route added after `installContract`, so a test can hold it against the contract. */
    routeTable: readonly RegisteredRoute[];
  }
}

/**
 * Records the route table and serves the OpenAPI document of the contract at `GET /api/docs` (and
 * `/api/docs.json`), built once on first request (docs/contract.md). Install before any route.
 */
export function installContract(app: FastifyInstance, options: { publicUrl: string }) {
  const table: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) table.push({ method, url: route.url });
  });
  app.decorate('routeTable', table);

  let document: string | undefined;
  const serve = async (_request: FastifyRequest, reply: FastifyReply) => {
    document ??= JSON.stringify(buildOpenApiDocument({ version: '0.1.0', serverUrl: options.publicUrl }));
    return reply.header('cache-control', 'public, max-age=300').type('application/json; charset=utf-8').send(document);
  };
  app.get('/api/docs', serve);
  app.get('/api/docs.json', serve);
}
