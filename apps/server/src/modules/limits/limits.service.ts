import {
  BREAK_PERIODS,
  limitPeriodEnd,
  MONEY_LIMIT_TYPES,
  type GameLimitsEvent,
  type UserLimit,
  type UserLimitRequest,
} from '@croupier/shared/api/limits';
import type { Db } from '../../db/client.ts';
import { lockPlayer } from '../player/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { notFound, unprocessable } from '../../lib/errors.ts';
import {
  accountsOfLimit,
  applyPendingRaise,
  clearChange,
  deleteEndedBreak,
  deleteLimit,
  findLimit,
  hasPendingRaise,
  insertLimit,
  lapseExpiredChanges,
  limitAccounts,
  limitsOf,
  lockLimitByToken,
  parkChange,
  reachedBetLimit,
  sessionsPastLimit,
  setAccountAmount,
  setMinutes,
  setPendingAmount,
  type LimitAccountRow,
  type LimitRow,
} from './limits.repository.ts';

/** A loosening waits this long before the player can confirm it (docs/limits.md#changing-a-limit). */
export const LIMIT_COOLING_MS = 24 * 3_600_000;
/** After the wait, the player has this long to confirm; then the change lapses. */
export const LIMIT_CONFIRM_WINDOW_MS = 7 * 24 * 3_600_000;

const isMoney = (type: string) => (MONEY_LIMIT_TYPES as readonly string[]).includes(type);
const isBreak = (type: string): type is keyof typeof BREAK_PERIODS => type in BREAK_PERIODS;

export interface LimitsServiceDeps {
  db: Db;
  clock: Clock;
  /** Mails the player the link that confirms a parked change. */
  sendConfirmation(userId: number, token: string): Promise<void>;
  /** A break began: the player's sessions and sockets end (docs/limits.md#enforcement). */
  onBreak?(userId: number): Promise<void>;
  /**
   * A session limit ended this sign-in session: sign it out, tell that session's pages why with
   * `event` (the session is gone by then, so a page that asks who is signed in learns it), then
   * close its sockets. The player's other sessions hear nothing.
   */
  endSession?(sessionId: string, event: GameLimitsEvent): Promise<void>;
  /** The player's limits changed, or a bet met one: tell their open pages (`game_limits`). */
  onChange?(userId: number, event: GameLimitsEvent): void;
}

/** How long a player found without loss or wager limits is not asked again after a bet. */
const NO_BET_LIMITS_MS = 60_000;

/**
 * The limits engine's rules (docs/limits.md): a new or tighter limit applies at once; a looser one
 * or a removal is parked, becomes confirmable after 24 h and needs the mailed token within 7 days;
 * a break runs to its end and cannot be shortened. Enforcement is elsewhere: `limits_bet_check`
 * inside every bet.
 */
export class LimitsService {
  constructor(private readonly deps: LimitsServiceDeps) {}

  /**
   * The player's limits. `sessionStartedAt`: when the asking sign-in session began, so a session
   * limit can say when this session ends (`ends_at`).
   */
  async list(userId: number, sessionStartedAt?: Date): Promise<UserLimit[]> {
    const now = this.deps.clock.now();
    const limits = await limitsOf(this.deps.db, userId, now);
    const accounts = await limitAccounts(
      this.deps.db,
      limits.map((l) => l.id),
      now,
    );
    return limits.map((l) => present(l, accounts, now, sessionStartedAt));
  }

  /** Tells the player's open pages where their limits stand now (`game_limits`); a refusal's words go with it. */
  async announce(
    userId: number,
    reason: GameLimitsEvent['reason'] = 'changed',
    message: string | null = null,
  ): Promise<void> {
    // Every change passes here: the player's next bet asks about their limits again.
    this.changes++;
    this.withoutBetLimits.delete(userId);
    if (!this.deps.onChange) return;
    this.deps.onChange(userId, { reason, limits: await this.list(userId), message });
  }

