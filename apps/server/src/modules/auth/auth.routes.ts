import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../app.ts';

/** Routes of the auth module. */
export const authRoutes: FastifyPluginAsync<AppDeps> = async (_app, _deps) => {};
