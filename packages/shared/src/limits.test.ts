import { describe, expect, it } from 'vitest';
import { limitAccountReached, limitPeriodEnd } from './limits.ts';

describe('limits helpers (docs/limits.md)', () => {
  it('an account is reached when nothing is left, whichever sign the used figure carries', () => {
    expect(limitAccountReached({ amount_cents: 500, current_value_amount_cents: 499 })).toBe(false);
    expect(limitAccountReached({ amount_cents: 500, current_value_amount_cents: 500 })).toBe(true);
    expect(limitAccountReached({ amount_cents: 500, current_value_amount_cents: -600 })).toBe(true);
  });

  it('ends a window by fixed days or calendar months in UTC, and never for forever', () => {
    const start = new Date('2027-01-31T18:00:00Z');
    expect(limitPeriodEnd(start, 'day')?.toISOString()).toBe('2027-02-01T18:00:00.000Z');
    expect(limitPeriodEnd(start, 'month')?.toISOString()).toBe('2027-02-28T18:00:00.000Z');
    expect(limitPeriodEnd(start, 'forever')).toBeNull();
  });
});