  /** `POST /api/user_limits`: 201 with a new limit, 200 with a changed one. */
  async set(userId: number, request: UserLimitRequest): Promise<{ created: boolean; limit: UserLimit }> {
    const now = this.deps.clock.now();
    const { type, period } = request;
    if (type === 'session') {
      if (period !== 'day')
        throw unprocessable(
          'limit_period_invalid',
          'A session limit counts each sign-in session: set it with the period day.',
          {
            period: ['is not available for this limit'],
          },
        );
      if (request.minutes === undefined || request.minutes === null)
        throw unprocessable('validation_error', 'Give the session limit its length in minutes.', {
          minutes: ['must be given'],
        });
    }
    if (type !== 'session' && request.minutes !== undefined && request.minutes !== null)
      throw unprocessable('validation_error', 'Only a session limit has minutes.', {
        minutes: ['is only for a session limit'],
      });
    const minutes = type === 'session' ? (request.minutes ?? undefined) : undefined;
    if (isBreak(type) && !(BREAK_PERIODS[type] as readonly string[]).includes(period))
      throw unprocessable(
        'limit_period_invalid',
        `A ${type === 'coolingoff' ? 'break' : 'self-exclusion'} lasts ${BREAK_PERIODS[type].join(', ')}.`,
        { period: ['is not available for this limit'] },
      );
    const amounts = new Map<string, bigint>();
    for (const a of request.accounts ?? []) amounts.set(a.currency, BigInt(a.amount_cents));
    // A session limit holds minutes and a break a length: amounts there would park raises of nothing.
    if (!isMoney(type) && amounts.size > 0)
      throw unprocessable('validation_error', 'Only loss, wager and deposit limits have amounts.', {
        accounts: ['is only for a loss, wager or deposit limit'],
      });
    if (isMoney(type) && amounts.size === 0)
      throw unprocessable('validation_error', 'Give the limit an amount in at least one currency.', {
        accounts: ['must hold at least one amount'],
      });
    let token: string | null = null;
    const result = await this.deps.db.transaction(async (tx) => {
      await lockPlayer(tx, userId);
      const existing = await findLimit(tx, userId, request.id !== undefined ? { id: request.id } : { type, period });
      if (request.id !== undefined && !existing) throw notFound('limit_not_found', 'No such limit');
      if (existing && (existing.type !== type || existing.period !== period))
        throw unprocessable('limit_locked', 'A limit’s type and period cannot change: set a new limit instead.');
      if (isBreak(type)) {
        if (existing && (existing.ends_at === null || existing.ends_at > now))
          throw unprocessable('limit_locked', 'This break is already running; it cannot be changed or shortened.');
        await deleteEndedBreak(tx, userId, type, period, now);
        const id = await insertLimit(tx, { userId, type, period, now, endsAt: limitPeriodEnd(now, period) });
        return { created: true, id };
      }
      if (!existing) {
        const id = await insertLimit(tx, { userId, type, period, now, endsAt: null, minutes });
        for (const [currency, amount] of amounts) await setAccountAmount(tx, id, currency, amount);
        return { created: true, id };
      }
      // Tighter amounts (and new currencies) apply now; looser ones wait for the player's confirmation.
      const current = new Map(
        (await accountsOfLimit(tx, existing.id)).map((a) => [a.currency, BigInt(a.amount_cents)]),
      );
      let raised = false;
      if (minutes !== undefined) {
        if (existing.minutes === null || minutes <= existing.minutes)
          await setMinutes(tx, existing.id, { inForce: minutes });
        else {
          await setMinutes(tx, existing.id, { pending: minutes });
          raised = true;
        }
      }
      for (const [currency, amount] of amounts) {
        const inForce = current.get(currency);
        if (inForce === undefined || amount <= inForce) await setAccountAmount(tx, existing.id, currency, amount);
        else {
          await setPendingAmount(tx, existing.id, currency, amount);
          raised = true;
        }
      }
      if (raised) {
        token = randomToken();
        await parkChange(tx, existing.id, {
          kind: 'raise',
          now,
          confirmableAt: new Date(now.getTime() + LIMIT_COOLING_MS),
          confirmUntil: new Date(now.getTime() + LIMIT_COOLING_MS + LIMIT_CONFIRM_WINDOW_MS),
          tokenHash: sha256(token),
        });
      } else if (existing.pending_change === 'raise' && !(await hasPendingRaise(tx, existing.id))) {
        // Every parked raise was overtaken by a tighter amount: nothing is waiting any more.
        await clearChange(tx, existing.id, now);
      }
      return { created: false, id: existing.id };
    });
    if (isBreak(type)) {
      // Told first, while the player's sockets are still open: every page of theirs leaves play.
      await this.announce(userId, 'break_started');
      await this.deps.onBreak?.(userId);
    } else {
      if (token) await this.deps.sendConfirmation(userId, token);
      await this.announce(userId);
    }
    return { created: result.created, limit: await this.one(userId, result.id) };
  }

