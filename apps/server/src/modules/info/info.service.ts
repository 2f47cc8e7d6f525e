import type {
  CountryInfo,
  CurrencyInfo,
  LocaleInfo,
  ProjectInfo,
  ServerData,
  StatusInfo,
} from '@croupier/shared/api/info';
import type { Player, PlayerSettings } from '@croupier/shared/api/player';
import { COUNTRIES } from '@croupier/shared/countries';
import { CURRENCIES, CURRENCY_CODES, defaultCurrencyForCountry, isCrypto } from '@croupier/shared/currencies';
import { DEFAULT_LOCALE, LOCALE_NAMES, LOCALES } from '@croupier/shared/locales';
import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { listStatuses } from './info.repository.ts';
import { isRestrictedCountry } from './visitor.ts';

export interface InfoDeps {
  db: Db;
  env: Pick<Env, 'restrictedCountries' | 'PAYMENTS_SANDBOX'>;
}

/** Public catalogue data (docs/api-shapes.md#info), the same for every visitor except where geo matters. */
export function createInfoService({ db, env }: InfoDeps) {
  /** `default` marks the visitor's geo default currency (docs/player-app.md#geo-default-currency), EUR when the country is unknown. */
  function currencies(country: string | null): CurrencyInfo[] {
    const preferred = defaultCurrencyForCountry(country);
    return CURRENCY_CODES.map((code) => ({
      code,
      symbol: CURRENCIES[code].symbol,
      subunits_to_unit: CURRENCIES[code].subunitsToUnit,
      fiat: !isCrypto(code),
      default: code === preferred,
      subcurrencies: [],
    }));
  }

  function countries(): CountryInfo[] {
    return COUNTRIES.map((c) => ({ code: c.code, name: c.name, default_currency: c.default_currency }));
  }

  function locales(): LocaleInfo[] {
    return LOCALES.map((code) => ({
      code,
      name: LOCALE_NAMES[code].name,
      name_in_locale: LOCALE_NAMES[code].nameInLocale,
      default: code === DEFAULT_LOCALE,
    }));
  }

  /** Level thresholds (`conditions`) belong to the loyalty module; until it exists they are empty. */
  async function statuses(): Promise<StatusInfo[]> {
    return (await listStatuses(db)).map((s) => ({
      id: s.id,
      name: s.name,
      status: s.isLevel,
      writable: s.writable,
      conditions: [],
    }));
  }

  function project(): ProjectInfo {
    return {
      apps: { casino: true, sportsbook: false },
      // No gaming licence is claimed by the software itself; an operator's deployment states its own.
      license: '',
      player_two_factor_auth: true,
      available_currency_exchange: false,
      available_referral_system: false,
      hooyu_integration: false,
      supported_payment_api_versions: [],
      sns_config: { enable: false, base_url: '', flow: '' },
      livespins: { enabled: false },
      authentication_key: '',
      country_flags: null,
      notification_center: { new_realtime_notifications_flow_enabled: false },
    };
  }

  /** Start data for server-side rendering (docs/player-app.md#server-side-start), for one visitor. */
  function serverData(visitor: { country: string | null; user: Player | null; settings: PlayerSettings }): ServerData {
    return {
      locales: locales(),
      currencies: currencies(visitor.country),
      countries: countries(),
      settings: visitor.settings,
      user: visitor.user,
      project: project(),
      country: visitor.country,
      restricted: isRestrictedCountry(env, visitor.country),
      payments_sandbox: env.PAYMENTS_SANDBOX,
    };
  }

  return { currencies, countries, locales, statuses, project, serverData };
}
