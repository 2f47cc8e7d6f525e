/**
 * The operator API token (docs/http.md#operator-token): only `Authorization: Bearer <token>` opens
 * it. The scheme's name may be in any case; a bare token, another scheme, a wrong or a longer token
 * is 401 `admin_token_invalid`.
 */
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { requireAdminToken } from './admin.ts';

const TOKEN = 'operator-token-0123456789abcdef0123456789';
const check = (authorization?: string) => () =>
  requireAdminToken({ headers: authorization === undefined ? {} : { authorization } } as FastifyRequest, TOKEN);

describe('requireAdminToken', () => {
  it('admits the Bearer scheme, in any case', () => {
    expect(check(`Bearer ${TOKEN}`)).not.toThrow();
    expect(check(`bearer ${TOKEN}`)).not.toThrow();
    expect(check(`BEARER ${TOKEN}`)).not.toThrow();
  });

  it('refuses the token without the scheme, under another scheme, wrong, longer or shorter, or absent', () => {
    for (const header of [
      TOKEN,
      `Basic ${TOKEN}`,
      `Token ${TOKEN}`,
      `Bearer${TOKEN}`,
      `Bearer  ${TOKEN}`,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Bearer ${TOKEN} ${TOKEN}`,
      'Bearer ',
      '',
      undefined,
    ]) {
      expect(check(header), String(header)).toThrow(
        expect.objectContaining({ status: 401, code: 'admin_token_invalid' }),
      );
    }
  });
});