  /** `DELETE /api/user_limits/{id}`: a removal is parked like a raise; a break cannot be ended. */
  async remove(userId: number, limitId: number): Promise<UserLimit> {
    const now = this.deps.clock.now();
    const token = randomToken();
    await this.deps.db.transaction(async (tx) => {
      await lockPlayer(tx, userId);
      const limit = await findLimit(tx, userId, { id: limitId });
      if (!limit || (limit.ends_at !== null && limit.ends_at <= now))
        throw notFound('limit_not_found', 'No such limit');
      if (isBreak(limit.type))
        throw unprocessable('limit_locked', 'A break cannot be ended early; it ends by itself when its time is up.');
      await parkChange(tx, limit.id, {
        kind: 'remove',
        now,
        confirmableAt: new Date(now.getTime() + LIMIT_COOLING_MS),
        confirmUntil: new Date(now.getTime() + LIMIT_COOLING_MS + LIMIT_CONFIRM_WINDOW_MS),
        tokenHash: sha256(token),
      });
    });
    await this.deps.sendConfirmation(userId, token);
    await this.announce(userId);
    return this.one(userId, limitId);
  }

  /**
   * `POST /api/user_limits/confirm`: applies a parked change with its token, once the 24 h have
   * passed and before the window closes. Answers the limit as it is now (null once removed).
   */
  async confirm(userId: number, token: string): Promise<UserLimit | null> {
    const now = this.deps.clock.now();
    const outcome = await this.deps.db.transaction(async (tx) => {
      const limit = await lockLimitByToken(tx, sha256(token));
      // Another player's token is as unknown as a made-up one.
      if (!limit || limit.user_id !== userId || !limit.pending_change)
        throw unprocessable('limit_confirm_invalid', 'This confirmation link is not valid.');
      if (limit.confirmable_at && now < limit.confirmable_at)
        throw unprocessable(
          'limit_confirm_too_early',
          `For your protection this change can be confirmed from ${limit.confirmable_at.toISOString()}.`,
        );
      if (limit.confirm_until && now >= limit.confirm_until) {
        await clearChange(tx, limit.id, now);
        return 'expired' as const;
      }
      if (limit.pending_change === 'remove') {
        await deleteLimit(tx, limit.id);
        return 'removed' as const;
      }
      await applyPendingRaise(tx, limit.id);
      await clearChange(tx, limit.id, now);
      return limit.id;
    });
    if (outcome === 'expired')
      throw unprocessable('limit_confirm_expired', 'This change was not confirmed in time and lapsed; ask again.');
    await this.announce(userId);
    return outcome === 'removed' ? null : this.one(userId, outcome);
  }

  /** The limits job: parked changes past their window lapse. */
  lapse(): Promise<number> {
    return lapseExpiredChanges(this.deps.db, this.deps.clock.now());
  }

