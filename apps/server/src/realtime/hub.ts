import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';
import { Server, type Socket } from 'socket.io';
import {
  gameRoom,
  parseGameRoom,
  REALTIME_PATH,
  SHARED_ROUND_EVENT,
  type ClientToServerEvents,
  type PrivateChannel,
  type PrivateEvents,
  type PublicChannel,
  type PublicEvents,
  type RoomAck,
  type ServerToClientEvents,
  type SharedRoundEvent,
} from '@croupier/shared/realtime';
import { createOriginCheck } from './origin.ts';
import type { SocketAuth } from './session-auth.ts';

export interface PublishedEvent {
  kind: 'private' | 'public' | 'room';
  /** The room the event went to: `user:<id>`, `*` (everyone) or `game:<slug>`. */
  target: string;
  channel: string;
  data: unknown;
}

export interface RealtimeHub {
  publishPrivate<C extends PrivateChannel>(userId: number, channel: C, data: PrivateEvents[C]): void;
  /** A private event to the sockets of one sign-in session only (a session limit ended that session, not the player's others). */
  publishSession<C extends PrivateChannel>(sessionId: string, channel: C, data: PrivateEvents[C]): void;
  publishPublic<C extends PublicChannel>(channel: C, data: PublicEvents[C]): void;
  publishRoom(game: string, data: SharedRoundEvent): void;
  /** Closes every socket of a player, on every instance (docs/reliability.md#t2-sockets-follow-the-session: password change, kill, exclusion). */
  disconnectUser(userId: number): void;
  /** Closes the sockets opened with one session, on every instance (T2: that browser signed out). */
  disconnectSession(sessionId: string): void;
  /**
   * Closes this instance's sockets whose session no longer stands (expired, idle, deleted). Runs on
   * a timer; exposed so tests need not wait for it. Resolves to the number of sockets closed.
   */
  revalidateSessions(): Promise<number>;
  /** Sees every publication as it is handed to socket.io (tests assert ordering against commits). */
  onPublish(listener: (e: PublishedEvent) => void): () => void;
  /** This instance's connected sockets. */
  connectedCount(): number;
  close(): Promise<void>;
}

export interface RealtimeLimits {
  /** Largest frame a client may send; our client sends only short room commands. */
  maxMessageBytes: number;
  /** Sockets one player may hold on one instance (tabs, game frames); more are refused. */
  socketsPerUser: number;
  /** `game:<slug>` rooms one socket may be in at once. */
  roomsPerSocket: number;
  /** Room commands a socket may send per `commandWindowMs`; a flood closes the socket. */
  commandsPerWindow: number;
  commandWindowMs: number;
  /** How often open sockets' sessions are re-checked (T2 bound for expiry and deleted sessions). */
  revalidateEveryMs: number;
}

export const DEFAULT_REALTIME_LIMITS: RealtimeLimits = {
  maxMessageBytes: 16 * 1024,
  socketsPerUser: 10,
  roomsPerSocket: 4,
  commandsPerWindow: 30,
  commandWindowMs: 10_000,
  revalidateEveryMs: 30_000,
};

export interface RealtimeHubDeps {
  /** The app's HTTP server (`app.server`); socket.io answers under /socket.io on it. */
  server: HttpServer;
  /** Same list the CSRF guard uses: the public URL and ALLOWED_ORIGINS. */
  allowedOrigins: string[];
  trustProxy: boolean;
  auth: SocketAuth;
  log: FastifyBaseLogger;
  /** Set: instances fan out through Redis pub/sub. Unset: the in-process adapter (one instance). */
  redisUrl?: string | undefined;
  /** Channel prefix in Redis; instances fan out only to others with the same prefix. */
  redisPrefix?: string;
  limits?: Partial<RealtimeLimits>;
}

interface SocketData {
  userId: number | null;
  sessionId: string | null;
  commandWindowStart: number;
  commands: number;
}

// Socket.io rooms of private channels and sessions; clients can never name these (parseGameRoom).
const userRoom = (userId: number) => `user:${userId}`;
const sessionRoom = (sessionId: string) => `session:${sessionId}`;

type HubServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type HubSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
/** Emission with a channel chosen at run time; the public methods' signatures keep it typed. */
type LooseEmitter = { emit(event: string, data: unknown): boolean };

/**
 * The realtime hub (docs/player-app.md#realtime, docs/reliability.md#realtime): socket.io on the api's own HTTP server.
 * Handshakes are checked against our origins and authenticated from the session cookie; a player
 * joins only their own private room, and any visitor may join `game:<slug>` rooms. Callers publish
 * only after their database transaction committed; the hub never reads money itself.
 */
