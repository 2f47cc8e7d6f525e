import { isCurrencyCode, maxBalanceMinor } from '@croupier/shared/currencies';
import { toMajorString } from '@croupier/shared/money';
import { AppError } from '../../lib/errors.ts';
import type { AccountRow } from '../player/index.ts';
import type { WalletBalance } from './balances.repository.ts';

/** The `player_accounts` row shape the player presenter expects. */
export function toAccountRow(b: WalletBalance): AccountRow {
  return {
    id: b.playerAccountId,
    userId: b.userId,
    currency: b.currency,
    active: b.active,
    amountCents: b.amount,
    availableToCashoutCents: b.cash,
    version: b.version,
    lastDebitCashCents: 0n,
    createdAt: b.createdAt,
  };
}

/** The largest balance the JSON wire carries exactly: no credit may ever pass it. */
export const JSON_SAFE_BALANCE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * The highest balance a credit may leave (decision 016). New money (a win, a deposit, a prize) stops
 * at the currency's business maximum. Money the player already held coming back (a rolled-back
 * stake, a released withdrawal) is never refused for the business maximum, only past what JSON
 * carries exactly: the maximum leaves half that range for it.
 */
export function creditCeiling(currency: string, money: 'new' | 'returned'): bigint {
  return money === 'new' && isCurrencyCode(currency) ? maxBalanceMinor(currency) : JSON_SAFE_BALANCE;
}

/** A credit refused because it would take the wallet past its maximum: a definite 422. */
export class BalanceLimitError extends AppError {
  constructor(currency: string, ceiling: bigint) {
    super(
      422,
      'balance_limit',
      `This credit would take the ${currency} balance past its maximum of ${toMajorString(ceiling, currency)} ${currency}`,
    );
  }
}
