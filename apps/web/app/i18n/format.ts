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

/** A day and a time, as the app shows them (the limits page, the cashbox). */
const DAY_AND_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** A UTC time the server writes into its texts ("2026-11-29 19:53 UTC", an ISO time), or a bare day. */
const SERVER_DATE =
  /\b(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?(?:Z| UTC)|\b(\d{4}-\d{2}-\d{2})\b(?![T ]\d)/g;

/**
 * A text in the server's words (a refusal's `error`) with its dates as the rest of the app writes
 * them: a UTC time becomes the day and time in the UI locale and the visitor's time zone, a bare
 * day the day alone. "You are taking a break until 2026-11-29 19:53 UTC" reads "… until
 * Nov 29, 2026, 8:53 PM" in Berlin, like every other date of the site.
 */
export function localizeServerDates(text: string, locale: Locale): string {
  return text.replace(SERVER_DATE, (match, day?: string, time?: string, bareDay?: string) =>
    day && time ? formatDate(`${day}T${time}:00Z`, locale, DAY_AND_TIME) : formatDate(bareDay ?? match, locale),
  );
}
