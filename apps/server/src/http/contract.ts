import type { FastifyInstance, FastifyReply } from 'fastify';
import { buildOpenApiDocument } from '@croupier/shared/api/openapi';

/**
 * Serves the OpenAPI document of the contract at `GET /api/docs` (and `/api/docs.json`), built on
 * the first request and kept: it changes only with the code (docs/contract.md).
 */
export function installContractDocs(app: FastifyInstance, options: { publicUrl: string }) {
  let document: string | undefined;
  const serve = async (_request: unknown, reply: FastifyReply) => {
    document ??= JSON.stringify(buildOpenApiDocument({ version: '0.1.0', serverUrl: options.publicUrl }));
    return reply.header('cache-control', 'public, max-age=300').type('application/json; charset=utf-8').send(document);
  };
  app.get('/api/docs', serve);
  app.get('/api/docs.json', serve);
}
