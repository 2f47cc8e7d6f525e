import { useLocation } from 'react-router';
import type { Locale } from '@croupier/shared/locales';
import { localeFromPath } from './locale-path';

/** The locale of the current URL (first path segment, case-insensitive; default `en`). */
export function useLocale(): Locale {
  return localeFromPath(useLocation().pathname);
}
