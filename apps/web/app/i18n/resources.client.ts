import { DEFAULT_LOCALE, type Locale } from '@croupier/shared/locales';
import { NAMESPACES, withFallback, type LocaleResources, type TranslationTree } from './config';

/** Lazy per-file chunks: a locale switch in the browser downloads only that locale's files. */
const files = import.meta.glob<TranslationTree>('./locales/*/*.json', { import: 'default' });

async function file(locale: string, ns: string): Promise<TranslationTree | undefined> {
  const load = files[`./locales/${locale}/${ns}.json`];
  return load ? load() : undefined;
}

/** Browser twin of loadLocaleResources (resources.server.ts), used on client-side locale changes. */
export async function fetchLocaleResources(locale: Locale): Promise<LocaleResources> {
  const out: LocaleResources = {};
  await Promise.all(
    NAMESPACES.map(async (ns) => {
      const [source, target] = await Promise.all([
        file(DEFAULT_LOCALE, ns),
        locale === DEFAULT_LOCALE ? undefined : file(locale, ns),
      ]);
      if (source || target) out[ns] = withFallback(source, target);
    }),
  );
  return out;
}
