import { describe, expect, it } from 'vitest';
import { breakEnd, limitsOfType } from './limits-logic';
import type { UserLimit } from '../api/get-limits';

describe('breakEnd', () => {
  const now = new Date('2026-01-31T18:00:00Z');
  it('adds fixed days and calendar months in UTC, stopping at a shorter month’s last day', () => {
    expect(breakEnd('day', now)?.toISOString()).toBe('2026-02-01T18:00:00.000Z');
    expect(breakEnd('week', now)?.toISOString()).toBe('2026-02-07T18:00:00.000Z');
    expect(breakEnd('month', now)?.toISOString()).toBe('2026-02-28T18:00:00.000Z');
    expect(breakEnd('month_3', now)?.toISOString()).toBe('2026-04-30T18:00:00.000Z');
    expect(breakEnd('month_12', now)?.toISOString()).toBe('2027-01-31T18:00:00.000Z');
    expect(breakEnd('forever', now)).toBeNull();
  });
});

describe('limitsOfType', () => {
  it('keeps one type, shortest period first', () => {
    const l = (id: number, type: UserLimit['type'], period: UserLimit['period']) => ({ id, type, period }) as UserLimit;
    expect(
      limitsOfType([l(1, 'loss', 'month'), l(2, 'wager', 'day'), l(3, 'loss', 'day')], 'loss').map((x) => x.id),
    ).toEqual([3, 1]);
  });
});