  /**
   * After a bet committed: when it used up a loss or wager limit, the player's pages are told at once
   * (the next bet would be refused anyway, inside the wallet). A realtime nicety, not a rule.
   */
  async afterBet(userId: number, currency: string): Promise<void> {
    if (!this.deps.onChange) return;
    const now = this.deps.clock.now();
    const until = this.withoutBetLimits.get(userId);
    if (until !== undefined && until > now.getTime()) return;
    const changesBefore = this.changes;
    const { held, message } = await reachedBetLimit(this.deps.db, { userId, currency, now });
    if (!held) {
      // A change while the question was out may have given the player a limit: ask again next time.
      if (this.changes === changesBefore) this.rememberWithoutBetLimits(userId, now.getTime());
      return;
    }
    this.withoutBetLimits.delete(userId);
    if (message) await this.announce(userId, 'bet_limit_reached', message);
  }

  /**
   * Most players hold no loss or wager limit: after one look, their bets skip the question for
   * NO_BET_LIMITS_MS (the bet itself is always checked inside the wallet; this only decides whether
   * to tell the pages). A limit set on this instance clears the entry at once; one set on another
   * instance is heard within that time.
   */
  private readonly withoutBetLimits = new Map<number, number>();
  /** Counts changes on this instance, so an answer read before one is not remembered after it. */
  private changes = 0;

  private rememberWithoutBetLimits(userId: number, nowMs: number) {
    if (this.withoutBetLimits.size >= 100_000)
      for (const [id, until] of this.withoutBetLimits) if (until <= nowMs) this.withoutBetLimits.delete(id);
    this.withoutBetLimits.set(userId, nowMs + NO_BET_LIMITS_MS);
  }

  /**
   * The session-limit job: signs out every sign-in session older than its player's session limit
   * (docs/limits.md#session-limits). Bets from it were already refused from the minute it passed;
   * this ends the session itself. Returns how many ended.
   */
  async endSessionsPastLimit(batch = 200): Promise<number> {
    const ended = await sessionsPastLimit(this.deps.db, this.deps.clock.now(), batch);
    for (const s of ended) {
      await this.deps.endSession?.(s.session_id, {
        reason: 'session_ended',
        limits: await this.list(s.user_id, s.created_at),
        message: `You have reached your session limit of ${s.minutes} minutes. Sign in again to play.`,
      });
    }
    return ended.length;
  }

  private async one(userId: number, id: number): Promise<UserLimit> {
    const found = (await this.list(userId)).find((l) => l.id === id);
    if (!found) throw notFound('limit_not_found', 'No such limit');
    return found;
  }
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function present(limit: LimitRow, accounts: LimitAccountRow[], now: Date, sessionStartedAt?: Date): UserLimit {
  // A change whose window closed is gone even before the job clears it.
  const pending =
    limit.pending_change && limit.confirm_until && now < limit.confirm_until ? limit.pending_change : null;
  return {
    id: limit.id,
    type: limit.type as UserLimit['type'],
    period: limit.period as UserLimit['period'],
    status: pending === 'raise' ? 'unconfirmed' : pending === 'remove' ? 'unconfirmed_disable' : 'active',
    accounts: accounts
      .filter((a) => a.limit_id === limit.id)
      .map((a) => ({
        currency: a.currency,
        amount_cents: Number(a.amount_cents),
        current_value_amount_cents: Number(a.used_cents),
        active_until: a.window_end === null ? null : new Date(a.window_end).toISOString(),
        pending_amount_cents:
          pending === 'raise' && a.pending_amount_cents !== null ? Number(a.pending_amount_cents) : null,
      })),
    disable_at: pending === 'remove' ? iso(limit.confirmable_at) : null,
    confirmable_at: pending ? iso(limit.confirmable_at) : null,
    confirm_until: pending ? iso(limit.confirm_until) : null,
    // A session limit's end is this sign-in session's (when the list knows which session asks).
    ends_at:
      limit.type === 'session'
        ? sessionStartedAt && limit.minutes !== null
          ? iso(new Date(sessionStartedAt.getTime() + limit.minutes * 60_000))
          : null
        : iso(limit.ends_at),
    minutes: limit.minutes === null ? null : Number(limit.minutes),
    pending_minutes: pending === 'raise' && limit.pending_minutes !== null ? Number(limit.pending_minutes) : null,
    created_at: new Date(limit.created_at).toISOString(),
    parent_type: null,
    strategy: null,
  };
}
