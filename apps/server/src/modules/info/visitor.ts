import type { FastifyRequest } from 'fastify';
import { parse as parseCookie } from 'cookie';
import { DEFAULT_LOCALE, type Locale, matchLocale } from '@croupier/shared/locales';
import type { Env } from '../../config/env.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * Facts about the visitor taken from request headers: geo country (set by the CDN in front of us,
 * as the SSR client forwards it), locale cookie and affiliate tag cookie.
 */

/** ISO country from `cf-ipcountry` / `x-country-code`; Cloudflare's XX (unknown) and T1 (Tor) are null. */
export function visitorCountry(request: FastifyRequest): string | null {
  const raw = request.headers['cf-ipcountry'] ?? request.headers['x-country-code'];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim().toUpperCase();
  if (!value || !/^[A-Z]{2}$/.test(value) || value === 'XX') return null;
  return value;
}

export function isRestrictedCountry(env: Pick<Env, 'restrictedCountries'>, country: string | null): boolean {
  return country !== null && env.restrictedCountries.includes(country);
}

/**
 * docs/player-app.md#navigation-rules: sign-in, sign-up, password reminder, new password and e-mail verification are not
 * available to visitors from a restricted country. Checked on the server too, so the rule does not
 * depend on the web app hiding the forms. 451 "Unavailable For Legal Reasons".
 */
export function assertNotRestricted(
  env: Pick<Env, 'restrictedCountries'>,
  request: FastifyRequest,
  action: 'registration' | 'login',
): void {
  if (!isRestrictedCountry(env, visitorCountry(request))) return;
  throw new AppError(
    451,
    'restricted_country',
    action === 'registration' ? 'Registration restricted in your country' : 'Login not available in your country',
  );
}

function cookies(request: FastifyRequest): Record<string, string | undefined> {
  const header = request.headers.cookie;
  return header ? parseCookie(header) : {};
}

/** The `locale` cookie (SSR sends it, docs/player-app.md#server-side-start), else the first supported Accept-Language, else `en`. */
export function requestLocale(request: FastifyRequest): Locale {
  const fromCookie = matchLocale(cookies(request).locale);
  if (fromCookie) return fromCookie;
  const accept = request.headers['accept-language'];
  if (typeof accept === 'string') {
    for (const part of accept.split(',').slice(0, 10)) {
      const tag = part.split(';')[0]?.trim();
      const exact = matchLocale(tag);
      if (exact) return exact;
      const primary = matchLocale(tag?.split('-')[0]);
      if (primary) return primary;
    }
  }
  return DEFAULT_LOCALE;
}

/** Affiliate tag kept by the web app in a `stag` cookie, if any (bounded and sanitised). */
export function stagCookie(request: FastifyRequest): string | null {
  const value = cookies(request).stag;
  return value && /^[A-Za-z0-9_-]{1,100}$/.test(value) ? value : null;
}
