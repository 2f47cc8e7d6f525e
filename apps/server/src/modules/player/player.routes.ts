import type { FastifyPluginAsync } from 'fastify';
import { NoQuerySchema } from '@croupier/shared/api/primitives';
import {
  AccountsQuerySchema,
  CreateAccountRequestSchema,
  PlayerUpdateRequestSchema,
  UpdateLocaleRequestSchema,
} from '@croupier/shared/api/player';
import type { AppDeps } from '../../app.ts';
import { parseBody, parseQuery } from '../../http/validate.ts';
import { stagCookie } from '../info/index.ts';
import { createPlayerService } from './player.service.ts';

/** The signed-in player's profile, locale, settings and wallets (docs/player-app.md#server-calls, docs/api-shapes.md#player). */
export const playerRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const players = createPlayerService({ db: deps.database.db, env: deps.env, clock: deps.clock });

  // Personal data and balances: never cached by the browser or a proxy (docs/reliability.md#d3-not-cached).
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get('/api/player', async (request) => {
    parseQuery(NoQuerySchema, request);
    const user = await request.requireUser();
    return players.present(user);
  });

  app.patch('/api/player', async (request) => {
    const { player: input } = parseBody(PlayerUpdateRequestSchema, request);
    const user = await request.requireUser();
    return players.updateProfile(user, input);
  });

  app.patch('/api/player/update_locale', async (request) => {
    const { locale } = parseBody(UpdateLocaleRequestSchema, request);
    const user = await request.requireUser();
    return players.updateLocale(user, locale);
  });

  app.get('/api/player/settings', async (request) => {
    parseQuery(NoQuerySchema, request);
    const loaded = await request.auth();
    return players.settings(loaded?.user ?? null, stagCookie(request));
  });

  app.get('/api/player/accounts', async (request) => {
    parseQuery(AccountsQuerySchema, request);
    const user = await request.requireUser();
    return players.listAccounts(user);
  });

  app.post('/api/player/accounts', async (request, reply) => {
    const { currency } = parseBody(CreateAccountRequestSchema, request);
    const user = await request.requireUser();
    return reply.code(201).send(await players.openAccount(user, currency));
  });
};
