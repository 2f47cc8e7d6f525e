/**
 * Security headers and compression (decision 014, docs/http.md) on what the server really sends:
 * the server-rendered app (the built web app, mounted as in production), JSON, static files and
 * the hand-written sandbox pages. Needs the web build (`npm run build`, as `npm test` does).
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { brotliDecompressSync, createBrotliDecompress, createGunzip, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/build-test-app.ts';
import { buildApp } from '../app.ts';
import { discardingMailer } from '../modules/mail/mailer.ts';
import { parseEnv, type Env } from '../config/env.ts';
import { fixedClock } from '../lib/clock.ts';
import { coalesceWrites, installCompression } from './compression.ts';
import { mountWeb } from './web.ts';

let app: FastifyInstance;
let env: Env;
let drop: () => Promise<void>;

async function buildWithWeb(overrides: Record<string, string> = {}) {
  const database = await openTestDatabase();
  const appEnv = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_ON_START: 'false', ...overrides });
  const instance = (
    await buildApp({
      env: appEnv,
      database: database.database,
      clock: fixedClock(new Date('2026-11-22T12:00:00Z')),
      mailer: discardingMailer,
      web: (a) => mountWeb(a, appEnv),
    })
  ).http;
  await instance.ready();
  return { instance, env: appEnv, drop: database.drop };
}

beforeAll(async () => {
  ({ instance: app, env, drop } = await buildWithWeb());
});
afterAll(async () => {
  await app.close();
  await drop();
});

function scriptDirective(csp: string): string {
  return (
    csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('script-src')) ?? ''
  );
}

describe('security headers', () => {
  it('the server-rendered page has a nonce policy that every inline script of the document carries', async () => {
    const res = await app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(scriptDirective(csp))?.[1];
    expect(nonce).toBeDefined();
    expect(Buffer.from(nonce!, 'base64')).toHaveLength(16);
    expect(scriptDirective(csp)).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("frame-src 'self'");
    expect(csp).toContain("object-src 'none'");
    // socket.io: our own origin over ws
    expect(csp).toContain(`connect-src 'self' ws://${new URL(env.publicUrl).host};`);
    const scripts = [...res.body.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    // The reply goes through Fastify's hooks like any other answer: the request id too.
    expect(res.headers['x-request-id']).toBeDefined();
  });

  it('mints a fresh nonce for every document, the game client and error pages included', async () => {
    const nonces = new Set<string>();
    for (const url of ['/', '/', '/games/wizard-of-avalon/1', '/this/page/does-not-exist']) {
      const res = await app.inject({ url });
      const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
      expect(nonce, url).toBeDefined();
      expect(res.body, url).toContain(`nonce="${nonce}"`);
      nonces.add(nonce!);
    }
    expect(nonces.size).toBe(4);
  });

  it('JSON answers carry nosniff and the referrer policy, and no document policy', async () => {
    const res = await app.inject({
      url: '/api/info/crypto_exchange_rates',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-frame-options']).toBeUndefined();
    const notFound = await app.inject({ url: '/api/nothing-here' });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.headers['x-content-type-options']).toBe('nosniff');
  });

  it('hashed static files: nosniff, a year of immutable caching, no document policy', async () => {
    const asset = await firstAsset();
    const res = await app.inject({ url: asset });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['content-security-policy']).toBeUndefined();
  });

  it('the sandbox on-ramp page gets a policy with no script at all, framed by our origin only', async () => {
    const res = await app.inject({ url: '/sandbox-onramp?coin=BTC&fiat=EUR' });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    expect(csp).toContain("form-action 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.body).not.toContain('<script');
  });

  it('sends HSTS only when the public origin is https', async () => {
    const https = await buildWithWeb({ PUBLIC_URL: 'https://casino.example' });
    try {
      for (const url of ['/health', '/']) {
        const res = await https.instance.inject({ url });
        expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      }
      expect(String((await https.instance.inject({ url: '/' })).headers['content-security-policy'])).toContain(
        "connect-src 'self' wss://casino.example",
      );
    } finally {
      await https.instance.close();
      await https.drop();
    }
    expect((await app.inject({ url: '/health' })).headers['strict-transport-security']).toBeUndefined();
  });
});

/** The first hashed script the lobby document loads. */
async function firstAsset(): Promise<string> {
  const html = (await app.inject({ url: '/' })).body;
  const src = /"(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (!src) throw new Error('no /assets script in the lobby document');
  return src;
}

