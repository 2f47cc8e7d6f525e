import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../app.ts';

/** Routes of the info module. */
export const infoRoutes: FastifyPluginAsync<AppDeps> = async (_app, _deps) => {};
