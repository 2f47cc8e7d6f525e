import type { Executor } from '../wallet/ledger.ts';

/** Why a player may not place a bet right now. */
export interface GamblingBlock {
  code: 'self_excluded' | 'cooling_off' | 'loss_limit_reached' | 'wager_limit_reached' | 'session_limit_reached';
  message: string;
}

/**
 * The ONE check every bet goes through (seamless-wallet `bet`, and through it every game and the
 * sportsbook), so a responsible-gambling block cannot be bypassed by any entry point.
 *
 * Not finished: responsible-gambling limits (self-exclusion, cooling-off, loss and wager limits)
 * arrive with the limits issue, which fills this function in. Until then no player has a limit to
 * reach, so it answers "not blocked"; the wallet tests already prove it is consulted on every bet.
 *
 * The seamless-wallet `bet` calls this before its database function (decision 009) and passes the
 * verdict in. Checks on state that concurrent bets change (loss and wager limits) must then run
 * inside that same statement (a SQL function called by `wallet_bet`) to stay race-free.
 */
export async function gamblingBlock(
  _db: Executor,
  _userId: number,
  _currency: string,
  _now: Date,
): Promise<GamblingBlock | null> {
  return null;
}
