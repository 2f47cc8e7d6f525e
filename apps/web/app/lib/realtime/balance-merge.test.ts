import { describe, expect, it } from 'vitest';
import type { Account } from '../api-types';
import { applyWalletEvent, mergeAccountsSnapshot } from './balance-merge';

const wallet = (currency: string, amount: number, version: number): Account => ({
  currency,
  active: true,
  amount_cents: amount,
  available_to_cashout_cents: amount,
  available_to_bet_with_locked_cent: amount,
  deposit_available: true,
  hidden_at: null,
  selected_lottery_id: null,
  version,
});

describe('applyWalletEvent', () => {
  it('keeps version 7 when version 6 arrives after it (docs/reliability.md#t4-no-balance-drift)', () => {
    const afterSeven = applyWalletEvent([wallet('EUR', 100, 5)], wallet('EUR', 700, 7));
    const afterSix = applyWalletEvent(afterSeven, wallet('EUR', 600, 6));
    expect(afterSix).toEqual([wallet('EUR', 700, 7)]);
    expect(afterSix).toBe(afterSeven);
  });

  it('replaces only the wallet of the same currency', () => {
    const before = [wallet('EUR', 100, 1), wallet('USD', 200, 4)];
    expect(applyWalletEvent(before, wallet('USD', 250, 5))).toEqual([wallet('EUR', 100, 1), wallet('USD', 250, 5)]);
    expect(before[1]).toEqual(wallet('USD', 200, 4));
  });

  it('ignores a repeat of the version already shown', () => {
    const before = [wallet('EUR', 100, 3)];
    expect(applyWalletEvent(before, wallet('EUR', 999, 3))).toBe(before);
  });

  it('adds a wallet the list did not have yet (a new currency)', () => {
    expect(applyWalletEvent([wallet('EUR', 1, 1)], wallet('BTC', 5, 1))).toEqual([
      wallet('EUR', 1, 1),
      wallet('BTC', 5, 1),
    ]);
  });
});

describe('mergeAccountsSnapshot', () => {
  it('does not let a polled answer with an older version overwrite a newer pushed wallet', () => {
    const cached = [wallet('EUR', 700, 7), wallet('USD', 10, 2)];
    const polled = [wallet('EUR', 500, 5), wallet('USD', 30, 3)];
    expect(mergeAccountsSnapshot(cached, polled)).toEqual([wallet('EUR', 700, 7), wallet('USD', 30, 3)]);
  });

  it('takes the polled answer as it is when it is as new or newer', () => {
    const polled = [wallet('EUR', 800, 8)];
    expect(mergeAccountsSnapshot([wallet('EUR', 700, 7)], polled)).toBe(polled);
    expect(mergeAccountsSnapshot(undefined, polled)).toBe(polled);
  });

  it('follows the server on which wallets exist', () => {
    expect(mergeAccountsSnapshot([wallet('EUR', 1, 9), wallet('GBP', 1, 9)], [wallet('EUR', 1, 9)])).toEqual([
      wallet('EUR', 1, 9),
    ]);
  });
});