describe('compression', () => {
  const decode = { br: brotliDecompressSync, gzip: gunzipSync } as const;

  it('the server-rendered page: brotli when accepted, gzip otherwise, plain for identity; always Vary', async () => {
    const plain = await app.inject({ url: '/', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toMatch(/^<!DOCTYPE html>/i);
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['br;q=0.5, gzip', 'gzip'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await app.inject({ url: '/', headers: { 'accept-encoding': accept } });
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      const html = decode[encoding](res.rawPayload).toString();
      expect(html).toMatch(/^<!DOCTYPE html>/i);
      expect(html).toMatch(/<\/html>\s*$/);
      // Same document (the nonce differs per response).
      expect(html.length).toBeGreaterThan(plain.body.length - 200);
      expect(res.rawPayload.length).toBeLessThan(html.length / 3);
    }
  });

  it('JSON of 1 KB or more is compressed; smaller answers are not', async () => {
    const headers = {
      'x-requested-with': 'XMLHttpRequest',
      'content-type': 'application/json',
      'accept-encoding': 'br, gzip',
    };
    const res = await app.inject({
      method: 'POST',
      url: '/api/games_filter',
      headers,
      payload: JSON.stringify({ device: 'desktop', page: 1, page_size: 40 }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toHaveProperty('data');
    const small = await app.inject({ url: '/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
  });

  it('request bodies are read as sent, never inflated (signatures cover the bytes received)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/games_filter',
      headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ device: 'desktop', page: 1, page_size: 40 })),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'malformed_json' });
  });

  it('hashed static files are sent as their build-time .br and .gz copies', async () => {
    const asset = await firstAsset();
    const file = path.join(env.WEB_BUILD_DIR, 'client', asset);
    const source = readFileSync(file);
    const br = await app.inject({ url: asset, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.equals(readFileSync(`${file}.br`))).toBe(true);
    expect(brotliDecompressSync(br.rawPayload).equals(source)).toBe(true);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const gz = await app.inject({ url: asset, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(readFileSync(`${file}.gz`))).toBe(true);
    const plain = await app.inject({ url: asset, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(source)).toBe(true);
    // The copies are not files of their own.
    expect((await app.inject({ url: `${asset}.br` })).statusCode).toBe(404);
  });
});

describe('streaming through compression', () => {
  let server: FastifyInstance;
  let handed: (body: PassThrough) => void = () => {};
  beforeAll(async () => {
    server = Fastify();
    await installCompression(server);
    server.get('/stream', (_request, reply) => {
      const body = new PassThrough();
      reply.type('text/html; charset=utf-8').send(body);
      handed(body);
    });
    await server.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => server.close());

  /** Reads the decoded response until it contains `text` (a compressor that held data back would never get there). */
  function readUntil(stream: NodeJS.ReadableStream, seen: { text: string }, text: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (seen.text.includes(text)) {
          stream.off('data', onData);
          resolve();
        }
      };
      const onData = (chunk: Buffer) => {
        seen.text += chunk.toString();
        check();
      };
      stream.on('data', onData);
      stream.once('error', reject);
      check();
    });
  }

  for (const [encoding, decoder] of [
    ['br', createBrotliDecompress],
    ['gzip', createGunzip],
  ] as const) {
    it(`${encoding}: what the page has written reaches the client before the rest is written`, async () => {
      const { port } = server.server.address() as { port: number };
      const bodyHanded = new Promise<PassThrough>((resolve) => (handed = resolve));
      const responded = new Promise<http.IncomingMessage>((resolve) => {
        http.get({ host: '127.0.0.1', port, path: '/stream', headers: { 'accept-encoding': encoding } }, resolve);
      });
      const body = await bodyHanded;
      // The shell, then nothing until the test says so (a Suspense boundary still loading).
      body.write(`<!DOCTYPE html><html><body><main>${'lobby '.repeat(400)}</main>`);
      const response = await responded;
      expect(response.headers['content-encoding']).toBe(encoding);
      const decoded = response.pipe(decoder());
      const seen = { text: '' };
      await readUntil(decoded, seen, '</main>');
      expect(seen.text).not.toContain('late part');
      body.end('<p>late part</p></body></html>');
      await readUntil(decoded, seen, '</html>');
      expect(seen.text).toMatch(/<\/main><p>late part<\/p><\/body><\/html>$/);
    });
  }
});

describe('coalesceWrites', () => {
  it('joins the writes of one turn into one chunk and passes a later write as its own', async () => {
    const stream = coalesceWrites();
    const chunks: string[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c.toString()));
    stream.write('a');
    stream.write('b');
    stream.write('c');
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    expect(chunks).toEqual(['abc']);
    stream.write('d');
    const ended = new Promise((r) => stream.once('end', r));
    stream.end('e');
    await ended;
    expect(chunks).toEqual(['abc', 'de']);
  });
});
