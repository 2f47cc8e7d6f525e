import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { localePath } from '../../../i18n/locale-path';
import { useLocale } from '../../../i18n/use-locale';

/** Turns a lobby path into a link inside the current locale (`/pokies/all` → `/de/pokies/all`). */
export function useLocalePath(): (path: string) => string {
  const locale = useLocale();
  return useCallback((path: string) => localePath(path, locale), [locale]);
}

/** The current path with its query: where sign-in should send the visitor back to. */
export function useReturnPath(): string {
  const { pathname, search } = useLocation();
  return `${pathname}${search}`;
}
