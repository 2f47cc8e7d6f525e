import type { FastifyReply, FastifyRequest } from 'fastify';
import { parse as parseCookie, serialize as serializeCookie } from 'cookie';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { AppError, unauthorized } from '../../lib/errors.ts';
import { visitorCountry } from '../info/index.ts';
import { selfExclusionEnd } from '../limits/index.ts';
import { findUserById, type User } from '../player/index.ts';
import {
  deleteOtherSessionsOfUser,
  deleteSession,
  deleteSessionOfUser,
  listSessionsOfUser,
  deleteSessionsOfUser,
  insertSession,
  markSessionSteppedUp,
  prepareLoadSession,
  touchSession,
  type SessionRow,
} from './session.repository.ts';

/** The session cookie's name on plain http (development, demo installs). */
export const SESSION_COOKIE = 'croupier_session';

/**
 * The session cookie's name. Over https it carries the `__Host-` prefix (docs/reliability.md#a5-session-cookie): the
 * browser then accepts it only with Secure, Path=/ and no Domain, so a sibling subdomain cannot set
 * or shadow it. Browsers refuse `__Host-` cookies without Secure, so plain http keeps the bare name.
 */
export function sessionCookieName(secure: boolean): string {
  return secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
}

export type { SessionRow, User };

export interface SessionDeps {
  db: Db;
  clock: Clock;
  idleMinutes: number;
  absoluteDays: number;
  secureCookies: boolean;
}

/**
 * Why a player may not have a session now, or nothing: a disabled account, a running
 * self-exclusion (docs/limits.md#enforcement). Asked by `start`, the one way into a session, so no
 * path — password, code, recovery code, reset link, sign-up — can leave it out
 * (docs/auth.md#starting-a-session). Only asked after a proof (password, code, link), so only
 * someone holding one learns it.
 */
export async function sessionRefusal(db: Db, userId: number, now: Date): Promise<AppError | null> {
  const user = await findUserById(db, userId);
  if (!user || user.disabledAt)
    return new AppError(403, 'account_disabled', 'Your account is disabled. Please contact support.');
  const end = await selfExclusionEnd(db, userId, now);
  if (end === undefined) return null;
  return new AppError(
    403,
    'self_excluded',
    end === null
      ? 'Your account is self-excluded with no end date. To withdraw your balance, contact support.'
      : `Your account is self-excluded until ${end.toISOString().slice(0, 10)}. To withdraw your balance, contact support.`,
  );
}

export interface LoadedSession {
  session: SessionRow;
  user: User | null;
}

/**
 * Server-side sessions: the cookie carries a 256-bit random token, the database only its SHA-256.
 * Idle and absolute timeouts are enforced here, on every request (docs/reliability.md#a5-session-cookie, #a6-session-end).
 */
