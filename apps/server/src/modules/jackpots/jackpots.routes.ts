import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../app.ts';
import type { JackpotsService } from './jackpots.service.ts';

export const jackpotsRoutes: FastifyPluginAsync<AppDeps & { jackpots: JackpotsService }> = async (
  app,
  { jackpots },
) => {
  app.get('/api/jackpots', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=5');
    return jackpots.list();
  });
  app.get('/api/games/jackpots', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=5');
    return jackpots.totals();
  });
  app.get('/api/jackpot_wins', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=5');
    return jackpots.recentWins();
  });
};
