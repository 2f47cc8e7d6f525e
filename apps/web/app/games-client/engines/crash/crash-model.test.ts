import { describe, expect, it } from 'vitest';
import { betButtonLabel, crashPointOf, liveMultiplier, parseAutoCashout } from './crash-model';

describe('crash client helpers', () => {
  it('reads the crash point of an ended round', () => {
    expect(crashPointOf({ crash_point: 2.37 })).toBe(2.37);
    expect(crashPointOf(undefined)).toBeNull();
    expect(crashPointOf({ crash_point: 'x' })).toBeNull();
  });
  it('parses the auto cash-out target exactly', () => {
    expect(parseAutoCashout('2')).toBe(2);
    expect(parseAutoCashout('2,5')).toBe(2.5);
    expect(parseAutoCashout('1.01')).toBe(1.01);
    expect(parseAutoCashout('1.00')).toBeNull();
    expect(parseAutoCashout('2.555')).toBeNull();
    expect(parseAutoCashout('')).toBeNull();
  });
  it('starts at 1.00× and only grows', () => {
    expect(liveMultiplier(0)).toBe(1);
    let last = 1;
    for (let ms = 0; ms <= 60_000; ms += 250) {
      const m = liveMultiplier(ms);
      expect(m).toBeGreaterThanOrEqual(last);
      last = m;
    }
    expect(last).toBeGreaterThan(2);
  });
});

describe('the bet button', () => {
  it('says "Bet placed" only while the bet flies, and to wait once it is cashed out or lost', () => {
    expect(betButtonLabel('betting', false, null)).toBe('bet');
    expect(betButtonLabel('betting', true, 'open')).toBe('bet_placed');
    expect(betButtonLabel('running', true, 'open')).toBe('bet_placed');
    expect(betButtonLabel('running', true, 'finished')).toBe('wait_next');
    expect(betButtonLabel('ended', true, 'finished')).toBe('wait_next');
    expect(betButtonLabel('running', false, 'finished')).toBe('wait_next');
    // The previous round's bet does not stop the next one.
    expect(betButtonLabel('betting', false, 'finished')).toBe('bet');
  });
});
