import { describe, expect, it } from 'vitest';
import { ServerClock } from './server-clock';

const T0 = Date.parse('2026-11-23T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

describe('ServerClock', () => {
  it('is the local clock until it has a sample', () => {
    const clock = new ServerClock();
    expect(clock.offset).toBe(0);
    expect(clock.now(T0)).toBe(T0);
  });

  it('corrects a browser clock that runs 5 s fast', () => {
    const clock = new ServerClock();
    // Server sent at T0, browser (5 s ahead) received it 40 ms later on its own clock.
    clock.sample(iso(T0), T0 + 5_000 + 40);
    expect(clock.offset).toBe(-5_040);
    // A round started at T0 on the server: 1 s later in real time the browser reads T0 + 6 s.
    expect(clock.elapsedSince(iso(T0), T0 + 6_000)).toBe(960);
  });

  it('keeps the sample with the shortest network delay', () => {
    const clock = new ServerClock();
    clock.sample(iso(T0), T0 + 300);
    clock.sample(iso(T0 + 1_000), T0 + 1_020);
    clock.sample(iso(T0 + 2_000), T0 + 2_150);
    expect(clock.offset).toBe(-20);
  });

  it('follows a clock change once old samples leave the window', () => {
    const clock = new ServerClock(3);
    clock.sample(iso(T0), T0 - 10_000);
    expect(clock.offset).toBe(10_000);
    for (let i = 1; i <= 3; i++) clock.sample(iso(T0 + i * 1_000), T0 + i * 1_000 + 50);
    expect(clock.offset).toBe(-50);
  });

  it('never reports negative elapsed or remaining time and ignores bad timestamps', () => {
    const clock = new ServerClock();
    clock.sample('not a date', T0);
    expect(clock.offset).toBe(0);
    expect(clock.elapsedSince(iso(T0 + 5_000), T0)).toBe(0);
    expect(clock.remainingUntil(iso(T0 + 5_000), T0)).toBe(5_000);
    expect(clock.remainingUntil(iso(T0 - 5_000), T0)).toBe(0);
    expect(clock.elapsedSince(undefined, T0)).toBe(0);
  });
});
