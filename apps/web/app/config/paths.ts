import type { Locale } from '@croupier/shared/locales';
import { localePath } from '../i18n/locale-path';

/** Every route the shell links to, without locale prefix (docs/player-app.md#routes). Build hrefs with `href()`. */
export const PATHS = {
  home: '/',
  pokies: '/pokies/all',
  live: '/live/all',
  producers: '/producers',
  favourites: '/favorite-games',
  search: '/search',
  signIn: '/sign-in',
  signUp: '/sign-up',
  remind: '/remind',
  newPassword: '/new-password',
  emailVerify: '/email-verify',
  confirmation: '/confirmation',
  login: '/login',
  registration: '/registration',
  profile: '/users',
  gamesHistory: '/users/games-history',
  payments: '/users/payments',
  limits: '/users/limits',
  security: '/users/security',
  verification: '/users/verification',
  gifts: '/users/gifts',
  promocode: '/users/promocode',
  welcomeBonuses: '/welcome-bonuses',
  terms: '/terms',
  cashback: '/cashback',
  limitConfirm: '/profile/limits/confirm',
  dataDownload: '/profile/data/download',
  deposit: '/deposit',
  redirect: '/redirect',
  oops: '/oops',
} as const;

export type PathName = keyof typeof PATHS;

/** `href('profile', 'de')` → `/de/users`; an optional query string is appended. */
export function href(name: PathName, locale: Locale, query?: Record<string, string | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v != null && v !== '') params.set(k, v);
  const search = params.toString();
  return localePath(`${PATHS[name]}${search ? `?${search}` : ''}`, locale);
}

/** The cashback popup of one issued cashback bonus: `/cashback/{id}` (docs/bonuses.md#what-the-player-sees). */
export function cashbackHref(id: number, locale: Locale): string {
  return localePath(`${PATHS.cashback}/${id}`, locale);
}
