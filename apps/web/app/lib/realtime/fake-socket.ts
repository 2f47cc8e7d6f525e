import type { SocketLike } from './realtime-client';

/** A socket.io-client stand-in for unit tests: the test plays the server. */
export class FakeSocket implements SocketLike {
  connected = false;
  connects = 0;
  /** Room commands the client sent, in order. */
  readonly sent: [string, string][] = [];
  private readonly listeners = new Map<string, ((...args: never[]) => void)[]>();
  private readonly anyListeners: ((event: string, ...args: unknown[]) => void)[] = [];

  connect() {
    if (this.connected) return this;
    this.connected = true;
    this.connects += 1;
    this.listeners.get('connect')?.forEach((l) => (l as () => void)());
    return this;
  }

  disconnect() {
    this.drop('io client disconnect');
    return this;
  }

  /** The connection ends for `reason` (network loss: 'transport close'; session change: 'io server disconnect'). */
  drop(reason: string) {
    if (!this.connected) return;
    this.connected = false;
    this.listeners.get('disconnect')?.forEach((l) => (l as (r: string) => void)(reason));
  }

  on(event: string, listener: (...args: never[]) => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }

  onAny(listener: (event: string, ...args: unknown[]) => void) {
    this.anyListeners.push(listener);
    return this;
  }

  emit(event: 'subscribe_room' | 'unsubscribe_room', room: string) {
    this.sent.push([event, room]);
    return this;
  }

  /** The server sends `event` to this socket. */
  receive(event: string, data: unknown) {
    if (!this.connected) throw new Error('a disconnected socket receives nothing');
    this.anyListeners.forEach((l) => l(event, data));
  }
}
