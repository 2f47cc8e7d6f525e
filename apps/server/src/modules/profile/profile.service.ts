import { lockPlayer } from '../player/index.ts';
import { randomInt } from 'node:crypto';
import type { Player } from '@croupier/shared/api/player';
import type {
  Phone,
  PhoneAddRequestSchema,
  PlayerGroupsRequestSchema,
  Subscriptions,
  SubscriptionsUpdateRequestSchema,
  UpdateDetailsRequestSchema,
} from '@croupier/shared/api/profile';
import { FIELD_MESSAGES } from '@croupier/shared/api/auth';
import { PHONE_CODE_LENGTH } from '@croupier/shared/api/profile';
import type { z } from 'zod';
import { deriveKeyHex } from '../../config/secrets.ts';
import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { hmacSha256, safeEqual } from '../../lib/crypto.ts';
import { pgCode, UNIQUE_VIOLATION } from '../../lib/pg-errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, conflict, notFound, tooManyRequests, unauthorized, unprocessable } from '../../lib/errors.ts';
import { createThrottle, takeSendCaps, throttleKeys } from '../auth/index.ts';
import type { SmsSender } from '../mail/index.ts';
import { createPlayerService, findUserById } from '../player/index.ts';
import {
  changeGroups,
  clearPendingCode,
  countWrongAttempt,
  deletePhone,
  findPhone,
  findSubscriptions,
  markPhoneVerified,
  numberVerifiedByOther,
  type PhoneRow,
  savePendingPhone,
  type SubscriptionRow,
  updateDetails,
  updateSubscriptions,
  writableGroups,
} from './profile.repository.ts';

/** The phone verification rules (docs/player-profile.md#phone). */
export const PHONE_RULES = {
  codeTtlMs: 10 * 60_000,
  maxAttempts: 5,
  resendAfterMs: 60_000,
  maxSendsPerDay: 5,
  /** Codes to one number per 24 hours, whichever accounts ask (accounts are free to make). */
  maxSendsPerNumberPerDay: 5,
  /** Codes asked from one client address per 24 hours (room for a shared address: NAT, office). */
  maxSendsPerIpPerDay: 20,
} as const;
const DAY_MS = 86_400_000;

export interface ProfileDeps {
  db: Db;
  env: Pick<Env, 'appSecret' | 'TERMS_UPDATED_AT' | 'SMS_DAILY_BUDGET' | 'AUTH_MAX_FAILURES' | 'AUTH_LOCK_MINUTES'>;
  clock: Clock;
  sms: SmsSender;
  logError: (message: string, error: unknown) => void;
}

