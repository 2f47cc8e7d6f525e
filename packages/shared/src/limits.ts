/**
 * Responsible-gambling limits without the wire schemas (docs/limits.md): the kinds, periods and
 * statuses, a window's end, when an account counts as reached, a session limit's bounds. Plain
 * values with no zod, so browser code may import them without loading the validator (the schemas
 * are in `api/limits.ts`, which re-exports these).
 */
export const LIMIT_TYPES = ['loss', 'wager', 'deposit', 'session', 'coolingoff', 'selfexclusion'] as const;
export const LIMIT_PERIODS = [
  'day',
  'day_3',
  'week',
  'month',
  'month_3',
  'month_6',
  'month_9',
  'month_12',
  'forever',
] as const;
export const LIMIT_STATUSES = [
  'active',
  'confirmed',
  'confirmed_disable',
  'unconfirmed',
  'unconfirmed_disable',
] as const;

const DAY_MS = 86_400_000;
const FIXED_MS: Partial<Record<(typeof LIMIT_PERIODS)[number], number>> = {
  day: DAY_MS,
  day_3: 3 * DAY_MS,
  week: 7 * DAY_MS,
};
const MONTHS: Partial<Record<(typeof LIMIT_PERIODS)[number], number>> = {
  month: 1,
  month_3: 3,
  month_6: 6,
  month_9: 9,
  month_12: 12,
};

/**
 * The end of a window, or of a break, of `period` that starts at `start` (docs/limits.md#windows):
 * fixed days, or calendar months in UTC that stop at a shorter month's last day, as PostgreSQL adds
 * months. Null for `forever`. The server's windows and the page's break dialog both use it.
 */
export function limitPeriodEnd(start: Date, period: string): Date | null {
  const fixed = FIXED_MS[period as keyof typeof FIXED_MS];
  if (fixed !== undefined) return new Date(start.getTime() + fixed);
  const months = MONTHS[period as keyof typeof MONTHS];
  if (months === undefined) return null;
  const end = new Date(start);
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const last = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, last));
  return end;
}

/**
 * A limit's account is reached when nothing is left: amount less what was used (taken as a
 * magnitude, as clients send it) is zero or less (docs/limits.md#what-counts). The limits page, the
 * reached-limit warning and the game page's gate all ask this.
 */
export function limitAccountReached(account: { amount_cents: number; current_value_amount_cents: number }): boolean {
  return account.amount_cents - Math.abs(account.current_value_amount_cents) <= 0;
}

/** Money limits have amounts per currency; breaks have an end. */
export const MONEY_LIMIT_TYPES = ['loss', 'wager', 'deposit'] as const;
/** The lengths a break may have. */
export const BREAK_PERIODS = {
  coolingoff: ['day', 'week', 'month', 'month_3'],
  selfexclusion: ['month_6', 'month_12', 'forever'],
} as const;

/** A session limit lies between these minutes (docs/limits.md#session-limits). */
export const SESSION_MINUTES = { min: 5, max: 1_440 } as const;
