import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../config/env.ts';

/**
 * Security headers (decision 014, docs/http.md). Every response: `nosniff`, a referrer policy that
 * sends only the origin across sites, and HSTS when the public origin is https. Every HTML (and
 * SVG) document: a Content-Security-Policy with `frame-ancestors 'self'` (game pages frame our own
 * game client; nobody else frames us) and the matching X-Frame-Options for older browsers.
 */

/** 128 random bits per document, base64 as CSP expects. */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/** The ws:// or wss:// origin socket.io upgrades to (the same host as the page). */
function websocketOrigin(publicUrl: string): string {
  const url = new URL(publicUrl);
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
}

/**
 * The server-rendered app's policy. Scripts: our own files and inline scripts carrying this
 * response's nonce (React Router's context and route modules, React's streaming scripts), never
 * `unsafe-inline`. Styles allow inline attributes: React renders `style={…}` props. Frames are our
 * own: the game client, the sandbox bank and on-ramp pages. Development (Vite HMR injects inline
 * scripts without a nonce and opens its own socket) relaxes scripts and sockets only.
 */
export function appPolicy(options: { nonce: string; publicUrl: string; development: boolean }): string {
  const { nonce, publicUrl, development } = options;
  return [
    "default-src 'self'",
    development ? "script-src 'self' 'unsafe-inline'" : `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${websocketOrigin(publicUrl)}${development ? ' ws: wss:' : ''}`,
    "frame-src 'self'",
    "frame-ancestors 'self'",
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');
}

/**
 * Documents the server writes by hand (the sandbox 3-D Secure and on-ramp pages, the development
 * mailbox) and SVG game art opened on its own: inline styles and same-origin forms, no script at all.
 */
export const DOCUMENT_POLICY = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src 'self' data:",
  "form-action 'self'",
  "frame-ancestors 'self'",
  "base-uri 'none'",
].join('; ');

const HSTS = 'max-age=31536000; includeSubDomains';
const DOCUMENT_TYPE = /^\s*(?:text\/html|image\/svg\+xml)\b/i;

export function installSecurityHeaders(app: FastifyInstance, env: Pick<Env, 'publicUrl'>): void {
  const https = env.publicUrl.startsWith('https:');
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    if (https) reply.header('strict-transport-security', HSTS);
    if (DOCUMENT_TYPE.test(String(reply.getHeader('content-type') ?? ''))) {
      // The app's documents carry their own nonce policy (http/web.ts).
      if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', DOCUMENT_POLICY);
      reply.header('x-frame-options', 'SAMEORIGIN');
    }
    return payload;
  });
}
