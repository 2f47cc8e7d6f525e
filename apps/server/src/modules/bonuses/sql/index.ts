import type { ModuleSql } from '../../../db/module-functions.ts';

/**
 * The bonus engine's SQL (docs/bonuses.md#inside-the-bet-atomic-with-it), a module's second public
 * entry: the migration assembler (`db/module-functions.ts`) reads it without building the app. Inside
 * `wallet_bet`: the check (max bet, excluded games) and the effect (the wagering counter); inside
 * `wallet_win` and the rollback: the route of a bonus-funded part; inside the rollback: the counter's
 * correction. `bonuses_game_weight` is the one answer to "how much does this game count".
 */
export const bonusesSql: ModuleSql = {
  module: 'bonuses',
  functions: [
    'bonuses_money',
    'bonuses_game_weight',
    'bonuses_bet_check',
    'bonuses_bet_effect',
    'bonuses_rollback_effect',
    'bonuses_win_route',
  ],
  betChecks: ['bonuses_bet_check'],
  betEffects: ['bonuses_bet_effect'],
  rollbackEffects: ['bonuses_rollback_effect'],
  bonusRoute: 'bonuses_win_route',
};
