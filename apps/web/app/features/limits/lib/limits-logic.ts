/**
 * Pure rules of the limits page (docs/limits.md): which kinds there are, how long a break lasts,
 * and how a refused request reads to the player. Kept apart from the components so each is tested.
 */
import type { UserLimit } from '@croupier/shared/api/limits';
// Plain values from the zod-free module: the limits pages must not load the validator.
import {
  BREAK_PERIODS,
  LIMIT_PERIODS,
  limitPeriodEnd,
  MONEY_LIMIT_TYPES,
  SESSION_MINUTES,
} from '@croupier/shared/limits';
import type { Locale } from '@croupier/shared/locales';
import { formatDate } from '../../../i18n/format';
import type { I18n } from '../../../i18n/runtime';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { serverErrorText } from '../../../lib/server-errors';

export type MoneyLimitType = (typeof MONEY_LIMIT_TYPES)[number];
export type BreakType = keyof typeof BREAK_PERIODS;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

export { BREAK_PERIODS, LIMIT_PERIODS, MONEY_LIMIT_TYPES, SESSION_MINUTES };
export const BREAK_TYPES: readonly BreakType[] = ['coolingoff', 'selfexclusion'];

/** Dates and times on the page: the day and the hour, in the UI locale. */
export const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

export const isBreakType = (type: string): type is BreakType => type === 'coolingoff' || type === 'selfexclusion';

/** The player's limits of one type, shortest period first (the order of LIMIT_PERIODS). */
export function limitsOfType(limits: readonly UserLimit[] | undefined, type: UserLimit['type']): UserLimit[] {
  return (limits ?? [])
    .filter((l) => l.type === type)
    .sort((a, b) => LIMIT_PERIODS.indexOf(a.period) - LIMIT_PERIODS.indexOf(b.period));
}

/** When a break of `period` taken at `now` ends, by the server's own rule. Null: for ever. */
export function breakEnd(period: LimitPeriod, now: Date): Date | null {
  return limitPeriodEnd(now, period);
}
/** Whole minutes within the session limit's bounds, from what the player typed; null otherwise. */
export function parseSessionMinutes(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,4}$/.test(trimmed)) return null;
  const minutes = Number(trimmed);
  return minutes >= SESSION_MINUTES.min && minutes <= SESSION_MINUTES.max ? minutes : null;
}

const KNOWN_CODES = [
  'limit_period_invalid',
  'limit_locked',
  'limit_not_found',
  'limit_confirm_invalid',
  'limit_confirm_expired',
] as const;

const ISO_DATE = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z/;

/**
 * What a failed limits request tells the player: a translated text for the codes the page knows
 * (a too-early confirmation with the date it becomes possible, read from the server's message),
 * else the server's own text, else the generic message.
 */
export function limitErrorMessage(error: unknown, i18n: I18n, locale: Locale): string {
  if (error instanceof NetworkError) return i18n.t('common:errors.network');
  if (!(error instanceof ApiError)) return i18n.t('common:errors.generic');
  const serverText = (error.body as { error?: unknown } | null)?.error;
  const code = error.code;
  if (code === 'limit_confirm_too_early') {
    const when = typeof serverText === 'string' ? ISO_DATE.exec(serverText)?.[0] : undefined;
    if (when) return i18n.t('limits:errors.limit_confirm_too_early', { date: formatDate(when, locale, DATE_TIME) });
  }
  if (code && (KNOWN_CODES as readonly string[]).includes(code)) return i18n.t(`limits:errors.${code}`);
  return serverErrorText(error, locale) ?? i18n.t('common:errors.generic');
}
