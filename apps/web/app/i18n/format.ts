import { formatMoney as formatMinor } from '@croupier/shared/money';
import { intlLocale, type Locale } from '@croupier/shared/locales';

/** Minor-unit amount for display in the given UI locale (crypto in its display unit, docs/player-app.md#currencies). */
export function formatMoney(minor: number | bigint, currency: string, locale: Locale): string {
  return formatMinor(minor, currency, intlLocale(locale));
}

/** A date (ISO string, `YYYY-MM-DD` or Date) with Intl in the UI locale. Plain dates are read as UTC days. */
export function formatDate(
  value: string | Date,
  locale: Locale,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  const date =
    typeof value === 'string' ? new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value) : value;
  if (Number.isNaN(date.getTime())) return typeof value === 'string' ? value : '';
  const utc = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
  return new Intl.DateTimeFormat(intlLocale(locale), utc ? { ...options, timeZone: 'UTC' } : options).format(date);
}

/**
 * A waiting time rounded up to a whole unit a player reads at a glance ("45 seconds", "2 minutes",
 * "3 hours", "2 days"), with Intl in the UI locale.
 */
export function formatDuration(seconds: number, locale: Locale): string {
  const s = Math.max(0, Math.ceil(seconds));
  const [value, unit] =
    s < 60
      ? [s, 'second']
      : s < 3600
        ? [Math.ceil(s / 60), 'minute']
        : s < 86_400
          ? [Math.ceil(s / 3600), 'hour']
          : [Math.ceil(s / 86_400), 'day'];
  return new Intl.NumberFormat(intlLocale(locale), { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}
