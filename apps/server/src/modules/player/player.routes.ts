import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../app.ts';

/** Routes of the player module. */
export const playerRoutes: FastifyPluginAsync<AppDeps> = async (_app, _deps) => {};
