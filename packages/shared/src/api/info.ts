/**
 * Wire contract of the public info calls (docs/api-shapes.md#info) and of the server-rendering start data
 * `GET /json-api/serverdata` (docs/player-app.md#server-calls). All of them answer guests.
 */
import { z } from 'zod';
import { PlayerSchema, PlayerSettingsSchema } from './player.ts';
import { text } from './primitives.ts';

/** `GET /api/info/currencies` item (docs/api-shapes.md#info). `fiat: false` means crypto. */
export const CurrencyInfoSchema = z.strictObject({
  code: z.string(),
  symbol: z.string(),
  subunits_to_unit: z.number().int(),
  fiat: z.boolean(),
  /** The visitor's geo default currency (docs/player-app.md#category-slugs), else the fallback. */
  default: z.boolean(),
  subcurrencies: z.array(z.unknown()),
});
export type CurrencyInfo = z.infer<typeof CurrencyInfoSchema>;

/** `GET /api/info/countries` item (docs/api-shapes.md#info). */
export const CountryInfoSchema = z.strictObject({ code: z.string(), name: z.string(), default_currency: z.string() });
export type CountryInfo = z.infer<typeof CountryInfoSchema>;

/** `GET /api/info/locales` item (docs/api-shapes.md#info). */
export const LocaleInfoSchema = z.strictObject({
  code: z.string(),
  name: z.string(),
  name_in_locale: z.string(),
  default: z.boolean(),
});
export type LocaleInfo = z.infer<typeof LocaleInfoSchema>;

/** Query of `/api/info/locales`: the affiliate keys the client may pass along (accepted, not used yet). */
export const LocalesQuerySchema = z.strictObject({
  stag: text().max(100).optional(),
  ref_code: text().max(100).optional(),
});

/** `GET /api/info/statuses` item (docs/api-shapes.md#info): `status: true` is a loyalty level, false a group. */
export const StatusInfoSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  status: z.boolean(),
  writable: z.boolean(),
  conditions: z.array(z.unknown()),
});
export type StatusInfo = z.infer<typeof StatusInfoSchema>;

/** `GET /api/info/project` (docs/api-shapes.md#info). */
export const ProjectInfoSchema = z.strictObject({
  apps: z.strictObject({ casino: z.boolean(), sportsbook: z.boolean() }),
  license: z.string(),
  player_two_factor_auth: z.boolean(),
  available_currency_exchange: z.boolean(),
  available_referral_system: z.boolean(),
  hooyu_integration: z.boolean(),
  supported_payment_api_versions: z.array(z.string()),
  sns_config: z.strictObject({ enable: z.boolean(), base_url: z.string(), flow: z.string() }),
  livespins: z.strictObject({ enabled: z.boolean() }),
  authentication_key: z.string(),
  country_flags: z.null(),
  notification_center: z.strictObject({ new_realtime_notifications_flow_enabled: z.boolean() }),
});
export type ProjectInfo = z.infer<typeof ProjectInfoSchema>;

/**
 * `GET /json-api/serverdata`: what server-side rendering loads before the first paint (docs/player-app.md#server-calls
 * "Server-side start"), for this visitor.
 */
export const ServerDataSchema = z.strictObject({
  locales: z.array(LocaleInfoSchema),
  currencies: z.array(CurrencyInfoSchema),
  countries: z.array(CountryInfoSchema),
  settings: PlayerSettingsSchema,
  user: PlayerSchema.nullable(),
  project: ProjectInfoSchema,
  /** Visitor country from the geo header (`cf-ipcountry`), or null. */
  country: z.string().nullable(),
  /** The visitor's country is restricted (the 451 case of docs/player-app.md#lobby-routes and §6). */
  restricted: z.boolean(),
  /**
   * Croupier's own addition: payments go through the built-in sandbox provider (test cards and
   * coins), so every page says "test money". Absent on other platforms, hence optional.
   */
  payments_sandbox: z.boolean().optional(),
});
export type ServerData = z.infer<typeof ServerDataSchema>;

/** Query of the parameterless info calls: `l` (locale) is tolerated because CMS-style clients add it. */
export const InfoQuerySchema = z.strictObject({ l: text().max(10).optional() });

export const CurrencyInfoListSchema = z.array(CurrencyInfoSchema);
export const CountryInfoListSchema = z.array(CountryInfoSchema);
export const LocaleInfoListSchema = z.array(LocaleInfoSchema);
export const StatusInfoListSchema = z.array(StatusInfoSchema);
