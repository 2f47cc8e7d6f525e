import type { FastifyPluginAsync } from 'fastify';
import { InfoQuerySchema, LocalesQuerySchema } from '@croupier/shared/api/info';
import type { AppDeps } from '../../app.ts';
import { parseQuery } from '../../http/validate.ts';
import { createPlayerService } from '../player/index.ts';
import { createInfoService } from './info.service.ts';
import { stagCookie, visitorCountry } from './visitor.ts';

/** Public info calls (docs/api-shapes.md#info) and the SSR start data `GET /json-api/serverdata` (docs/player-app.md#server-side-start). */
export const infoRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const info = createInfoService({ db: deps.database.db, env: deps.env });
  const players = createPlayerService({ db: deps.database.db, env: deps.env, clock: deps.clock });

  app.get('/api/info/currencies', async (request) => {
    parseQuery(InfoQuerySchema, request);
    return info.currencies(visitorCountry(request));
  });

  app.get('/api/info/countries', async (request) => {
    parseQuery(InfoQuerySchema, request);
    return info.countries();
  });

  app.get('/api/info/locales', async (request) => {
    parseQuery(LocalesQuerySchema, request);
    return info.locales();
  });

  app.get('/api/info/statuses', async (request) => {
    parseQuery(InfoQuerySchema, request);
    return info.statuses();
  });

  app.get('/api/info/project', async (request) => {
    parseQuery(InfoQuerySchema, request);
    return info.project();
  });

  app.get('/json-api/serverdata', async (request, reply) => {
    parseQuery(InfoQuerySchema, request);
    const user = (await request.auth())?.user ?? null;
    const data = info.serverData({
      country: visitorCountry(request),
      user: user ? await players.present(user) : null,
      settings: players.settings(user, stagCookie(request)),
    });
    // Per visitor and per session: never cached.
    reply.header('cache-control', 'no-store');
    return data;
  });
};
