import type { Account } from '../api-types';

/**
 * A wallet's total split into cash and bonus money (docs/api-shapes.md#wallets): the cash is what
 * can be withdrawn, the bonus part is the rest. The header, the cashbox and the withdrawal step
 * show them apart, so nobody mistakes bonus money for money they can take out.
 */
export function splitBalance(account: Pick<Account, 'amount_cents' | 'available_to_cashout_cents'>): {
  cashCents: number;
  bonusCents: number;
} {
  const cashCents = Math.min(account.available_to_cashout_cents, account.amount_cents);
  return { cashCents, bonusCents: Math.max(0, account.amount_cents - cashCents) };
}
