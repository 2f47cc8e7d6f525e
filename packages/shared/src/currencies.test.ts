import { describe, expect, it } from 'vitest';
import { CURRENCY_CODES, maxBalanceMinor } from './currencies.ts';

describe('the business maximum balance (decision 016)', () => {
  it('is set for every currency and leaves room below 2^53 minor units, so every balance reaches JSON exactly', () => {
    for (const code of CURRENCY_CODES) {
      const max = maxBalanceMinor(code);
      expect(max, code).toBeGreaterThan(0n);
      // Half the JSON-safe range: a refund of money the player already held (a rolled-back stake, a
      // released withdrawal) may land above the cap and must still be exact.
      expect(max * 2n, code).toBeLessThanOrEqual(BigInt(Number.MAX_SAFE_INTEGER));
    }
  });
});
