import { DEFAULT_LOCALE, type Locale, matchLocale } from '@croupier/shared/locales';

/**
 * URL ⇄ locale helpers. The default language has no prefix; every other locale prefixes the whole
 * path (`/de/pokies/all`). The prefix is matched case-insensitively and written in canonical case.
 */

/** Splits `/de/pokies/all` into `{ locale: 'de', path: '/pokies/all' }`; no prefix → default locale. */
export function splitLocale(pathname: string): { locale: Locale; path: string; prefixed: boolean } {
  const match = /^\/([^/?#]+)(.*)$/.exec(pathname);
  const locale = match ? matchLocale(match[1]) : null;
  if (!match || !locale) return { locale: DEFAULT_LOCALE, path: pathname || '/', prefixed: false };
  const rest = match[2] ?? '';
  return { locale, path: rest.startsWith('/') ? rest : `/${rest}`, prefixed: true };
}

export function localeFromPath(pathname: string): Locale {
  return splitLocale(pathname).locale;
}

/**
 * Puts `path` (which may carry a query and a hash, and may already carry a locale prefix) under
 * `locale`'s prefix: `localePath('/pokies/all?x=1', 'de')` → `/de/pokies/all?x=1`,
 * `localePath('/de/pokies', 'en')` → `/pokies`.
 */
export function localePath(path: string, locale: Locale): string {
  const cut = path.search(/[?#]/);
  const pathname = cut === -1 ? path : path.slice(0, cut);
  const tail = cut === -1 ? '' : path.slice(cut);
  const bare = splitLocale(pathname.startsWith('/') ? pathname : `/${pathname}`).path;
  if (locale === DEFAULT_LOCALE) return `${bare}${tail}`;
  return `${bare === '/' ? `/${locale}` : `/${locale}${bare}`}${tail}`;
}
