/** The 11 locales of docs/player-app.md#locales. `en` is the default language and carries no URL prefix. */
export const LOCALES = ['en', 'de', 'en-AU', 'en-CA', 'en-IE', 'en-NZ', 'es-MX', 'fr-CA', 'ja', 'no', 'pt-BR'] as const;

export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

/** Native names shown in the locale switcher and returned by /api/info/locales. */
export const LOCALE_NAMES: Record<Locale, { name: string; nameInLocale: string }> = {
  en: { name: 'English', nameInLocale: 'English' },
  de: { name: 'German', nameInLocale: 'Deutsch' },
  'en-AU': { name: 'English (Australia)', nameInLocale: 'English (Australia)' },
  'en-CA': { name: 'English (Canada)', nameInLocale: 'English (Canada)' },
  'en-IE': { name: 'English (Ireland)', nameInLocale: 'English (Ireland)' },
  'en-NZ': { name: 'English (New Zealand)', nameInLocale: 'English (New Zealand)' },
  'es-MX': { name: 'Spanish (Mexico)', nameInLocale: 'Español (México)' },
  'fr-CA': { name: 'French (Canada)', nameInLocale: 'Français (Canada)' },
  ja: { name: 'Japanese', nameInLocale: '日本語' },
  no: { name: 'Norwegian', nameInLocale: 'Norsk' },
  'pt-BR': { name: 'Portuguese (Brazil)', nameInLocale: 'Português (Brasil)' },
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * Case-insensitive match of a URL segment or header value to a supported locale
 * (`/en-au/` and `/en-AU/` both resolve), so hand-typed links still work.
 */
export function matchLocale(value: string | null | undefined): Locale | null {
  if (!value) return null;
  const lower = value.toLowerCase();
  return LOCALES.find((l) => l.toLowerCase() === lower) ?? null;
}

/** BCP-47 tag used with Intl; `no` is Norwegian Bokmål for formatting. */
export function intlLocale(locale: Locale): string {
  return locale === 'no' ? 'nb-NO' : locale;
}
