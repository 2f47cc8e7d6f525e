import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import type { DbOrTx } from '../player/index.ts';
import { activeLockUntil, clearThrottle, countThrottleEvent, takeFromCap } from './auth.repository.ts';

/** Bucket names in `auth_throttle`. E-mails are keyed as typed (normalised), known or not. */
export const throttleKeys = {
  account: (email: string) => `account:${email.trim().toLowerCase()}`,
  ip: (ip: string) => `ip:${ip}`,
  otp: (userId: number) => `otp:${userId}`,
  mail: (purpose: string, userId: number) => `mail:${purpose}:${userId}`,
  /** Text messages (docs/player-profile.md#phone): to one number, from one IP, and all of them. */
  smsNumber: (number: string) => `sms:number:${number}`,
  smsIp: (ip: string) => `sms:ip:${ip}`,
  smsAll: 'sms:all',
};

/** One fixed-window cap on something costly: at most `max` in `windowMs`. */
export interface SendCap {
  key: string;
  max: number;
  windowMs: number;
}

/**
 * Takes one send from every cap, or names the first full one and how long until it opens. Run it
 * in the caller's transaction and throw on a refusal: the caps taken before the full one are then
 * given back, so a refused send counts nowhere. Kept in `auth_throttle` like the sign-in buckets,
 * so every api instance sees the same counts.
 */
export async function takeSendCaps(
  db: DbOrTx,
  now: Date,
  caps: SendCap[],
): Promise<{ cap: SendCap; retryAfterSeconds: number } | null> {
  for (const cap of caps) {
    const opensAt = await takeFromCap(db, cap.key, now, cap);
    if (opensAt) {
      return { cap, retryAfterSeconds: Math.max(1, Math.ceil((opensAt.getTime() - now.getTime()) / 1000)) };
    }
  }
  return null;
}

export interface ThrottleDeps {
  db: Db;
  clock: Clock;
  env: Pick<Env, 'AUTH_MAX_FAILURES' | 'AUTH_LOCK_MINUTES'>;
}

/**
 * Brute-force and abuse throttling (docs/reliability.md#a3-throttling, #a4-two-factor-codes, #i4-rate-limits), kept in the database so every api
 * instance sees the same counts. Failures count within a window of AUTH_LOCK_MINUTES; reaching the
 * limit locks the bucket for AUTH_LOCK_MINUTES.
 */
export function createThrottle({ db, clock, env }: ThrottleDeps) {
  const windowMs = env.AUTH_LOCK_MINUTES * 60_000;
  const lockMs = env.AUTH_LOCK_MINUTES * 60_000;
  /** Per account (and per player for codes and mails). */
  const perAccount = env.AUTH_MAX_FAILURES;
  /** An IP may be shared (NAT, office), so it gets more room before it locks. */
  const perIp = env.AUTH_MAX_FAILURES * 4;

  /** 429 with Retry-After while any of the buckets is locked. Checked before any secret is tested. */
  async function assertOpen(keys: string[], message?: string): Promise<void> {
    const now = clock.now();
    const until = await activeLockUntil(db, keys, now);
    if (until) throw tooManyRequests(Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)), message);
  }

  async function isOpen(key: string): Promise<boolean> {
    return (await activeLockUntil(db, [key], clock.now())) === null;
  }

  async function count(key: string, max = perAccount): Promise<void> {
    await countThrottleEvent(db, key, clock.now(), { max, windowMs, lockMs });
  }

  return {
    assertOpen,
    isOpen,
    /** One failed attempt against an account-like bucket. */
    fail: (key: string) => count(key, perAccount),
    /** One failed attempt from an IP address. */
    failIp: (ip: string) => count(throttleKeys.ip(ip), perIp),
    /** One sent mail of a kind for a player (the same limit as failures). */
    countMail: (key: string) => count(key, perAccount),
    clear: (keys: string[]) => clearThrottle(db, keys),
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