type SubscriptionsUpdate = z.output<typeof SubscriptionsUpdateRequestSchema>;
type DetailsUpdate = z.output<typeof UpdateDetailsRequestSchema>['user'];
type GroupsUpdate = z.output<typeof PlayerGroupsRequestSchema>['groups'];

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export function createProfileService({ db, env, clock, sms, logError }: ProfileDeps) {
  const players = createPlayerService({ db, env, clock });
  // Wrong phone codes count in the one throttle of guessable secrets too (docs/auth.md#throttling).
  const throttle = createThrottle({ db, clock, env });
  const codeKey = deriveKeyHex(env.appSecret, 'phone-code');
  // Bound to the player and the number: a code sent for one number never proves another.
  const codeHash = (userId: number, number: string, code: string) => hmacSha256(codeKey, `${userId}:${number}:${code}`);

  function presentPhone(row: PhoneRow): Phone {
    const now = clock.now();
    const pending = !row.verifiedAt && row.codeHash !== null && row.codeExpiresAt !== null && row.codeExpiresAt > now;
    return {
      number: row.number,
      verified: row.verifiedAt !== null,
      confirmed_at: iso(row.verifiedAt),
      code_expires_at: pending ? iso(row.codeExpiresAt) : null,
      resend_available_at: row.verifiedAt ? null : iso(nextSendAt(row)),
    };
  }

  /**
   * When the next code may be sent: a minute after the last, and after the day's cap resets. `at`:
   * the request's own time, read once (a second read would be later, and always "wait").
   */
  function nextSendAt(
    row: Pick<PhoneRow, 'lastSentAt' | 'sendWindowStartedAt' | 'sendsInWindow'>,
    asOf: Date = clock.now(),
  ): Date {
    const now = asOf.getTime();
    let at = now;
    if (row.lastSentAt) at = Math.max(at, row.lastSentAt.getTime() + PHONE_RULES.resendAfterMs);
    const windowStart = row.sendWindowStartedAt?.getTime();
    if (windowStart !== undefined && now - windowStart < DAY_MS && row.sendsInWindow >= PHONE_RULES.maxSendsPerDay) {
      at = Math.max(at, windowStart + DAY_MS);
    }
    return new Date(at);
  }

  async function getPhone(userId: number): Promise<Phone | null> {
    const row = await findPhone(db, userId);
    return row ? presentPhone(row) : null;
  }

  /** POST /api/player/phone: records the number as pending and texts it a new code. */
  async function addPhone(
    userId: number,
    number: z.output<typeof PhoneAddRequestSchema>['phone']['number'],
    ip: string,
  ) {
    const now = clock.now();
    const code = String(randomInt(10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, '0');
    const row = await db.transaction(async (tx) => {
      if (!(await lockPlayer(tx, userId))) throw unauthorized();
      const current = await findPhone(tx, userId);
      if (current?.verifiedAt) {
        throw conflict('phone_exists', 'You already have a verified phone. Delete it before adding another.');
      }
      if (current) {
        const wait = nextSendAt(current, now).getTime() - now.getTime();
        if (wait > 0) throw tooManyRequests(Math.ceil(wait / 1000), 'Please wait before asking for another code.');
      }
      // Accounts are free: the number, the client address and the whole site are capped too. Taken
      // in this transaction, so a refusal (thrown, rolling back) counts against none of them.
      const full = await takeSendCaps(tx, now, [
        { key: throttleKeys.smsNumber(number), max: PHONE_RULES.maxSendsPerNumberPerDay, windowMs: DAY_MS },
        { key: throttleKeys.smsIp(ip), max: PHONE_RULES.maxSendsPerIpPerDay, windowMs: DAY_MS },
        { key: throttleKeys.smsAll, max: env.SMS_DAILY_BUDGET, windowMs: DAY_MS },
      ]);
      if (full) {
        if (full.cap.key === throttleKeys.smsAll) logError('profile: the daily SMS budget is spent', full.cap);
        throw tooManyRequests(full.retryAfterSeconds, 'Too many codes were sent. Please try again later.');
      }
      const windowFresh =
        !current?.sendWindowStartedAt || now.getTime() - current.sendWindowStartedAt.getTime() >= DAY_MS;
      return savePendingPhone(tx, {
        userId,
        number,
        codeHash: codeHash(userId, number, code),
        codeExpiresAt: new Date(now.getTime() + PHONE_RULES.codeTtlMs),
        sendWindowStartedAt: windowFresh ? now : current.sendWindowStartedAt!,
        sendsInWindow: (windowFresh ? 0 : current.sendsInWindow) + 1,
        now,
      });
    });
    try {
      await sms.send({
        userId,
        to: number,
        kind: 'phone_code',
        text: `Croupier: your code is ${code}. It works for ${PHONE_RULES.codeTtlMs / 60_000} minutes. Never share it.`,
      });
    } catch (error) {
      // No code may stay valid that nobody received; the send still counts against the cap.
      logError('profile: the phone code SMS failed', error);
      await clearPendingCode(db, userId, clock.now());
      throw new AppError(502, 'sms_failed', 'The text message could not be sent. Please try again later.');
    }
    return presentPhone(row);
  }

  /** POST /api/player/phone/confirm: the code from the SMS verifies the pending number. */
  async function confirmPhone(userId: number, code: string): Promise<Phone> {
    const now = clock.now();
    const outcome = await db
      .transaction(async (tx) => {
        if (!(await lockPlayer(tx, userId))) throw unauthorized();
        const row = await findPhone(tx, userId);
        if (!row) throw notFound('phone_not_found', 'Add a phone number first.');
        if (row.verifiedAt) throw conflict('phone_already_verified', 'This phone is already verified.');
        if (row.codeHash === null || row.codeExpiresAt === null || row.codeExpiresAt <= now) {
          return { kind: 'expired' as const };
        }
        // Taken before the code is compared, in this transaction; a refusal wrote nothing.
        const taken = await throttle.attempt([throttle.buckets.player(throttleKeys.phone(userId))], tx);
        if (!taken.ok) return { kind: 'locked' as const, retryAfterSeconds: taken.retryAfterSeconds };
        if (!safeEqual(codeHash(userId, row.number, code), row.codeHash)) {
          // Counted in this transaction, which commits: the refusal is thrown after it.
          const attempts = await countWrongAttempt(tx, userId, now);
          if (attempts >= PHONE_RULES.maxAttempts) await clearPendingCode(tx, userId, now);
          return { kind: 'wrong' as const, left: Math.max(0, PHONE_RULES.maxAttempts - attempts) };
        }
        // The code was right: its attempt goes back.
        await taken.giveBack(tx);
        if (await numberVerifiedByOther(tx, userId, row.number)) return { kind: 'taken' as const };
        return { kind: 'verified' as const, row: await markPhoneVerified(tx, userId, now) };
      })
      .catch((error: unknown) => {
        // The check above locks only this player's row: another player confirming the same number
        // at the same moment passes it too, and the second to write meets the unique index of
        // verified numbers (player_phones_verified_number_idx). That is the same refusal.
        if (pgCode(error) === UNIQUE_VIOLATION) return { kind: 'taken' as const };
        throw error;
      });
    switch (outcome.kind) {
      case 'locked':
        throw tooManyRequests(outcome.retryAfterSeconds, 'Too many wrong codes. Please try again later.');
      case 'expired':
        throw unprocessable('code_expired', 'This code has expired. Ask for a new one.', {
          code: [FIELD_MESSAGES.invalid],
        });
      case 'wrong':
        throw unprocessable(
          outcome.left === 0 ? 'code_attempts_exceeded' : 'invalid_code',
          outcome.left === 0
            ? 'Too many wrong codes. Ask for a new one.'
            : `This code is not right. ${outcome.left} attempt${outcome.left === 1 ? '' : 's'} left.`,
          { code: [FIELD_MESSAGES.invalid] },
        );
      case 'taken':
        throw conflict('phone_taken', 'This phone number is verified on another account.');
      case 'verified':
        return presentPhone(outcome.row);
    }
  }

  /** DELETE /api/player/phone. */
  async function removePhone(userId: number): Promise<void> {
    const removed = await db.transaction(async (tx) => {
      if (!(await lockPlayer(tx, userId))) throw unauthorized();
      return deletePhone(tx, userId, clock.now());
    });
    if (!removed) throw notFound('phone_not_found', 'There is no phone to delete.');
  }

  const presentSubscriptions = (row: SubscriptionRow): Subscriptions => ({
    receive_promos: row.receivePromos,
    receive_sms_promos: row.receiveSmsPromos,
    receive_promos_via_phone_calls: row.receivePromosViaPhoneCalls,
    agreed_to_partner_promotions: row.agreedToPartnerPromotions,
  });

  async function getSubscriptions(userId: number): Promise<Subscriptions> {
    const row = await findSubscriptions(db, userId);
    if (!row) throw unauthorized();
    return presentSubscriptions(row);
  }

  /** PUT /api/subscriptions: flat or wrapped, never both; only the fields sent change. */
  async function setSubscriptions(userId: number, body: SubscriptionsUpdate): Promise<Subscriptions> {
    const { subscriptions: wrapped, ...flat } = body;
    const flatSent = Object.values(flat).some((v) => v !== undefined);
    if (wrapped && flatSent) {
      throw unprocessable('validation_error', 'Some fields are not valid.', {
        subscriptions: ['send the fields flat or inside subscriptions, not both'],
      });
    }
    const input = wrapped ?? flat;
    const patch: Partial<SubscriptionRow> = {};
    if (input.receive_promos !== undefined) patch.receivePromos = input.receive_promos;
    if (input.receive_sms_promos !== undefined) patch.receiveSmsPromos = input.receive_sms_promos;
    if (input.receive_promos_via_phone_calls !== undefined)
      patch.receivePromosViaPhoneCalls = input.receive_promos_via_phone_calls;
    if (input.agreed_to_partner_promotions !== undefined)
      patch.agreedToPartnerPromotions = input.agreed_to_partner_promotions;
    if (Object.keys(patch).length === 0) {
      throw unprocessable('validation_error', 'Some fields are not valid.', { subscriptions: [FIELD_MESSAGES.blank] });
    }
    const row = await updateSubscriptions(db, userId, patch, clock.now());
    if (!row) throw unauthorized();
    return presentSubscriptions(row);
  }

  /** POST /api/auth_providers/update_details: fills what `auth_fields_missed` names. */
  async function fillDetails(userId: number, input: DetailsUpdate): Promise<Player> {
    const user = await findUserById(db, userId);
    if (!user || user.disabledAt) throw unauthorized();
    const sent = Object.values(input).some((v) => v !== undefined);
    const errors: Record<string, string[]> = {};
    if (!sent) errors.user = [FIELD_MESSAGES.blank];
    // Country is filled here, never changed: a change goes through the profile form's rules.
    if (input.country !== undefined && user.country && user.country !== input.country) {
      errors.country = [FIELD_MESSAGES.cannotChange];
    }
    if (Object.keys(errors).length > 0) throw unprocessable('validation_error', 'Some fields are not valid.', errors);
    const now = clock.now();
    const missed = (await players.present(user)).auth_fields_missed;
    await updateDetails(
      db,
      userId,
      {
        // Accepting again when nothing is owed keeps the original date of acceptance.
        ...(input.terms_acceptance && missed.includes('terms_acceptance') ? { termsAcceptedAt: now } : {}),
        ...(input.country !== undefined && !user.country ? { country: input.country } : {}),
        ...(input.receive_promos !== undefined ? { receivePromos: input.receive_promos } : {}),
        ...(input.receive_sms_promos !== undefined ? { receiveSmsPromos: input.receive_sms_promos } : {}),
      },
      now,
    );
    return players.getPlayer(userId);
  }

  /** POST /api/player/groups: joins and leaves the groups players may choose themselves. */
  async function setGroups(userId: number, groups: GroupsUpdate): Promise<Player> {
    const add = [...new Set(groups.add ?? [])];
    const remove = [...new Set(groups.remove ?? [])];
    const errors: Record<string, string[]> = {};
    if (add.length === 0 && remove.length === 0) errors.groups = [FIELD_MESSAGES.blank];
    if (add.some((id) => remove.includes(id))) errors.groups = ['cannot add and remove the same group'];
    const allowed = await writableGroups(db, [...add, ...remove]);
    if (add.some((id) => !allowed.has(id))) errors.add = [FIELD_MESSAGES.notIncluded];
    if (remove.some((id) => !allowed.has(id))) errors.remove = [FIELD_MESSAGES.notIncluded];
    if (Object.keys(errors).length > 0) throw unprocessable('validation_error', 'Some fields are not valid.', errors);
    await db.transaction(async (tx) => {
      if (!(await lockPlayer(tx, userId))) throw unauthorized();
      await changeGroups(tx, userId, add, remove, clock.now());
    });
    return players.getPlayer(userId);
  }

  return {
    getPhone,
    addPhone,
    confirmPhone,
    removePhone,
    getSubscriptions,
    setSubscriptions,
    fillDetails,
    setGroups,
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
