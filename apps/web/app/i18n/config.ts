/**
 * i18n namespaces. `en` is the source language; every locale in packages/shared/src/locales.ts has
 * one JSON file per namespace under ./locales/<locale>/<namespace>.json (checked by
 * completeness.test.ts).
 */
export const NAMESPACES = [
  'common',
  'auth',
  'account',
  'lobby',
  'game',
  'games',
  'fairness',
  'cashbox',
  'countries',
  'security',
  'limits',
  'profile',
  'privacy',
  'verification',
  'bonuses',
] as const;
export type Namespace = (typeof NAMESPACES)[number];
export const DEFAULT_NAMESPACE: Namespace = 'common';

/** A nested translation tree as stored in the JSON files. */
export interface TranslationTree {
  [key: string]: string | TranslationTree;
}

/** All namespaces of one locale. */
export type LocaleResources = Partial<Record<Namespace, TranslationTree>>;

/**
 * Fills keys missing from `target` with the source-language value, so a half-translated namespace
 * never shows raw keys. Returns a new tree, in the target's key order (the countries namespace is
 * kept in each language's alphabetical order), with the source's extra keys after.
 */
export function withFallback(
  source: TranslationTree | undefined,
  target: TranslationTree | undefined,
): TranslationTree {
  const out: TranslationTree = {};
  for (const [key, value] of Object.entries(target ?? {})) {
    const base = source?.[key];
    out[key] = typeof value === 'object' && typeof base === 'object' ? withFallback(base, value) : value;
  }
  for (const [key, value] of Object.entries(source ?? {})) if (!Object.hasOwn(out, key)) out[key] = value;
  return out;
}
