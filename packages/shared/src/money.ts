import { CURRENCIES, type CurrencyCode, isCurrencyCode } from './currencies.ts';

/**
 * Money crosses the wire as an integer count of the currency's minor unit (`*_cents`), never a
 * float. Crypto is shown in a display unit (docs/player-app.md#currencies): ETH and LTC in milli, BTC in micro.
 */
export const CRYPTO_DISPLAY_UNIT: Partial<Record<CurrencyCode, { prefix: string; exponent: number }>> = {
  BTC: { prefix: 'μ', exponent: 6 },
  ETH: { prefix: 'm', exponent: 3 },
  LTC: { prefix: 'm', exponent: 3 },
};

export const MAX_CRYPTO_FRACTION_DIGITS = 8;

/** Units of the display unit per minor unit, as an exact decimal string of the major value. */
function minorToDecimalString(minor: number | bigint, subunits: number): string {
  const value = BigInt(minor);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const unit = BigInt(subunits);
  const digits = String(subunits).length - 1;
  const whole = abs / unit;
  const frac = (abs % unit).toString().padStart(digits, '0');
  return `${negative ? '-' : ''}${whole}${digits > 0 ? `.${frac}` : ''}`;
}

/** Exact major-unit value of a minor amount as a decimal string, e.g. 12345 EUR → "123.45". */
export function toMajorString(minor: number | bigint, currency: string): string {
  const subunits = isCurrencyCode(currency) ? CURRENCIES[currency].subunitsToUnit : 100;
  return minorToDecimalString(minor, subunits);
}

/**
 * Formats a minor-unit amount for people: locale-aware grouping and decimals; crypto in its display
 * unit with up to 8 fraction digits. Uses Number only after scaling, where the value is a plain
 * display figure and never fed back into arithmetic.
 */
export function formatMoney(minor: number | bigint, currency: string, locale = 'en'): string {
  if (currency === 'FUN') {
    return `${new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(minor) / 100)} FUN`;
  }
  if (!isCurrencyCode(currency)) return `${toMajorString(minor, currency)} ${currency}`;
  const { subunitsToUnit } = CURRENCIES[currency];
  if (subunitsToUnit <= 100) {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      // 'symbol' keeps A$, C$ and NZ$ distinct from US$ where the locale needs it (en-AU shows $).
      currencyDisplay: 'symbol',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(Number(minor) / subunitsToUnit);
  }
  const display = CRYPTO_DISPLAY_UNIT[currency];
  const scale = display ? subunitsToUnit / 10 ** display.exponent : subunitsToUnit;
  const fractionDigits = Math.min(MAX_CRYPTO_FRACTION_DIGITS, Math.max(0, Math.round(Math.log10(scale))));
  const amount = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 0,
    maximumFractionDigits: fractionDigits,
  }).format(Number(minor) / scale);
  return `${amount} ${display ? display.prefix : ''}${currency}`;
}
