import type { FastifyRequest } from 'fastify';
import { safeEqual } from '../lib/crypto.ts';
import { unauthorized } from '../lib/errors.ts';

/**
 * Operator calls carry `Authorization: Bearer <ADMIN_API_TOKEN>`; they exist only when the token is
 * configured. Compared in constant time.
 */
export function requireAdminToken(request: FastifyRequest, token: string) {
  const header = request.headers.authorization;
  const given = typeof header === 'string' ? header.replace(/^Bearer /, '') : undefined;
  if (!given || !safeEqual(given, token)) throw unauthorized('admin_token_invalid', 'Admin token missing or wrong');
}
