import { REALTIME_PATH } from '@croupier/shared/realtime';
import { REALTIME_RETRY_MAX_MS, REALTIME_RETRY_START_MS } from '../../config/constants';
import { RealtimeClient, type SocketLike } from './realtime-client';

/**
 * socket.io-client is loaded on the first subscription, not with the page: a guest who never sees
 * a live feature downloads none of it, and the first route's JavaScript budget stays as it was.
 */
async function openSocket(): Promise<SocketLike> {
  const { io } = await import('socket.io-client');
  return io({
    path: REALTIME_PATH,
    autoConnect: false,
    // The session cookie authenticates the handshake (same origin; withCredentials covers a
    // separate api origin listed in ALLOWED_ORIGINS).
    withCredentials: true,
    // WebSocket first; a network that blocks it falls back to long-polling.
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
    reconnectionDelay: REALTIME_RETRY_START_MS,
    reconnectionDelayMax: REALTIME_RETRY_MAX_MS,
  });
}

let tabClient: RealtimeClient | null = null;

/** The tab's one realtime client; null during server rendering, which never opens a socket. */
export function getRealtimeClient(): RealtimeClient | null {
  if (typeof window === 'undefined') return null;
  tabClient ??= new RealtimeClient(openSocket);
  return tabClient;
}
