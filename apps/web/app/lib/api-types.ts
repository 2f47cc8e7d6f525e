/**
 * Wire types the web reads, inferred from the shared zod contract (packages/shared/src/api).
 * Type-only imports: zod itself never reaches the browser bundle.
 */
import type { Account as SharedAccount, Player as SharedPlayer, PlayerSettings } from '@croupier/shared/api/player';
import type {
  CountryInfo as SharedCountry,
  CurrencyInfo as SharedCurrency,
  ServerData as SharedServerData,
} from '@croupier/shared/api/info';

export type Player = SharedPlayer;
export type Account = SharedAccount;
/** Settings as the web uses them; every part optional so a partial answer still renders. */
export type SiteSettings = Partial<PlayerSettings>;
export type CurrencyInfo = Pick<SharedCurrency, 'code'> & Partial<SharedCurrency>;
export type CountryInfo = Pick<SharedCountry, 'code'> & Partial<SharedCountry>;
/** GET /json-api/serverdata; partial, because the page must render even when it fails. */
export type ServerData = Partial<SharedServerData>;
