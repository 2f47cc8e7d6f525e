import type { FastifyInstance } from 'fastify';
import { forbidden } from '../lib/errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for cookie-authenticated calls (docs/reliability.md#a10-csrf): every state-changing request must
 * carry the ajax-marking header (a cross-site form cannot set it, and a cross-site fetch that sets
 * it needs a CORS preflight we never grant), and an Origin header, when present, must be ours.
 * Routes authenticated by signature (wallet protocol, PSP webhooks) opt out with `config.csrf = false`.
 */
export function installCsrfGuard(app: FastifyInstance, allowedOrigins: string[]) {
  const allowed = new Set(allowedOrigins.map((o) => o.replace(/\/$/, '')));
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if ((request.routeOptions.config as { csrf?: boolean } | undefined)?.csrf === false) return;
    if (request.headers['x-requested-with'] !== 'XMLHttpRequest') {
      throw forbidden('csrf_failed', 'Missing X-Requested-With header.');
    }
    const origin = request.headers.origin;
    if (origin && origin !== 'null') {
      const own = `${request.protocol}://${request.host}`;
      if (origin !== own && !allowed.has(origin)) throw forbidden('csrf_failed', 'Cross-origin request refused.');
    } else if (origin === 'null') {
      throw forbidden('csrf_failed', 'Cross-origin request refused.');
    }
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false for routes authenticated by a signature instead of the session cookie. */
    csrf?: boolean;
  }
}
