/**
 * Unknown `/games-api/*` paths are the API's: a JSON 404, even with the server-rendered web app
 * mounted, which answers every other path with a page (http/web.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { discardingMailer } from '../mail/mailer.ts';
import { parseEnv } from '../../config/env.ts';
import { fixedClock } from '../../lib/clock.ts';
import { openTestDatabase } from '../../../test/build-test-app.ts';
import type { FastifyInstance } from 'fastify';

let app: FastifyInstance;
let drop: () => Promise<void>;
beforeAll(async () => {
  const opened = await openTestDatabase();
  drop = opened.drop;
  app = (
    await buildApp({
      env: parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_ON_START: 'false' }),
      database: opened.database,
      clock: fixedClock(new Date('2026-11-22T12:00:00Z')),
      mailer: discardingMailer,
      // Stands in for the web app as mountWeb registers it: every path nobody else serves gets a page.
      web: async (scope) => {
        scope.all('/*', async (_request, reply) =>
          reply.type('text/html; charset=utf-8').send('<!doctype html><p>the web app</p>'),
        );
      },
    })
  ).http;
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await drop();
});

describe('/games-api/* that nothing serves', () => {
  it('answers a JSON 404 for any method, while other unknown paths still get the web app', async () => {
    for (const [method, url] of [
      ['GET', '/games-api/nope'],
      ['POST', '/games-api/rounds/1/nope'],
      ['GET', '/games-api/rounds'],
      ['DELETE', '/games-api/session?x=1'],
    ] as const) {
      const res = await app.inject({ method, url, headers: { 'x-requested-with': 'XMLHttpRequest' } });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json(), url).toEqual({ code: 'not_found', error: `No route ${method} ${url.split('?')[0]}` });
    }
    const page = await app.inject({ method: 'GET', url: '/some/page' });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
  });
});
