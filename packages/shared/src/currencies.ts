/**
 * Currencies of docs/player-app.md#currencies with the size of their minor unit. Crypto when subunits_to_unit > 100.
 *
 * `maxBalance` (whole units) is the business maximum of one wallet (decision 016): a credit that
 * would take a balance past it (a win, a deposit, a prize) is refused and moves nothing. It stays
 * far below 2^53 minor units, the largest amount a JSON number carries exactly, so every balance
 * the wallet can hold reaches the player unchanged.
 */
export const CURRENCIES = {
  AUD: { symbol: 'A$', subunitsToUnit: 100, maxBalance: 1_000_000_000 },
  CAD: { symbol: 'C$', subunitsToUnit: 100, maxBalance: 1_000_000_000 },
  NZD: { symbol: 'NZ$', subunitsToUnit: 100, maxBalance: 1_000_000_000 },
  EUR: { symbol: '€', subunitsToUnit: 100, maxBalance: 1_000_000_000 },
  USD: { symbol: '$', subunitsToUnit: 100, maxBalance: 1_000_000_000 },
  PLN: { symbol: 'zł', subunitsToUnit: 100, maxBalance: 5_000_000_000 },
  // JPY has no minor unit in ISO 4217, but SoftSwiss-style APIs keep `_cents` at 1/100 for every
  // fiat currency so that one client code path handles all of them.
  JPY: { symbol: '¥', subunitsToUnit: 100, maxBalance: 100_000_000_000 },
  NOK: { symbol: 'kr', subunitsToUnit: 100, maxBalance: 10_000_000_000 },
  BRL: { symbol: 'R$', subunitsToUnit: 100, maxBalance: 5_000_000_000 },
  BTC: { symbol: '₿', subunitsToUnit: 100_000_000, maxBalance: 10_000 },
  ETH: { symbol: 'Ξ', subunitsToUnit: 100_000_000, maxBalance: 300_000 },
  BCH: { symbol: 'BCH', subunitsToUnit: 100_000_000, maxBalance: 2_000_000 },
  LTC: { symbol: 'Ł', subunitsToUnit: 100_000_000, maxBalance: 10_000_000 },
  DOG: { symbol: 'Ð', subunitsToUnit: 100_000_000, maxBalance: 20_000_000 },
  USDT: { symbol: '₮', subunitsToUnit: 100_000_000, maxBalance: 20_000_000 },
} as const satisfies Record<string, { symbol: string; subunitsToUnit: number; maxBalance: number }>;

export type CurrencyCode = keyof typeof CURRENCIES;

/**
 * Reference exchange rates: `units` of a currency are worth `eur` euros. They are fixed values, not
 * a market feed. The sandbox exchange and on-ramp price coins by them, and responsible-gambling
 * limits convert play in one wallet into a limit's currency by them (docs/limits.md#one-limit-every-wallet).
 * A deployment with a rate source replaces them in the `limit_rates` table.
 */
export const REFERENCE_RATES: Record<CurrencyCode, { eur: number; units: number }> = {
  EUR: { eur: 1, units: 1 },
  USD: { eur: 1, units: 1.08 },
  AUD: { eur: 1, units: 1.65 },
  CAD: { eur: 1, units: 1.47 },
  NZD: { eur: 1, units: 1.8 },
  PLN: { eur: 1, units: 4.3 },
  JPY: { eur: 1, units: 165 },
  NOK: { eur: 1, units: 11.6 },
  BRL: { eur: 1, units: 5.9 },
  BTC: { eur: 60_000, units: 1 },
  ETH: { eur: 3_000, units: 1 },
  BCH: { eur: 400, units: 1 },
  LTC: { eur: 90, units: 1 },
  DOG: { eur: 0.15, units: 1 },
  USDT: { eur: 0.92, units: 1 },
};

export const CURRENCY_CODES = Object.keys(CURRENCIES) as CurrencyCode[];

/** Pseudo-currency of demo play inside a game's `currencies` map (docs/api-shapes.md#money). */
export const FUN_CURRENCY = 'FUN';

export const FALLBACK_CURRENCY: CurrencyCode = 'EUR';

export const CRYPTO_COINS = ['BTC', 'BCH', 'ETH', 'LTC', 'DOG', 'USDT'] as const;

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && Object.hasOwn(CURRENCIES, value);
}

export function isCrypto(code: CurrencyCode): boolean {
  return CURRENCIES[code].subunitsToUnit > 100;
}

/** The business maximum balance of a wallet in `code`, in minor units. */
export function maxBalanceMinor(code: CurrencyCode): bigint {
  return BigInt(CURRENCIES[code].maxBalance) * BigInt(CURRENCIES[code].subunitsToUnit);
}

/** Geo default currency of docs/player-app.md#geo-default-currency, by ISO country code. */
export const GEO_DEFAULT_CURRENCY: Record<string, CurrencyCode> = {
  AU: 'AUD',
  CA: 'CAD',
  NZ: 'NZD',
  US: 'USD',
  IE: 'EUR',
  DE: 'EUR',
  AT: 'EUR',
  CH: 'EUR',
  JP: 'JPY',
  NO: 'NOK',
  BR: 'BRL',
  PL: 'PLN',
};

export function defaultCurrencyForCountry(country: string | null | undefined): CurrencyCode {
  return (country && GEO_DEFAULT_CURRENCY[country.toUpperCase()]) || FALLBACK_CURRENCY;
}
