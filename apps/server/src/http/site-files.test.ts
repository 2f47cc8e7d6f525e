/**
 * The files a browser or a crawler asks the site's root for by name (docs/web-shell.md#site-files):
 * served by the server from the web build, with their content types and a cache time, and linked
 * from every page's head. Needs the web build (`npm run build`, as `npm test` does).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/build-test-app.ts';
import { buildApp } from '../app.ts';
import { parseEnv } from '../config/env.ts';
import { fixedClock } from '../lib/clock.ts';
import { discardingMailer } from '../modules/mail/mailer.ts';
import { mountWeb } from './web.ts';

let app: FastifyInstance;
let drop: () => Promise<void>;

beforeAll(async () => {
  const database = await openTestDatabase();
  drop = database.drop;
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_ON_START: 'false' });
  app = (
    await buildApp({
      env,
      database: database.database,
      clock: fixedClock(new Date('2026-11-22T12:00:00Z')),
      mailer: discardingMailer,
      web: (a) => mountWeb(a, env),
    })
  ).http;
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await drop();
});

describe('site files', () => {
  it('/favicon.ico is an icon file (16, 32 and 48 px), cached for a day', async () => {
    const res = await app.inject({ url: '/favicon.ico' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)$/);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const ico = res.rawPayload;
    // ICONDIR: reserved 0, type 1 (icon), then the number of images.
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 3]);
    expect([0, 1, 2].map((i) => ico.readUInt8(6 + 16 * i))).toEqual([16, 32, 48]);
  });

  it('/robots.txt keeps crawlers out of the private paths, cached for an hour', async () => {
    const res = await app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const rules = res.body.split('\n').filter((line) => line.startsWith('Disallow: '));
    for (const path of ['/api/', '/json-api/', '/users', '/*/users', '/deposit', '/withdraw', '/games/'])
      expect(rules, path).toContain(`Disallow: ${path}`);
    expect(res.body).toMatch(/^User-agent: \*$/m);
  });

  it('/manifest.webmanifest names the site, its colours and icons that are served too', async () => {
    // Compressed as the build wrote it, or plain: the same type and cache time.
    for (const encoding of ['br', 'identity']) {
      const sent = await app.inject({ url: '/manifest.webmanifest', headers: { 'accept-encoding': encoding } });
      expect(sent.headers['content-type'], encoding).toMatch(/^application\/manifest\+json/);
      expect(sent.headers['cache-control'], encoding).toBe('public, max-age=86400');
    }
    const res = await app.inject({ url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    const manifest = res.json<{
      name: string;
      start_url: string;
      theme_color: string;
      icons: { src: string; type: string; sizes: string }[];
    }>();
    expect(manifest).toMatchObject({ name: 'Croupier', start_url: '/', theme_color: '#0a0c16' });
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons) {
      const file = await app.inject({ url: icon.src });
      expect(file.statusCode, icon.src).toBe(200);
      expect(file.headers['content-type'], icon.src).toBe(icon.type);
    }
  });

  it('every page links the icons and the manifest from its head', async () => {
    const html = (await app.inject({ url: '/' })).body;
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="icon" href="/favicon.ico" sizes="48x48"/>');
    expect(head).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png"/>');
    expect(head).toContain('<link rel="manifest" href="/manifest.webmanifest"/>');
  });
});
