import type { Locale } from '@croupier/shared/locales';
import { href } from '../config/paths';

/**
 * Route meta of docs/player-app.md#navigation-rules, exported as `handle` from route modules. `notAllowedFor451` names which
 * restriction message applies ('registration' for sign-up pages, 'login' for the other auth pages).
 */
export interface RouteHandle {
  requiresAuth?: boolean;
  requiresGuest?: boolean;
  popup?: boolean;
  isCashbox?: boolean;
  notAllowedFor451?: 'registration' | 'login';
  gtmPlace?: string;
  /** Keep this page out of search indexes regardless of its depth (error pages). */
  noindex?: boolean;
}

export interface GuardInput {
  handle: RouteHandle | undefined;
  isLoggedIn: boolean;
  /** Guest in a restricted (451) region. */
  restricted: boolean;
  locale: Locale;
  /** The requested path with its query (`/de/users?tab=1`). */
  target: string;
  /**
   * Where the browser is now (client navigation), or null on a server render / first load. A
   * blocked navigation goes back here ("cancelled"); if there is none, or it is the blocked path
   * itself, it goes to main.
   */
  from: string | null;
}

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  | { kind: 'restricted'; message: 'registration' | 'login'; to: string; cancelled: boolean };

const pathOnly = (p: string) => p.split(/[?#]/)[0];

/** The navigation rules (docs/player-app.md#navigation-rules), as a pure decision. */
export function decideGuard({ handle, isLoggedIn, restricted, locale, target, from }: GuardInput): GuardDecision {
  if (!handle) return { kind: 'allow' };
  const main = href('home', locale);
  if (handle.notAllowedFor451 && restricted && !isLoggedIn) {
    const cancel = from !== null && pathOnly(from) !== pathOnly(target);
    return { kind: 'restricted', message: handle.notAllowedFor451, to: cancel ? from : main, cancelled: cancel };
  }
  if (handle.requiresAuth && !isLoggedIn) {
    return { kind: 'redirect', to: href('registration', locale, { redirect: target }) };
  }
  if (handle.requiresGuest && isLoggedIn) return { kind: 'redirect', to: main };
  return { kind: 'allow' };
}

/** Query flag the server uses to ask the browser to show the restriction toast after a redirect. */
export const RESTRICTED_NOTICE_PARAM = 'restricted';
