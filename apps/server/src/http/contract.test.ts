import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '@croupier/shared/api/routes';
import { REALTIME_CHANNELS } from '@croupier/shared/api/realtime-channels';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { routesOf } from '../../test/contract.ts';

/**
 * Routes that are not part of the JSON contract, each with the reason. Anything else Fastify serves
 * must have its line in packages/shared/src/api/routes.ts: a new route without a contract fails here.
 */
const NOT_IN_CONTRACT: Record<string, string> = {
  'GET /health': 'liveness probe for the load balancer, not an API call',
  'GET /api/docs': 'the OpenAPI document itself',
  'GET /api/docs.json': 'the OpenAPI document itself',
  'GET /game-art/{provider}/{file}': 'generated SVG artwork, not JSON',
  'POST /payments/webhooks/{provider}': "a payment provider's own signed wire format, answered per provider",
  'GET /sandbox-psp/3ds/{id}': "the sandbox bank's HTML page (a real PSP serves it on its own domain)",
  'POST /sandbox-psp/3ds/{id}': "the sandbox bank's HTML form",
  'GET /sandbox-onramp': "the sandbox on-ramp widget's HTML page",
  'POST /sandbox-onramp': "the sandbox on-ramp widget's HTML form",
  'GET /dev/mailbox': 'development mailbox (HTML), never in production',
  'GET /dev/mailbox.json': 'development mailbox, never in production',
  'GET /games-api/*': 'the JSON 404 of unknown games-host paths (every method)',
  'GET /api/player/documents/{id}/file': 'a verification document itself (an image or a PDF), not JSON',
  'GET /api/admin/documents/{id}/file': 'a verification document itself, for the operator (an image or a PDF)',
};

type Operation = { responses: Record<string, { content?: { 'application/json'?: { schema?: unknown } } }> };

describe('the contract and its OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Every optional part on, so every route of the contract is served.
    t = await buildTestApp({
      PAYMENTS_SANDBOX: 'true',
      DEV_MAILBOX: 'true',
      ADMIN_API_TOKEN: 'a'.repeat(40),
      CLOCK_SHIFT: 'true',
    });
  });
  afterAll(async () => t.close());

  it('serves an OpenAPI 3.1 document in which every call has an answer with a schema', async () => {
    const res = await t.app.inject({ url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const doc = res.json<{ openapi: string; paths: Record<string, Record<string, Operation>> }>();
    expect(doc.openapi).toBe('3.1.0');
    expect((await t.app.inject({ url: '/api/docs.json' })).body).toBe(res.body);
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
    );
    expect(operations).toHaveLength(ROUTES.length);
    for (const { name, op } of operations) {
      const success = Object.entries(op.responses).filter(([status]) => status.startsWith('2'));
      expect(success.length, `${name} has no success answer`).toBeGreaterThan(0);
      for (const [status, answer] of success) {
        if (status === '204' || (status === '201' && !answer.content)) continue;
        expect(answer.content?.['application/json']?.schema, `${name} ${status} has no schema`).toBeTypeOf('object');
      }
    }
  });

  it('lists every realtime channel with its payload schema', async () => {
    const doc = (await t.app.inject({ url: '/api/docs' })).json<{
      'x-realtime-channels': Record<string, { payload: unknown }>;
    }>();
    expect(Object.keys(doc['x-realtime-channels']).sort()).toEqual(Object.keys(REALTIME_CHANNELS).sort());
    for (const channel of Object.values(doc['x-realtime-channels'])) expect(channel.payload).toBeTypeOf('object');
  });

  it('has a contract for every route Fastify serves, and serves every route of the contract', () => {
    const served = new Set(routesOf(t.app).map((r) => r.replace(/:(\w+)/g, '{$1}')));
    const documented = new Set(ROUTES.map((r) => `${r.method} ${r.path}`));
    const missing = [...served].filter((r) => !documented.has(r) && !(r in NOT_IN_CONTRACT));
    expect(missing, 'routes without a contract: add them to packages/shared/src/api/routes.ts').toEqual([]);
    expect(
      [...documented].filter((r) => !served.has(r)),
      'contracts without a route',
    ).toEqual([]);
    expect(
      Object.keys(NOT_IN_CONTRACT).filter((r) => !served.has(r)),
      'stale exclusions',
    ).toEqual([]);
  });
});
