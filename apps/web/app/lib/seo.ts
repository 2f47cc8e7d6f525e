import { isRouteErrorResponse, type MetaDescriptor } from 'react-router';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@croupier/shared/locales';
import type { LocaleResources, TranslationTree } from '../i18n/config';
import { localePath, splitLocale } from '../i18n/locale-path';
import type { BootData } from './boot';

/** docs/player-app.md#seo: a path with more than 3 segments (the locale prefix counts) is kept out of indexes. */
export function isNoindexPath(pathname: string): boolean {
  return pathname.split('/').filter(Boolean).length > 3;
}

export interface SeoLink {
  rel: 'canonical' | 'alternate';
  href: string;
  hrefLang?: string;
}

/**
 * Canonical URL plus one hreflang alternate per locale and x-default (the unprefixed default
 * language), all absolute on the public origin; the query string is never part of them.
 */
export function buildSeoLinks(publicUrl: string, pathname: string): SeoLink[] {
  const origin = publicUrl.replace(/\/+$/, '');
  const { locale, path } = splitLocale(pathname);
  const abs = (l: Locale) => `${origin}${localePath(path, l)}`;
  return [
    { rel: 'canonical', href: abs(locale) },
    ...LOCALES.map((l) => ({ rel: 'alternate' as const, hrefLang: l, href: abs(l) })),
    { rel: 'alternate', hrefLang: 'x-default', href: abs(DEFAULT_LOCALE) },
  ];
}

function lookup(resources: LocaleResources | undefined, key: string): string | null {
  const [ns, rest] = key.includes(':') ? (key.split(':', 2) as [string, string]) : ['common', key];
  let node: string | TranslationTree | undefined = resources?.[ns as keyof LocaleResources];
  for (const part of rest.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : null;
}

interface MetaArgsLike {
  matches: ReadonlyArray<{ id: string; loaderData?: unknown; data?: unknown } | undefined>;
}

/**
 * `export const meta = pageMeta('auth:meta.sign_in_title', 'auth:meta.sign_in_description')`:
 * title and description translated with the resources the root loader sent. Canonical, hreflang
 * and robots are rendered for every page by the root Layout, so route meta never has to repeat them.
 */
/**
 * `meta` for a route that may end in its error boundary: a 404 gets the not-found title, any other
 * error the oops title, otherwise `meta` applies.
 */
export function errorAwareMeta(meta: (args: MetaArgsLike) => MetaDescriptor[]) {
  const notFound = pageMeta('common:meta.not_found_title');
  const oops = pageMeta('common:meta.oops_title');
  return (args: MetaArgsLike & { error?: unknown }): MetaDescriptor[] => {
    if (!args.error) return meta(args);
    return isRouteErrorResponse(args.error) && args.error.status === 404 ? notFound(args) : oops(args);
  };
}

export function pageMeta(titleKey: string, descriptionKey = 'common:meta.default_description') {
  return ({ matches }: MetaArgsLike): MetaDescriptor[] => {
    const root = matches.find((m) => m?.id === 'root');
    const boot = (root?.loaderData ?? root?.data) as BootData | undefined;
    const title =
      lookup(boot?.resources, titleKey) ?? lookup(boot?.resources, 'common:meta.default_title') ?? 'Croupier';
    const description = lookup(boot?.resources, descriptionKey) ?? '';
    return [{ title }, ...(description ? [{ name: 'description', content: description }] : [])];
  };
}
