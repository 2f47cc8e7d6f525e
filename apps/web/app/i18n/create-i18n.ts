import i18next, { type i18n as I18n } from 'i18next';
import { intlLocale, type Locale } from '@croupier/shared/locales';
import { DEFAULT_NAMESPACE, NAMESPACES, type LocaleResources } from './config';

let current: I18n | null = null;

/**
 * A ready (synchronously initialised) i18next instance for one locale and its resources. One per
 * server render; in the browser one per locale, the latest kept as `currentI18n()` for code that
 * runs outside React (route guards, the 401 handler).
 */
export function createI18n(locale: Locale, resources: LocaleResources): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: false,
    ns: [...NAMESPACES],
    defaultNS: DEFAULT_NAMESPACE,
    resources: { [locale]: resources },
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  // Plurals and number formats follow Intl; `no` is formatted as Norwegian Bokmål.
  if (typeof window !== 'undefined') current = instance;
  return instance;
}

export function currentI18n(): I18n | null {
  return current;
}

export { intlLocale };
