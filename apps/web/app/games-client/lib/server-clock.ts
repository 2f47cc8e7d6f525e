/**
 * The shared rounds run on the server's clock; the browser's clock may be minutes off. Each event
 * carries `server_time` (when the server sent it). `server_time − local receive time` equals the
 * true offset minus the network delay, so the largest recent sample is the closest estimate: it
 * had the shortest trip. A sliding window lets the estimate follow a clock that drifts or jumps.
 */
export class ServerClock {
  private samples: number[] = [];

  constructor(private readonly windowSize = 10) {}

  /** Records one event's server time against the local time it arrived (ms since epoch). */
  sample(serverTimeIso: string, receivedAtLocal: number): void {
    const server = Date.parse(serverTimeIso);
    if (Number.isNaN(server)) return;
    this.samples.push(server - receivedAtLocal);
    if (this.samples.length > this.windowSize) this.samples.shift();
  }

  /** Server minus local, in ms; 0 before the first sample. */
  get offset(): number {
    return this.samples.length ? Math.max(...this.samples) : 0;
  }

  now(local: number): number {
    return local + this.offset;
  }

  /** Milliseconds since `iso` on the server's clock; never negative. */
  elapsedSince(iso: string | undefined, local: number): number {
    const at = iso ? Date.parse(iso) : Number.NaN;
    return Number.isNaN(at) ? 0 : Math.max(0, this.now(local) - at);
  }

  /** Milliseconds left until `iso` on the server's clock; never negative. */
  remainingUntil(iso: string | undefined, local: number): number {
    const at = iso ? Date.parse(iso) : Number.NaN;
    return Number.isNaN(at) ? 0 : Math.max(0, at - this.now(local));
  }
}
