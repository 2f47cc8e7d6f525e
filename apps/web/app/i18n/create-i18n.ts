import { type Locale } from '@croupier/shared/locales';
import { type LocaleResources } from './config';
import { createI18nRuntime, type I18n } from './runtime';

export type { I18n };

let current: ReturnType<typeof createI18nRuntime> | null = null;

/**
 * A ready translation runtime for one locale and its resources. One per server render; in the
 * browser one per locale, the latest kept as `currentI18n()` for code that runs outside React
 * (route guards, the 401 handler).
 */
export function createI18n(locale: Locale, resources: LocaleResources) {
  const instance = createI18nRuntime(locale, resources);
  if (typeof window !== 'undefined') current = instance;
  return instance;
}

export function currentI18n(): I18n | null {
  return current;
}
