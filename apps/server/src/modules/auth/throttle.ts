import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import type { DbOrTx } from '../player/index.ts';
import { bucketOpensAt, clearThrottle, giveBackAttempt, takeAttempt, takeFromCap } from './auth.repository.ts';

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
  /** Wrong phone codes of a player (docs/player-profile.md#phone). */
  phone: (userId: number) => `phone:${userId}`,
  /** Sign-ups from one client address and from one device (docs/auth.md#sign-up-throttle). */
  signUpIp: (ip: string) => `signup:ip:${ip}`,
  signUpDevice: (deviceHash: string) => `signup:device:${deviceHash}`,
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

/** A bucket of attempts at a guessable secret: at most `max` per AUTH_LOCK_MINUTES. */
export interface Bucket {
  key: string;
  max: number;
}

/** The outcome of taking an attempt: taken (give it back if the secret was right), or refused. */
export type Take = { ok: true; giveBack: (on?: DbOrTx) => Promise<void> } | { ok: false; retryAfterSeconds: number };

class Refused extends Error {
  constructor(readonly opensAt: Date) {
    super('throttle bucket full');
  }
}

/**
 * The one throttle of every guessable secret (docs/auth.md#throttling, decision 029;
 * docs/reliability.md#a3-throttling, #a4-two-factor-codes, #i4-rate-limits): passwords, authenticator
 * and recovery codes, mailed tokens, phone codes, coupon and promo codes. An attempt is TAKEN from
 * its buckets (an atomic increment-and-check per bucket) before the secret is tested, and given
 * back when the secret was right or was not tested after all; a wrong guess keeps it. So however
 * many guesses arrive at once, at most a bucket's limit of them are ever tested. Kept in the
 * database, so every api instance shares the counts. The attempt that fills a bucket locks it for
 * AUTH_LOCK_MINUTES.
 */
export function createThrottle({ db, clock, env }: ThrottleDeps) {
  const windowMs = env.AUTH_LOCK_MINUTES * 60_000;
  const lockMs = env.AUTH_LOCK_MINUTES * 60_000;
  /** Per account (and per player for codes, phone codes, coupons and mails). */
  const perAccount = env.AUTH_MAX_FAILURES;
  /** An IP may be shared (NAT, office), so it gets more room before it locks. */
  const perIp = env.AUTH_MAX_FAILURES * 4;

  const buckets = {
    /** Passwords of one account, by the e-mail as typed (known or not). */
    account: (email: string): Bucket => ({ key: throttleKeys.account(email), max: perAccount }),
    /** Every guess from one client address: passwords, codes, mailed tokens. */
    ip: (ip: string): Bucket => ({ key: throttleKeys.ip(ip), max: perIp }),
    /** A per-player bucket (authenticator codes, phone codes, coupons, mails). */
    player: (key: string): Bucket => ({ key, max: perAccount }),
  };

  /**
   * Takes one attempt from every bucket, or from none: on its own transaction, the buckets in key
   * order (two requests never wait on each other's rows crosswise); or, with `on`, in the caller's
   * transaction, which must then roll back on a refusal (throw) so nothing taken stays.
   */
  async function attempt(list: Bucket[], on?: DbOrTx): Promise<Take> {
    const now = clock.now();
    const sorted = [...new Map(list.map((b) => [b.key, b])).values()].sort((a, b) =>
      a.key < b.key ? -1 : a.key > b.key ? 1 : 0,
    );
    const takeAll = async (tx: DbOrTx) => {
      const windows: { key: string; window: string }[] = [];
      for (const bucket of sorted) {
        const window = await takeAttempt(tx, bucket.key, now, { max: bucket.max, windowMs, lockMs });
        if (window === null) throw new Refused(await bucketOpensAt(tx, bucket.key, now, windowMs));
        windows.push({ key: bucket.key, window });
      }
      return windows;
    };
    let windows: { key: string; window: string }[];
    try {
      windows = on || sorted.length <= 1 ? await takeAll(on ?? db) : await db.transaction(takeAll);
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((error.opensAt.getTime() - now.getTime()) / 1000)) };
    }
    let given = false;
    return {
      ok: true,
      giveBack: async (into = on ?? db) => {
        if (given) return;
        given = true;
        for (const { key, window } of windows) await giveBackAttempt(into, key, window);
      },
    };
  }

  /** Takes an attempt or answers 429 with Retry-After (the same for a known or an unknown account). */
  async function take(list: Bucket[], message?: string): Promise<Extract<Take, { ok: true }>> {
    const taken = await attempt(list);
    if (!taken.ok) throw tooManyRequests(taken.retryAfterSeconds, message);
    return taken;
  }

  return {
    buckets,
    attempt,
    take,
    /** One sent mail of a kind for a player (the same limit as failures); false when the cap is full. */
    countMail: async (key: string) => (await attempt([buckets.player(key)])).ok,
    /** Forgets a bucket's attempts (a full sign-in forgives the failures before it). */
    clear: (keys: string[]) => clearThrottle(db, keys),
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
