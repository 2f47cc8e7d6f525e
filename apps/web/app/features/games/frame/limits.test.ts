import { describe, expect, it } from 'vitest';
import { anyLimitReached, isLimitReached, type UserLimit } from './limits';

const limit = (type: string, amount: number, current: number): UserLimit => ({
  id: 1,
  type,
  accounts: [{ currency: 'EUR', amount_cents: amount, current_value_amount_cents: current }],
});

describe('limit reached (docs/api-shapes.md#limits)', () => {
  it('is reached when the used amount meets or exceeds the cap', () => {
    expect(isLimitReached(limit('loss', 10_000, 9_999))).toBe(false);
    expect(isLimitReached(limit('loss', 10_000, 10_000))).toBe(true);
    expect(isLimitReached(limit('wager', 10_000, 12_000))).toBe(true);
  });

  it('uses the absolute value of the current amount (losses come negative)', () => {
    expect(isLimitReached(limit('loss', 10_000, -10_000))).toBe(true);
    expect(isLimitReached(limit('loss', 10_000, -500))).toBe(false);
  });

  it('counts cooling-off as always reached, in both spellings', () => {
    expect(isLimitReached({ id: 2, type: 'cooling_off', accounts: null })).toBe(true);
    expect(isLimitReached({ id: 3, type: 'coolingoff' })).toBe(true);
  });

  it('a limit is reached when any of its accounts is', () => {
    const twoAccounts: UserLimit = {
      id: 4,
      type: 'deposit',
      accounts: [
        { currency: 'EUR', amount_cents: 5_000, current_value_amount_cents: 0 },
        { currency: 'BTC', amount_cents: 100, current_value_amount_cents: 100 },
      ],
    };
    expect(isLimitReached(twoAccounts)).toBe(true);
  });

  it('no limits (the answer until the limits issue) is never reached', () => {
    expect(anyLimitReached([])).toBe(false);
    expect(anyLimitReached(undefined)).toBe(false);
    expect(anyLimitReached([limit('loss', 100, 0), limit('wager', 100, 100)])).toBe(true);
  });
});
