import { intlLocale, type Locale } from '@croupier/shared/locales';

/**
 * Display figures only: these numbers are never fed back into money arithmetic. The RTP keeps up
 * to 8 decimals, so the exact figure of the model is shown as is (96.4523 stays 96.4523) while
 * binary float noise (99.53999999999999) does not reach the player.
 */
export function formatPercent(value: number, locale: Locale): string {
  return `${new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 8 }).format(value)} %`;
}

/** A payout multiplier as players read it on crash and dice games: always two decimals. */
export function formatMultiplier(value: number, locale: Locale): string {
  return `${new Intl.NumberFormat(intlLocale(locale), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value)}×`;
}

/** A large multiplier without forced decimals (max win 5,000× rather than 5,000.00×). */
export function formatMaxMultiplier(value: number | null, locale: Locale): string {
  if (value === null || !Number.isFinite(value)) return '∞';
  return `${new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 2 }).format(value)}×`;
}
