/**
 * Responsible-gambling limits, `GET/POST /api/user_limits`, `DELETE /api/user_limits/{id}`,
 * `POST /api/user_limits/confirm` (docs/limits.md). Amounts are integer minor units of each
 * account's currency.
 */
import { z } from 'zod';
import { currencyCode, recordId, text } from './primitives.ts';

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

const Amount = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const UserLimitAccountSchema = z.strictObject({
  currency: z.string(),
  amount_cents: z.number().int(),
  /** Used in the current window (for a break: 0). Reached when amount − used ≤ 0. */
  current_value_amount_cents: z.number().int(),
  /** When the current window ends and the used amount starts again from zero (null: never). */
  active_until: z.string().nullable(),
  /** A parked raise: the amount that applies once the player confirms it. */
  pending_amount_cents: z.number().int().nullable(),
});

export const UserLimitSchema = z.strictObject({
  id: z.number().int(),
  type: z.enum(LIMIT_TYPES),
  period: z.enum(LIMIT_PERIODS),
  status: z.enum(LIMIT_STATUSES),
  accounts: z.array(UserLimitAccountSchema),
  /** A parked removal: the earliest the limit can go (once confirmed). */
  disable_at: z.string().nullable(),
  /** A parked change: from when it can be confirmed, and until when before it lapses. */
  confirmable_at: z.string().nullable(),
  confirm_until: z.string().nullable(),
  /**
   * A break: when it ends (null for a break for ever). A session limit: when the asking sign-in
   * session reaches it. Null for a money limit.
   */
  ends_at: z.string().nullable(),
  /** A session limit: the minutes one sign-in session may be used for play (null for the others). */
  minutes: z.number().int().nullable(),
  /** A session limit's parked raise: the minutes that apply once the player confirms it. */
  pending_minutes: z.number().int().nullable(),
  created_at: z.string(),
  parent_type: z.null(),
  strategy: z.null(),
});
export type UserLimit = z.infer<typeof UserLimitSchema>;

export const UserLimitsResponseSchema = z.array(UserLimitSchema);

/**
 * `POST /api/user_limits`: the limit object itself, for a new limit and a change alike (a change
 * names the limit by `id`, or by its type and period). Read-only fields a client sends back with
 * the object it read are accepted and ignored.
 */
export const UserLimitRequestSchema = z.strictObject({
  id: recordId.optional(),
  type: z.enum(LIMIT_TYPES),
  period: z.enum(LIMIT_PERIODS),
  accounts: z
    .array(
      z.strictObject({
        currency: currencyCode,
        amount_cents: Amount,
        current_value_amount_cents: z.number().optional(),
        active_until: z.string().nullable().optional(),
        pending_amount_cents: z.number().nullable().optional(),
      }),
    )
    .max(40)
    .optional(),
  status: z.string().optional(),
  disable_at: z.string().nullable().optional(),
  confirmable_at: z.string().nullable().optional(),
  confirm_until: z.string().nullable().optional(),
  ends_at: z.string().nullable().optional(),
  /** A session limit's length; required for one, refused for the others. */
  minutes: z.number().int().min(5).max(1_440).nullable().optional(),
  pending_minutes: z.number().nullable().optional(),
  created_at: z.string().optional(),
  parent_type: z.null().optional(),
  strategy: z.null().optional(),
});
export type UserLimitRequest = z.infer<typeof UserLimitRequestSchema>;

export const UserLimitConfirmRequestSchema = z.strictObject({ token: text().min(1).max(200) });

/**
 * `game_limits` (private realtime channel): the player's limits as `GET /api/user_limits` lists
 * them, after a change, when a bet met one, or when a session limit ended the session; `message`
 * says what was refused, in words the player can read (null after a plain change).
 */
export const GameLimitsEventSchema = z.strictObject({
  /**
   * `changed`: the player changed a limit; `bet_limit_reached`: a bet used up a loss or wager limit;
   * `session_ended`: a session limit signed this session out; `break_started`: a cooling-off or
   * self-exclusion began and every session of the player is being signed out.
   */
  reason: z.enum(['changed', 'bet_limit_reached', 'session_ended', 'break_started']),
  limits: UserLimitsResponseSchema,
  message: z.string().nullable(),
});
export type GameLimitsEvent = z.infer<typeof GameLimitsEventSchema>;
