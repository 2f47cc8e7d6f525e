/** Injectable time source, so expiry, lock and period rules are testable with a fake clock. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export function fixedClock(start: Date): Clock & { advance(ms: number): void; set(d: Date): void } {
  return movingClock(start, 0);
}

/**
 * A test clock that moves `tickMs` on every read while `moving()` says so, as time passes while a
 * server works. Concurrent requests then read different times in an order nobody controls — the
 * order in which they happen to reach the clock, not the order in which they take a lock — which is
 * what a rule that reads a window under a lock meets in production. Otherwise it stands still until
 * moved.
 */
export function movingClock(
  start: Date,
  tickMs: number,
  moving: () => boolean = () => true,
): Clock & { advance(ms: number): void; set(d: Date): void } {
  let current = start.getTime();
  return {
    now: () => {
      const read = new Date(current);
      if (moving()) current += tickMs;
      return read;
    },
    advance: (ms) => {
      current += ms;
    },
    set: (d) => {
      current = d.getTime();
    },
  };
}

/** A clock that can be moved forward while the server runs (`CLOCK_SHIFT`, browser stories only). */
export interface ShiftableClock extends Clock {
  advance(ms: number): void;
  offsetMs(): number;
}

/**
 * `base` moved forward by whatever `advance` added. Browser stories use it to show what a player
 * sees a day later (a parked limit change becoming confirmable) against a real server.
 */
export function shiftedClock(base: Clock): ShiftableClock {
  let offset = 0;
  return {
    now: () => new Date(base.now().getTime() + offset),
    advance: (ms) => {
      offset += ms;
    },
    offsetMs: () => offset,
  };
}
