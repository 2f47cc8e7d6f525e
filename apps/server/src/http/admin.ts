import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../lib/errors.ts';

/** `Bearer <token>`: the scheme's name in any case (RFC 9110 §11.1), one space, the token. */
const BEARER = /^bearer ([^\s].*)$/i;

/** Equal in constant time, whatever the lengths: both sides are compared as their SHA-256. */
function sameSecret(given: string, token: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * Operator calls carry `Authorization: Bearer <ADMIN_API_TOKEN>`; they exist only when the token is
 * configured. Only the Bearer scheme is read: a bare token, another scheme or a token sent twice is
 * refused like a wrong one. The comparison takes the same time for any token given.
 */
export function requireAdminToken(request: FastifyRequest, token: string) {
  const header = request.headers.authorization;
  const given = typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined;
  if (given === undefined || !sameSecret(given, token))
    throw unauthorized('admin_token_invalid', 'Admin token missing or wrong');
}
