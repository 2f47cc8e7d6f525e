import { DEFAULT_LOCALE, type Locale } from '@croupier/shared/locales';
import { NAMESPACES, withFallback, type LocaleResources, type TranslationTree } from './config';

/** All translation files, bundled into the server build only (the `.server` suffix keeps them out of the client). */
const files = import.meta.glob<TranslationTree>('./locales/*/*.json', { eager: true, import: 'default' });

function file(locale: string, ns: string): TranslationTree | undefined {
  return files[`./locales/${locale}/${ns}.json`];
}

/**
 * Every namespace of `locale`, with keys missing in that locale filled from the source language.
 * The root loader sends this to the browser, which then initialises translations without a fetch.
 */
export function loadLocaleResources(locale: Locale): LocaleResources {
  const out: LocaleResources = {};
  for (const ns of NAMESPACES) {
    const source = file(DEFAULT_LOCALE, ns);
    const target = locale === DEFAULT_LOCALE ? undefined : file(locale, ns);
    if (source || target) out[ns] = withFallback(source, target);
  }
  return out;
}
