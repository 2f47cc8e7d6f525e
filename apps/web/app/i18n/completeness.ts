import { intlLocale, type Locale } from '@croupier/shared/locales';
import type { TranslationTree } from './config';

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Dotted keys of every string leaf: `{a:{b:'x'}}` → `['a.b']`. */
export function flattenKeys(tree: TranslationTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [path] : flattenKeys(value, path);
  });
}

/** The plural categories the runtime asks for (as i18next does) in `locale` (Intl.PluralRules, cardinal). */
export function pluralCategories(locale: Locale): string[] {
  return new Intl.PluralRules(intlLocale(locale)).resolvedOptions().pluralCategories as string[];
}

/**
 * Compares a translation with the source language. Plain keys must match exactly; a plural key
 * (`x_one` / `x_other` in the source) must exist in exactly the plural forms the target language
 * uses (e.g. only `x_other` in Japanese, `x_one`/`x_many`/`x_other` in Spanish).
 */
export function compareTranslation(
  source: TranslationTree,
  target: TranslationTree,
  targetLocale: Locale,
): { missing: string[]; extra: string[] } {
  const expected = new Set<string>();
  const categories = pluralCategories(targetLocale);
  for (const key of flattenKeys(source)) {
    const base = key.replace(PLURAL_SUFFIX, '');
    if (base === key) expected.add(key);
    else for (const category of categories) expected.add(`${base}_${category}`);
  }
  const actual = new Set(flattenKeys(target));
  return {
    missing: [...expected].filter((k) => !actual.has(k)).sort(),
    extra: [...actual].filter((k) => !expected.has(k)).sort(),
  };
}
