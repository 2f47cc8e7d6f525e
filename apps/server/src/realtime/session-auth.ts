import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { liveSessionIds, type SessionService } from '../modules/auth/index.ts';

export interface SocketIdentity {
  userId: number;
  /** The session row id (SHA-256 of the cookie token), so one sign-out ends only its own sockets. */
  sessionId: string;
}

export interface SocketAuth {
  /** The signed-in player behind a handshake's cookie header, or null for a guest. */
  identify(cookieHeader: string | undefined): Promise<SocketIdentity | null>;
  /** The ids among `ids` whose sessions still stand (not signed out, expired, idle or killed) for a player not disabled. */
  liveSessions(ids: readonly string[]): Promise<Set<string>>;
}

/**
 * Socket authentication reuses the HTTP session rules exactly (idle and absolute timeouts, disabled
 * players, a pending two-factor step counts as a guest) by running the same `sessions.load`.
 */
export function createSocketAuth(deps: {
  sessions: SessionService;
  db: Db;
  clock: Clock;
  idleMinutes: number;
}): SocketAuth {
  const idleMs = deps.idleMinutes * 60_000;
  return {
    async identify(cookieHeader) {
      if (!cookieHeader) return null;
      // `load` reads nothing from the request but its cookie header; a socket handshake has one too.
      const loaded = await deps.sessions.load({ headers: { cookie: cookieHeader } } as FastifyRequest);
      return loaded?.user ? { userId: loaded.user.id, sessionId: loaded.session.id } : null;
    },
    async liveSessions(ids) {
      if (ids.length === 0) return new Set();
      const now = deps.clock.now();
      return liveSessionIds(deps.db, ids, now, new Date(now.getTime() - idleMs));
    },
  };
}
