import type { FastifyReply, FastifyRequest } from 'fastify';
import { parse as parseCookie, serialize as serializeCookie } from 'cookie';
import { randomToken } from '../../lib/crypto.ts';

/** The device cookie's name on plain http; `__Host-` over https, as the session cookie. */
export const DEVICE_COOKIE = 'croupier_device';
/** About 400 days, the longest a browser keeps a cookie. */
const MAX_AGE_SECONDS = 400 * 24 * 3600;
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;

/**
 * The browser's device id for the sign-up throttle (docs/auth.md#sign-up-throttle): 128 random bits
 * in an HttpOnly cookie, minted by the first sign-up and kept across sign-outs. It identifies
 * nothing about the person and is never tied to an account; only its hash is a throttle key. A
 * script that drops it starts as a new device each time, and meets the per-address limit instead.
 */
export function deviceCookie(secure: boolean) {
  const name = secure ? `__Host-${DEVICE_COOKIE}` : DEVICE_COOKIE;
  return {
    read(request: FastifyRequest): string | null {
      const header = request.headers.cookie;
      const value = header ? parseCookie(header)[name] : undefined;
      return value && DEVICE_ID.test(value) ? value : null;
    },
    mint: () => randomToken(16),
    set(reply: FastifyReply, id: string): void {
      reply.header(
        'set-cookie',
        serializeCookie(name, id, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: MAX_AGE_SECONDS }),
      );
    },
  };
}
