import {
  gameRoom,
  SHARED_ROUND_EVENT,
  type PrivateChannel,
  type PrivateEvents,
  type PublicChannel,
  type PublicEvents,
  type SharedRoundEvent,
} from '@croupier/shared/realtime';

export type Channel = PublicChannel | PrivateChannel;
export type ChannelData<C extends Channel> = C extends PublicChannel
  ? PublicEvents[C]
  : C extends PrivateChannel
    ? PrivateEvents[C]
    : never;

/** The part of a socket.io-client socket this client uses (tests pass a fake). */
export interface SocketLike {
  readonly connected: boolean;
  connect(): unknown;
  disconnect(): unknown;
  on(event: 'connect', listener: () => void): unknown;
  on(event: 'disconnect', listener: (reason: string) => void): unknown;
  onAny(listener: (event: string, ...args: unknown[]) => void): unknown;
  emit(event: 'subscribe_room' | 'unsubscribe_room', room: string): unknown;
}

export type SocketFactory = () => Promise<SocketLike>;

/** Without subscribers for this long, the socket closes (a quick unmount/remount keeps it). */
const IDLE_CLOSE_MS = 1_000;
/** After the server ended the connection (session change), wait this long before reconnecting. */
const SERVER_CLOSE_RETRY_MS = 1_000;

/**
 * The tab's realtime connection: one socket, opened on the first subscription and closed when the
 * last one goes. It dispatches channel events to handlers, keeps the `game:<slug>` rooms the page
 * wants and joins them again on every reconnection (the server forgets rooms with the connection),
 * and tells `onResync` listeners about each connection so they reload REST snapshots
 * (docs/reliability.md#t4-no-balance-drift: socket.io does not replay what was missed while disconnected).
 * The first connection counts: a snapshot loaded while the socket was still opening misses the
 * pushes sent before it joined, just as one loaded before a drop does.
 */
export class RealtimeClient {
  private socket: SocketLike | null = null;
  private opening: Promise<SocketLike> | null = null;
  private readonly handlers = new Map<string, Set<(data: unknown) => void>>();
  private readonly rooms = new Map<string, Set<(event: SharedRoundEvent) => void>>();
  private readonly resyncListeners = new Set<() => void>();
  private readonly serverCloseListeners = new Set<() => void>();
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;

  constructor(private readonly createSocket: SocketFactory) {}

  /** Calls `handler` with every event of `channel`; returns the unsubscribe function. */
  on<C extends Channel>(channel: C, handler: (data: ChannelData<C>) => void): () => void {
    const set = this.handlers.get(channel) ?? new Set();
    this.handlers.set(channel, set);
    const h = handler as (data: unknown) => void;
    set.add(h);
    this.ensureOpen();
    return () => {
      set.delete(h);
      if (set.size === 0) this.handlers.delete(channel);
      this.closeWhenIdle();
    };
  }

  /** Joins `game:<slug>` (while at least one caller wants it) and hands its shared rounds to `handler`. */
  joinRoom(gameSlug: string, handler: (event: SharedRoundEvent) => void): () => void {
    let set = this.rooms.get(gameSlug);
    if (!set) {
      set = new Set();
      this.rooms.set(gameSlug, set);
      if (this.socket?.connected) this.socket.emit('subscribe_room', gameRoom(gameSlug));
    }
    set.add(handler);
    this.ensureOpen();
    return () => {
      const current = this.rooms.get(gameSlug);
      if (!current) return;
      current.delete(handler);
      if (current.size === 0) {
        this.rooms.delete(gameSlug);
        if (this.socket?.connected) this.socket.emit('unsubscribe_room', gameRoom(gameSlug));
      }
      this.closeWhenIdle();
    };
  }

  /**
   * Called after every connection that follows this call: the first one too when the socket was
   * still opening, so a snapshot read before it joined is read again.
   */
  onResync(listener: () => void): () => void {
    this.resyncListeners.add(listener);
    return () => void this.resyncListeners.delete(listener);
  }

  /**
   * Called when the server ended the connection on purpose: the session changed or ended there (a
   * break, a session limit, a sign-out elsewhere), so the page should ask who is signed in now.
   */
  onServerClose(listener: () => void): () => void {
    this.serverCloseListeners.add(listener);
    return () => void this.serverCloseListeners.delete(listener);
  }

  /**
   * The signed-in player changed (sign-in, sign-out): the server identifies a socket once, at its
   * handshake, so an open socket reconnects to carry the new session cookie.
   */
  identityChanged(): void {
    if (!this.socket) return;
    this.socket.disconnect();
    if (this.wanted()) this.socket.connect();
  }

  get isConnected(): boolean {
    return this.socket?.connected ?? false;
  }

  close(): void {
    this.closed = true;
    this.clearTimers();
    this.socket?.disconnect();
  }

  private wanted(): boolean {
    return this.handlers.size > 0 || this.rooms.size > 0;
  }

  private clearTimers() {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.idleTimer = null;
    this.retryTimer = null;
  }

  private ensureOpen() {
    if (this.closed) return;
    if (this.idleTimer) {
      clearTimeout(this.idleTimer);
      this.idleTimer = null;
    }
    if (this.socket) {
      if (!this.socket.connected) this.socket.connect();
      return;
    }
    if (this.opening) return;
    this.opening = this.createSocket().then((socket) => {
      this.attach(socket);
      this.socket = socket;
      this.opening = null;
      if (this.closed) socket.disconnect();
      else if (this.wanted()) socket.connect();
      return socket;
    });
    this.opening.catch(() => {
      // The socket library failed to load (offline, deploy in progress): polling still works, and
      // the next subscription tries again.
      this.opening = null;
    });
  }

  private closeWhenIdle() {
    if (this.wanted() || !this.socket || this.idleTimer) return;
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (!this.wanted()) this.socket?.disconnect();
    }, IDLE_CLOSE_MS);
  }

  private attach(socket: SocketLike) {
    socket.on('connect', () => {
      for (const slug of this.rooms.keys()) socket.emit('subscribe_room', gameRoom(slug));
      this.resyncListeners.forEach((l) => l());
    });
    socket.on('disconnect', (reason) => {
      // socket.io-client retries by itself (1 s → 20 s backoff) except when the server ended the
      // connection on purpose: a session change. Reconnect once, as whoever the cookie now says.
      if (reason !== 'io server disconnect' || this.closed) return;
      this.serverCloseListeners.forEach((l) => l());
      this.retryTimer = setTimeout(() => {
        this.retryTimer = null;
        if (this.wanted()) socket.connect();
      }, SERVER_CLOSE_RETRY_MS);
    });
    socket.onAny((event, data) => {
      if (event === SHARED_ROUND_EVENT) {
        const round = data as SharedRoundEvent;
        this.rooms.get(round.game)?.forEach((h) => h(round));
        return;
      }
      this.handlers.get(event)?.forEach((h) => h(data));
    });
  }
}
