import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions, redactUrl, redactUrlsIn, serializeRequest } from './logger.ts';

describe('logged URLs', () => {
  it('redact the value of every token-like query parameter and keep the rest as it came', () => {
    expect(redactUrl('/api/gdpr_reports/download?token=abc123')).toBe('/api/gdpr_reports/download?token=[redacted]');
    expect(redactUrl('/users/password/edit?reset_password_token=s3cret&locale=de')).toBe(
      '/users/password/edit?reset_password_token=[redacted]&locale=de',
    );
    expect(redactUrl('/api/users/confirmation?confirmation_token=xyz')).toBe(
      '/api/users/confirmation?confirmation_token=[redacted]',
    );
    // Any name with "token" in it, in any case, percent-encoded or not, repeated, without a value.
    expect(redactUrl('/a?l=en&Access_Token=1&MYTOKENX=2&token=3&token')).toBe(
      '/a?l=en&Access_Token=[redacted]&MYTOKENX=[redacted]&token=[redacted]&token=[redacted]',
    );
    expect(redactUrl('/a?reset%5Fpassword%5Ftoken=abc&x=%E2%82%AC')).toBe(
      '/a?reset%5Fpassword%5Ftoken=[redacted]&x=%E2%82%AC',
    );
    expect(redactUrl('/a?t%6Fken=abc')).toBe('/a?t%6Fken=[redacted]');
    // Other secrets by name, a fragment after the query, and no query at all.
    expect(redactUrl('/a?client_secret=1&password=2&otp=3#frag')).toBe(
      '/a?client_secret=[redacted]&password=[redacted]&otp=[redacted]#frag',
    );
    expect(redactUrl('/api/games?page=2&per_page=30')).toBe('/api/games?page=2&per_page=30');
    expect(redactUrl('/api/player')).toBe('/api/player');
    // A malformed escape is not a reason to log the value.
    expect(redactUrl('/a?token%=abc&%zz=1')).toBe('/a?token%=[redacted]&%zz=1');
  });

  it('are redacted inside log messages too', () => {
    expect(redactUrlsIn('Route GET:/users/confirmation?confirmation_token=abc&l=en not found')).toBe(
      'Route GET:/users/confirmation?confirmation_token=[redacted]&l=en not found',
    );
    expect(redactUrlsIn('in the "/a?token=x" route, then /b?page=2')).toBe(
      'in the "/a?token=[redacted]" route, then /b?page=2',
    );
    expect(redactUrlsIn('no url here: a=b & c=d')).toBe('no url here: a=b & c=d');
  });

  it("the request serializer logs Fastify's fields with the URL redacted", () => {
    expect(
      serializeRequest({
        method: 'GET',
        url: '/api/gdpr_reports/download?token=abc123',
        headers: { 'accept-version': '1' },
        host: 'casino.example',
        ip: '10.0.0.1',
        socket: { remotePort: 4242 },
      }),
    ).toEqual({
      method: 'GET',
      url: '/api/gdpr_reports/download?token=[redacted]',
      version: '1',
      host: 'casino.example',
      remoteAddress: '10.0.0.1',
      remotePort: 4242,
    });
  });

  it('Fastify with our logger options never writes a query token to the log, on any route', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const app = Fastify({ logger: { ...loggerOptions({ LOG_LEVEL: 'info', NODE_ENV: 'test' }), stream } });
    app.get('/api/gdpr_reports/download', async () => ({ ok: true }));
    await app.ready();
    try {
      await app.inject({ method: 'GET', url: '/api/gdpr_reports/download?token=SECRET-DOWNLOAD-TOKEN' });
      // An unknown route is logged too (and answered 404).
      await app.inject({ method: 'GET', url: '/users/confirmation?confirmation_token=SECRET-CONFIRM&l=en' });
    } finally {
      await app.close();
    }
    const logged = lines.map((line) => JSON.parse(line) as { req?: { url?: string }; msg?: string });
    // Fastify's own "Route … not found" message names the URL: redacted as well.
    expect(logged.map((entry) => entry.msg)).toContain(
      'Route GET:/users/confirmation?confirmation_token=[redacted]&l=en not found',
    );
    const urls = logged.flatMap((entry) => (entry.req?.url ? [entry.req.url] : []));
    expect(urls).toEqual([
      '/api/gdpr_reports/download?token=[redacted]',
      '/users/confirmation?confirmation_token=[redacted]&l=en',
    ]);
    expect(lines.join('\n')).not.toMatch(/SECRET-/);
  });
});