export function createSessionService({ db, clock, idleMinutes, absoluteDays, secureCookies }: SessionDeps) {
  const idleMs = idleMinutes * 60_000;
  const absoluteMs = absoluteDays * 86_400_000;
  // Only this name is read: over https a bare-named cookie (which any subdomain could plant) is
  // no session at all.
  const cookieName = sessionCookieName(secureCookies);

  const loadSession = prepareLoadSession(db);

  function readToken(request: FastifyRequest): string | null {
    const header = request.headers.cookie;
    if (!header) return null;
    const token = parseCookie(header)[cookieName];
    return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
  }

  function setCookie(reply: FastifyReply, token: string, maxAgeSeconds: number) {
    reply.header(
      'set-cookie',
      serializeCookie(cookieName, token, {
        httpOnly: true,
        sameSite: 'lax',
        secure: secureCookies,
        path: '/',
        maxAge: maxAgeSeconds,
      }),
    );
  }

  async function load(request: FastifyRequest): Promise<LoadedSession | null> {
    const token = readToken(request);
    if (!token) return null;
    const now = clock.now();
    const row = await loadSession(sha256(token), now);
    if (!row) return null;
    if (now.getTime() - row.sessions.lastSeenAt.getTime() > idleMs) {
      await deleteSession(db, row.sessions.id);
      return null;
    }
    const user = row.users && !row.users.disabledAt ? row.users : null;
    // Touch at most once a minute: keeps the idle timer honest without a write per request.
    if (now.getTime() - row.sessions.lastSeenAt.getTime() > 60_000) {
      await touchSession(db, row.sessions.id, now);
    }
    return { session: row.sessions, user };
  }

  /**
   * Starts a fresh session (a new token on every sign-in: no fixation) for a signed-in player, or a
   * pending one that only remembers who passed the password step of a two-factor sign-in.
   * `steppedUp`: the player just proved it is them (a password sign-in, with its code when two-factor
   * is on), which counts as a step-up (decision 015). Every session, signed-in or pending, starts
   * here, and here a disabled or self-excluded player is refused (403) before anything changes.
   */
  async function start(
    request: FastifyRequest,
    reply: FastifyReply,
    who: { userId: number; steppedUp?: boolean } | { pendingUserId: number },
  ): Promise<void> {
    const refusal = await sessionRefusal(db, 'pendingUserId' in who ? who.pendingUserId : who.userId, clock.now());
    if (refusal) throw refusal;
    const old = readToken(request);
    if (old) await deleteSession(db, sha256(old));
    const token = randomToken();
    const now = clock.now();
    const pending = 'pendingUserId' in who;
    // A pending two-factor step is short-lived.
    const lifetimeMs = pending ? 10 * 60_000 : absoluteMs;
    await insertSession(db, {
      id: sha256(token),
      userId: pending ? null : who.userId,
      pendingUserId: pending ? who.pendingUserId : null,
      ip: request.ip,
      country: visitorCountry(request),
      userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + lifetimeMs),
      stepUpAt: !pending && who.steppedUp ? now : null,
    });
    setCookie(reply, token, Math.floor(lifetimeMs / 1000));
  }

  async function destroy(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = readToken(request);
    if (token) await deleteSession(db, sha256(token));
    setCookie(reply, '', 0);
  }

  async function destroyAllForUser(userId: number): Promise<void> {
    await deleteSessionsOfUser(db, userId);
  }

  /** Ends one session by its id (a session limit's job, docs/limits.md#session-limits). */
  async function destroyById(sessionId: string): Promise<void> {
    await deleteSession(db, sessionId);
  }

  /**
   * Ends every session of the player but `keep` (a credential change signs out the other devices).
   * Returns the ended session ids, so their sockets can be closed too.
   */
  async function destroyOthersForUser(userId: number, keep: string): Promise<string[]> {
    return deleteOtherSessionsOfUser(db, userId, keep);
  }

  /** The player's sessions that still work (docs/auth.md#active-sessions). */
  async function listForUser(userId: number): Promise<SessionRow[]> {
    const now = clock.now();
    return listSessionsOfUser(db, userId, now, new Date(now.getTime() - idleMs));
  }

  /**
   * Ends the player's session with this public id; another player's id (or none) ends nothing.
   * Returns the ended session's internal id, so its sockets can be closed, or null.
   */
  async function destroyOneForUser(userId: number, publicId: number): Promise<string | null> {
    return deleteSessionOfUser(db, userId, publicId);
  }

  /** Records that the player of this session just proved it is them (decision 015). */
  async function markSteppedUp(sessionId: string, at: Date): Promise<void> {
    await markSessionSteppedUp(db, sessionId, at);
  }

  return {
    load,
    start,
    destroy,
    destroyById,
    destroyAllForUser,
    destroyOthersForUser,
    destroyOneForUser,
    listForUser,
    markSteppedUp,
    readToken,
    cookieName,
  };
}

export type SessionService = ReturnType<typeof createSessionService>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The session and signed-in player, loaded once per request on first use. */
    auth(): Promise<LoadedSession | null>;
    /** The signed-in player, or a 401 `unauthorized` error. */
    requireUser(): Promise<User>;
  }
}

export function requireUserFrom(loaded: LoadedSession | null): User {
  if (!loaded?.user) throw unauthorized();
  return loaded.user;
}