export async function createRealtimeHub(deps: RealtimeHubDeps): Promise<RealtimeHub> {
  const limits = { ...DEFAULT_REALTIME_LIMITS, ...deps.limits };
  const isAllowedOrigin = createOriginCheck(deps.allowedOrigins, deps.trustProxy);
  const log = deps.log.child({ module: 'realtime' });

  const io: HubServer = new Server(deps.server, {
    path: REALTIME_PATH,
    serveClient: false,
    maxHttpBufferSize: limits.maxMessageBytes,
    // Runs for every engine.io request (polling and the WebSocket upgrade) before anything else.
    allowRequest: (req, callback) => callback(null, isAllowedOrigin(req)),
  });

  let pubClient: ReturnType<typeof createClient> | null = null;
  let subClient: ReturnType<typeof createClient> | null = null;
  if (deps.redisUrl) {
    pubClient = createClient({ url: deps.redisUrl });
    subClient = pubClient.duplicate();
    // Without listeners a Redis hiccup would be an unhandled 'error' event; the client reconnects itself.
    pubClient.on('error', (error: unknown) => log.error({ err: error }, 'redis publisher error'));
    subClient.on('error', (error: unknown) => log.error({ err: error }, 'redis subscriber error'));
    await Promise.all([pubClient.connect(), subClient.connect()]);
    io.adapter(createAdapter(pubClient, subClient, { key: `${deps.redisPrefix ?? 'croupier'}:socket.io` }));
  }

  io.use(async (socket, next) => {
    try {
      const identity = await deps.auth.identify(socket.request.headers.cookie);
      if (identity) {
        const held = io.of('/').adapter.rooms.get(userRoom(identity.userId))?.size ?? 0;
        if (held >= limits.socketsPerUser) return next(new Error('too_many_connections'));
      }
      socket.data = {
        userId: identity?.userId ?? null,
        sessionId: identity?.sessionId ?? null,
        commandWindowStart: Date.now(),
        commands: 0,
      };
      next();
    } catch (error) {
      log.error({ err: error }, 'socket authentication failed');
      next(new Error('unavailable'));
    }
  });

  /** True while the socket stays within its command budget; a flood ends the connection. */
  function withinBudget(socket: HubSocket): boolean {
    const now = Date.now();
    if (now - socket.data.commandWindowStart > limits.commandWindowMs) {
      socket.data.commandWindowStart = now;
      socket.data.commands = 0;
    }
    socket.data.commands += 1;
    if (socket.data.commands <= limits.commandsPerWindow) return true;
    socket.disconnect(true);
    return false;
  }

  const reply = (ack: unknown, result: RoomAck) => {
    if (typeof ack === 'function') (ack as (r: RoomAck) => void)(result);
  };

  io.on('connection', (socket) => {
    const { userId, sessionId } = socket.data;
    // Joined here on every (re)connection, so private events resume right after a reconnect.
    if (userId !== null && sessionId !== null) void socket.join([userRoom(userId), sessionRoom(sessionId)]);

    socket.on('subscribe_room', (room, ack) => {
      if (!withinBudget(socket)) return;
      const slug = parseGameRoom(room);
      if (!slug) return reply(ack, { ok: false, error: 'invalid_room' });
      const joined = [...socket.rooms].filter((r) => r.startsWith('game:'));
      if (!joined.includes(room) && joined.length >= limits.roomsPerSocket)
        return reply(ack, { ok: false, error: 'too_many_rooms' });
      void socket.join(gameRoom(slug));
      reply(ack, { ok: true });
    });

    socket.on('unsubscribe_room', (room, ack) => {
      if (!withinBudget(socket)) return;
      const slug = parseGameRoom(room);
      if (!slug) return reply(ack, { ok: false, error: 'invalid_room' });
      void socket.leave(gameRoom(slug));
      reply(ack, { ok: true });
    });
  });

  const listeners = new Set<(e: PublishedEvent) => void>();
  function announce(event: PublishedEvent) {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (error) {
        log.error({ err: error }, 'publish listener failed');
      }
    }
  }

  async function revalidateSessions(): Promise<number> {
    const local = [...io.of('/').sockets.values()].filter((s) => s.data.sessionId !== null);
    if (local.length === 0) return 0;
    const live = await deps.auth.liveSessions([...new Set(local.map((s) => s.data.sessionId!))]);
    let closed = 0;
    for (const socket of local) {
      if (!live.has(socket.data.sessionId!)) {
        socket.disconnect(true);
        closed += 1;
      }
    }
    return closed;
  }

  const revalidateTimer = setInterval(() => {
    revalidateSessions().catch((error: unknown) => log.error({ err: error }, 'session revalidation failed'));
  }, limits.revalidateEveryMs);
  revalidateTimer.unref();

  let closed = false;
  return {
    publishPrivate(userId, channel, data) {
      (io.to(userRoom(userId)) as unknown as LooseEmitter).emit(channel, data);
      announce({ kind: 'private', target: userRoom(userId), channel, data });
    },
    publishSession(sessionId, channel, data) {
      (io.to(sessionRoom(sessionId)) as unknown as LooseEmitter).emit(channel, data);
      announce({ kind: 'private', target: sessionRoom(sessionId), channel, data });
    },
    publishPublic(channel, data) {
      (io as unknown as LooseEmitter).emit(channel, data);
      announce({ kind: 'public', target: '*', channel, data });
    },
    publishRoom(game, data) {
      io.to(gameRoom(game)).emit(SHARED_ROUND_EVENT, data);
      announce({ kind: 'room', target: gameRoom(game), channel: SHARED_ROUND_EVENT, data });
    },
    disconnectUser(userId) {
      io.in(userRoom(userId)).disconnectSockets(true);
    },
    disconnectSession(sessionId) {
      io.in(sessionRoom(sessionId)).disconnectSockets(true);
    },
    revalidateSessions,
    onPublish(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    connectedCount: () => io.of('/').sockets.size,
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(revalidateTimer);
      // Not io.close(): that also closes the HTTP server, which belongs to Fastify's own shutdown.
      io.local.disconnectSockets(true);
      await io.of('/').adapter.close();
      io.engine.close();
      await Promise.all([pubClient?.close(), subClient?.close()]);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The realtime hub: tests and benchmarks publish and count sockets through it. */
    realtime: RealtimeHub;
  }
}
