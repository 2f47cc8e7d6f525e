import path from 'node:path';
import { existsSync } from 'node:fs';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { createRequestListener } from '@react-router/node';
import type { ServerBuild } from 'react-router';
import { isbot } from 'isbot';
import type { SsrContext } from '@croupier/shared/ssr-context';
import type { Env } from '../config/env.ts';

/** Headers the SSR api client forwards from the visitor's request (SPEC §7 "Common"). */
const FORWARDED = ['cookie', 'user-agent', 'accept-language', 'x-request-id', 'x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'cf-ipcountry', 'x-country-code'];

/** SPEC §9: server-side api calls time out after 8 s (callers may pass their own signal). */
const SSR_API_TIMEOUT_MS = 8000;

export function createSsrContext(app: FastifyInstance, request: Request, env: Env): SsrContext {
  const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' };
  for (const name of FORWARDED) {
    const value = request.headers.get(name);
    if (value) headers[name] = value;
  }
  const country = (request.headers.get('cf-ipcountry') ?? request.headers.get('x-country-code'))?.toUpperCase() ?? null;
  return {
    requestId: request.headers.get('x-request-id') ?? '',
    country,
    isBot: isbot(request.headers.get('user-agent') ?? ''),
    publicUrl: env.publicUrl,
    async fetch(urlPath, init = {}) {
      const extra = new Headers(init.headers);
      const merged: Record<string, string> = { ...headers };
      extra.forEach((v, k) => {
        merged[k] = v;
      });
      const options: InjectOptions = {
        method: (init.method ?? 'GET') as InjectOptions['method'],
        url: urlPath,
        headers: merged,
        ...(typeof init.body === 'string' ? { payload: init.body } : {}),
        signal: init.signal ?? AbortSignal.timeout(SSR_API_TIMEOUT_MS),
      };
      const result = await app.inject(options);
      const responseHeaders = new Headers();
      for (const [k, v] of Object.entries(result.headers)) {
        if (v === undefined) continue;
        for (const item of Array.isArray(v) ? v : [String(v)]) responseHeaders.append(k, item);
      }
      return new Response(result.statusCode === 204 ? null : new Uint8Array(result.rawPayload), {
        status: result.statusCode,
        headers: responseHeaders,
      });
    },
  };
}

/**
 * Serves the React Router app from this process: Vite middleware with SSR module loading in
 * development, the built bundle and hashed static assets in production. API paths never reach it.
 */
export async function mountWeb(app: FastifyInstance, env: Env): Promise<void> {
  const webRoot = path.join(env.repoRoot, 'apps/web');
  // Production passes the build object itself: React Router derives its route tables and static
  // handler once. A function (development) makes it re-derive them on every request.
  let build: ServerBuild | (() => Promise<ServerBuild>);

  if (env.NODE_ENV === 'development') {
    const { createServer } = await import('vite');
    const middie = (await import('@fastify/middie')).default;
    const vite = await createServer({ root: webRoot, server: { middlewareMode: true, hmr: { server: app.server } }, appType: 'custom' });
    await app.register(middie);
    app.use(vite.middlewares);
    app.addHook('onClose', async () => vite.close());
    build = () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
  } else {
    const serverEntry = path.join(env.WEB_BUILD_DIR, 'server/index.js');
    if (!existsSync(serverEntry)) {
      throw new Error(`The web app is not built (${serverEntry} is missing). Run: npm run build`);
    }
    build = (await import(serverEntry)) as ServerBuild;
    const fastifyStatic = (await import('@fastify/static')).default;
    await app.register(fastifyStatic, {
      root: path.join(env.WEB_BUILD_DIR, 'client'),
      wildcard: false,
      index: false,
      // Hashed file names under /assets never change: cache them for a year.
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }

  const listener = createRequestListener({
    build,
    mode: env.NODE_ENV === 'production' ? 'production' : 'development',
    getLoadContext: (request) => createSsrContext(app, request, env) as never,
  });

  app.all('/*', (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/') || pathname.startsWith('/json-api/')) {
      return reply.status(404).send({ code: 'not_found', error: `No route ${request.method} ${pathname}` });
    }
    reply.hijack();
    void listener(request.raw, reply.raw);
  });
}
