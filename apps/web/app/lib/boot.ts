import { useRouteLoaderData } from 'react-router';
import type { Locale } from '@croupier/shared/locales';
import type { LocaleResources } from '../i18n/config';
import type { Account, CurrencyInfo, Player, SiteSettings } from './api-types';

/** What the root loader hands every page: the SSR start data (docs/player-app.md#server-side-start) plus i18n resources. */
export interface BootData {
  locale: Locale;
  resources: LocaleResources;
  /** Public origin for canonical and hreflang links. */
  publicUrl: string;
  /** Visitor country (ISO) from the geo header, or null. */
  country: string | null;
  isBot: boolean;
  /** The visitor's region is restricted (451, docs/player-app.md#navigation-rules, #groups-and-restrictions); auth pages are blocked for guests. */
  restricted: boolean;
  /** Payments run through the sandbox provider: every page shows the "test money" ribbon. */
  sandbox: boolean;
  settings: SiteSettings;
  currencies: CurrencyInfo[];
  /** ISO codes of the countries we accept players from; names come from Intl in the page's language. */
  countryCodes: string[];
  /** The player at render time; the live value is the 'player' query (useCurrentUser). */
  user: Player | null;
  /** The signed-in player's wallets at render time (seeded into the 'accounts' query). */
  accounts: Account[] | null;
}

let browserBoot: BootData | null = null;

/** Kept by the root component so that code outside React (route guards) can read it in the browser. */
export function rememberBoot(data: BootData) {
  if (typeof window !== 'undefined') browserBoot = data;
}

export function getBrowserBoot(): BootData | null {
  return browserBoot;
}

export function useBoot(): BootData {
  const data = useRouteLoaderData('root') as BootData | undefined;
  if (!data) throw new Error('useBoot outside the root route');
  return data;
}

/** Like useBoot, but usable in error boundaries where the root data may be missing. */
export function useOptionalBoot(): BootData | undefined {
  return useRouteLoaderData('root') as BootData | undefined;
}
