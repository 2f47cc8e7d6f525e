import type { Executor } from '../../db/sql.ts';
import { betChecksRefusal } from './wallet.repository.ts';

/** Why a player may not bet right now, as a module's bet check answered it (docs/bet-checks.md). */
export interface BetRefusal {
  code: string;
  message: string;
}

/**
 * Asks the modules' bet checks (`wallet_bet_checks`) without betting: the games host refuses a
 * launch the first bet would be refused for. The bet itself is checked again inside `wallet_bet`,
 * with the account row locked; this answer is only advice, since a concurrent bet may change it.
 */
export async function betRefusal(
  db: Executor,
  check: { userId: number; currency: string; game: string; now: Date },
): Promise<BetRefusal | null> {
  const refusal = await betChecksRefusal(db, check);
  if (!refusal) return null;
  return {
    code: typeof refusal.code === 'string' ? refusal.code : 'blocked',
    message: typeof refusal.message === 'string' ? refusal.message : 'Betting is blocked',
  };
}
