import path from 'node:path';
import { existsSync } from 'node:fs';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyInstance, FastifyRequest, InjectOptions } from 'fastify';
import { createRequestHandler, RouterContextProvider, type RouterContext, type ServerBuild } from 'react-router';
import { isbot } from 'isbot';
import type { SsrContext } from '@croupier/shared/ssr-context';
import type { Env } from '../config/env.ts';
import { coalesceWrites } from './compression.ts';
import { appPolicy, newNonce } from './security-headers.ts';

/** Headers the SSR api client forwards from the visitor's request (docs/player-app.md#common). */
const FORWARDED = [
  'cookie',
  'user-agent',
  'accept-language',
  'x-request-id',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
  'cf-ipcountry',
  'x-country-code',
];

/**
 * The files a browser or a crawler asks the site's root for by name (apps/web/public, copied by the
 * build; docs/web-shell.md#site-files): served as they are, with a cache time.
 */
const SITE_FILES = new Set([
  'favicon.ico',
  'favicon.svg',
  'apple-touch-icon.png',
  'icon-192.png',
  'icon-512.png',
  'icon-maskable-512.png',
  'manifest.webmanifest',
  'robots.txt',
]);

/** docs/player-app.md#timing: server-side api calls time out after 8 s (callers may pass their own signal). */
const SSR_API_TIMEOUT_MS = 8000;

export function createSsrContext(app: FastifyInstance, request: Request, env: Env, nonce: string): SsrContext {
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
    nonce,
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
 * The key of the SSR context on the request context (future.v8_middleware): the web app creates it
 * and its server entry re-exports it (`apps/web/app/lib/ssr-context.ts`), so the loaders read the
 * very object this sets.
 */
function ssrContextKeyOf(build: ServerBuild): RouterContext<SsrContext | null> {
  const key = (build.entry.module as { ssrContextKey?: RouterContext<SsrContext | null> }).ssrContextKey;
  if (!key) throw new Error('The web build does not export ssrContextKey from its server entry');
  return key;
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
    const vite = await createServer({
      root: webRoot,
      server: { middlewareMode: true, hmr: { server: app.server } },
      appType: 'custom',
    });
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
      // The build writes .br and .gz beside each text file (apps/web/precompress.ts): sent as
      // they are to clients that accept them, and never routes of their own.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      // Hashed file names under /assets never change: cache them for a year. The site files at
      // the root (icons, the web manifest, robots.txt) keep their names: a day, an hour for robots.
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
        // The path of the file sent: `.br` or `.gz` beside the named one for a client that accepts it.
        const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
        if (SITE_FILES.has(name))
          res.header('cache-control', `public, max-age=${name === 'robots.txt' ? 3600 : 86400}`);
      },
    });
  }

  const handle = createRequestHandler(build, env.NODE_ENV === 'production' ? 'production' : 'development');
  const development = env.NODE_ENV === 'development';

  // The document goes out through Fastify's reply, not the raw response, so the compression and
  // security-header hooks see it like any other answer (decision 014).
  await app.register(async (scope) => {
    // Bodies stay unread for React Router (actions read them from the request stream).
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    scope.all('/*', async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (pathname.startsWith('/api/') || pathname.startsWith('/json-api/')) {
        return reply.status(404).send({ code: 'not_found', error: `No route ${request.method} ${pathname}` });
      }
      const nonce = newNonce();
      // A visitor who leaves mid-render aborts the loaders and the render.
      const controller = new AbortController();
      reply.raw.once('close', () => controller.abort());
      const webRequest = toWebRequest(request, controller.signal);
      const context = new RouterContextProvider();
      context.set(
        ssrContextKeyOf(typeof build === 'function' ? await build() : build),
        createSsrContext(app, webRequest, env, nonce),
      );
      // The handler's type follows React Router's own Future flags, which only the web's typegen sets.
      const response = await handle(webRequest, context as never);

      reply.status(response.status);
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie') reply.header(name, value);
      });
      for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
      reply.header('content-security-policy', appPolicy({ nonce, publicUrl: env.publicUrl, development }));
      if (!response.body || request.method === 'HEAD') return reply.send();
      return reply.send(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>).pipe(coalesceWrites()));
    });
  });
}

/** The visitor's request as React Router reads it (the origin as Fastify sees it, proxy-aware). */
function toWebRequest(request: FastifyRequest, signal: AbortSignal): Request {
  const headers = new Headers();
  const raw = request.raw.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(url, {
    method: request.method,
    headers,
    signal,
    ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
  } as RequestInit);
}
