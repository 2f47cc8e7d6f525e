import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { intlLocale, type Locale } from '@croupier/shared/locales';
import { DEFAULT_NAMESPACE, type LocaleResources, type Namespace, type TranslationTree } from './config';

/**
 * Croupier's translation runtime: the part of i18next's behaviour our JSON files use —
 * namespaces (`ns:key`), nested keys, `{{name}}` interpolation and plurals by the
 * `_zero/_one/_two/_few/_many/_other` suffixes chosen with Intl.PluralRules. It replaces i18next
 * and react-i18next, which cost about 18 KB gzip on the first route for features we do not use
 * (docs/decisions/005-i18n-runtime-and-locale-routing.md). The JSON format stays i18next-compatible.
 */
export type TOptions = Record<string, unknown> & { count?: number };

export interface I18n {
  readonly language: Locale;
  /** A string second argument is the default text shown when the key is missing. */
  t(key: string, options?: TOptions | string): string;
  exists(key: string): boolean;
  /** A whole namespace, for lists kept in the language's own order (the countries). */
  namespace(ns: Namespace): TranslationTree | undefined;
}

function lookup(tree: TranslationTree | undefined, path: string): string | undefined {
  let node: string | TranslationTree | undefined = tree;
  for (const part of path.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function interpolate(text: string, options: TOptions | undefined): string {
  if (!options) return text;
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (match, name: string) => {
    const value = options[name];
    return value === undefined || value === null ? match : String(value);
  });
}

export function createI18nRuntime(
  locale: Locale,
  resources: LocaleResources,
  defaultNs: Namespace = DEFAULT_NAMESPACE,
): I18n & { withNamespace(ns: Namespace): I18n['t'] } {
  const plurals = new Intl.PluralRules(intlLocale(locale));

  function resolve(fullKey: string, ns: Namespace): { tree: TranslationTree | undefined; path: string } {
    const colon = fullKey.indexOf(':');
    if (colon > 0) return { tree: resources[fullKey.slice(0, colon) as Namespace], path: fullKey.slice(colon + 1) };
    return { tree: resources[ns], path: fullKey };
  }

  function translate(ns: Namespace, key: string, optionsOrDefault?: TOptions | string): string {
    const options = typeof optionsOrDefault === 'string' ? undefined : optionsOrDefault;
    const fallback = typeof optionsOrDefault === 'string' ? optionsOrDefault : key;
    const { tree, path } = resolve(key, ns);
    let text: string | undefined;
    if (typeof options?.count === 'number') {
      const count = options.count;
      text =
        (count === 0 ? lookup(tree, `${path}_zero`) : undefined) ??
        lookup(tree, `${path}_${plurals.select(count)}`) ??
        lookup(tree, `${path}_other`);
    }
    text ??= lookup(tree, path);
    // A missing key shows the default or the key itself, as i18next does: visible, never blank.
    return text === undefined ? fallback : interpolate(text, options);
  }

  return {
    language: locale,
    t: (key, options) => translate(defaultNs, key, options),
    exists: (key) => {
      const { tree, path } = resolve(key, defaultNs);
      return lookup(tree, path) !== undefined;
    },
    namespace: (ns) => resources[ns],
    withNamespace: (ns) => (key, options) => translate(ns, key, options),
  };
}

type Runtime = ReturnType<typeof createI18nRuntime>;

const I18nContext = createContext<Runtime | null>(null);

export function I18nProvider({ i18n, children }: { i18n: Runtime; children: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

/** `t` bound to a namespace (default `common`), and the runtime itself. */
export function useTranslation(ns: Namespace = DEFAULT_NAMESPACE): { t: I18n['t']; i18n: I18n } {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useTranslation outside I18nProvider');
  const t = useMemo(() => i18n.withNamespace(ns), [i18n, ns]);
  return { t, i18n };
}
