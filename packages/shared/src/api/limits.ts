/**
 * Responsible-gambling limits, `GET/POST /api/user_limits`, `DELETE /api/user_limits/{id}`,
 * `POST /api/user_limits/confirm` (docs/limits.md). Amounts are integer minor units of each
 * account's currency.
 */
import { z } from 'zod';
import { currencyCode, recordId, text } from './primitives.ts';

import { LIMIT_PERIODS, LIMIT_STATUSES, LIMIT_TYPES, SESSION_MINUTES } from '../limits.ts';

export {
  BREAK_PERIODS,
  LIMIT_PERIODS,
  LIMIT_STATUSES,
  LIMIT_TYPES,
  limitAccountReached,
  limitPeriodEnd,
  MONEY_LIMIT_TYPES,
  SESSION_MINUTES,
} from '../limits.ts';

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
  minutes: z.number().int().min(SESSION_MINUTES.min).max(SESSION_MINUTES.max).nullable().optional(),
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
