import type { LogFn, LoggerOptions } from 'pino';
import type { Env } from '../config/env.ts';

/**
 * Query parameters whose value is a credential: the one-time links' tokens (`token`,
 * `reset_password_token`, `confirmation_token`, any name with "token" in it) and anything named like
 * a secret. A logged URL keeps the parameter's name, so a log still says which link was used.
 */
const SECRET_PARAM = /token|secret|password|otp|signature/i;
const REDACTED = '[redacted]';

function paramName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/** The URL with the values of secret query parameters replaced; everything else as it came. */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query === -1) return url;
  const hash = url.indexOf('#', query);
  const end = hash === -1 ? url.length : hash;
  const params = url
    .slice(query + 1, end)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      return SECRET_PARAM.test(name) || SECRET_PARAM.test(paramName(name)) ? `${name}=${REDACTED}` : pair;
    });
  return `${url.slice(0, query + 1)}${params.join('&')}${url.slice(end)}`;
}

const QUERY_PAIR = /([?&])([^=&\s#?"'<>]+)=([^&\s#"'<>]*)/g;

/**
 * A log message with the secret query values of any URL in it redacted: Fastify writes the raw URL
 * into some messages of its own (its default "Route … not found", "Reply was already sent … in the
 * <url> route").
 */
export function redactUrlsIn(text: string): string {
  return text.replace(QUERY_PAIR, (pair, separator: string, name: string) =>
    SECRET_PARAM.test(name) || SECRET_PARAM.test(paramName(name)) ? `${separator}${name}=${REDACTED}` : pair,
  );
}

/** What Fastify's request serializer logs, with the URL's secrets redacted. */
interface LoggedRequest {
  method?: string;
  url?: string;
  headers?: Record<string, unknown>;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * Fastify logs every request's URL; the mailed links carry their one-time token in the query
 * (`GET /api/gdpr_reports/download?token=…`, the confirmation and reset links), so the URL is
 * logged with those values redacted, for every route. The fields are Fastify's default ones.
 */
export function serializeRequest(req: LoggedRequest) {
  return {
    method: req.method,
    url: typeof req.url === 'string' ? redactUrl(req.url) : req.url,
    version: req.headers?.['accept-version'],
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** Pino options: pretty in development, JSON elsewhere; secrets and cookies never logged. */
export function loggerOptions(env: Pick<Env, 'LOG_LEVEL' | 'NODE_ENV'>): LoggerOptions {
  return {
    level: env.LOG_LEVEL,
    serializers: { req: serializeRequest },
    hooks: {
      logMethod(args, method) {
        const scrubbed = args.map((arg: unknown) => (typeof arg === 'string' ? redactUrlsIn(arg) : arg));
        method.apply(this, scrubbed as Parameters<LogFn>);
      },
    },
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.password',
        '*.password_confirmation',
        '*.otp_attempt',
      ],
      censor: REDACTED,
    },
    ...(env.NODE_ENV === 'development'
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  };
}
