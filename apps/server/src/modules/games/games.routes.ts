import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../app.ts';

/** Routes of the games module. */
export const gamesRoutes: FastifyPluginAsync<AppDeps> = async (_app, _deps) => {};
