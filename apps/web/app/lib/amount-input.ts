/**
 * Turning what a player types into an amount and back: the cashbox's amount step and the limits
 * page share these. Amounts cross the wire as integer minor units (`*_cents`).
 */
import { CURRENCIES, isCurrencyCode } from '@croupier/shared/currencies';

/**
 * Parses what the player typed ("50", "12,5") into a major-unit number (NaN when unusable); at most
 * `decimals` fraction digits (2 for fiat, 8 for crypto).
 */
export function parseAmount(text: string, decimals = 2): number {
  const clean = text.trim().replace(',', '.');
  if (!new RegExp(`^\\d+(\\.\\d{0,${decimals}})?$`).test(clean)) return Number.NaN;
  return Number(clean);
}

/** Minor units per major unit of a currency (docs/player-app.md#currencies: 100 for fiat, 10^8 for crypto coins). */
export function subunitsOf(currency: string): number {
  return isCurrencyCode(currency) ? CURRENCIES[currency].subunitsToUnit : 100;
}

/** Fraction digits the player may type for a currency. */
export function amountDecimals(currency: string): number {
  return Math.round(Math.log10(subunitsOf(currency)));
}

/** Major units to integer minor units without float drift (12.3 → 1230). */
export function toCents(amount: number, subunits = 100): number {
  return Math.round(amount * subunits);
}

/** "123.40" → "123.4", "100.00" → "100", "100" stays: an amount as a player would type it. */
export function plainAmount(value: number, decimals: number): string {
  const fixed = value.toFixed(decimals);
  return fixed.includes('.') ? fixed.replace(/0+$/, '').replace(/\.$/, '') : fixed;
}
