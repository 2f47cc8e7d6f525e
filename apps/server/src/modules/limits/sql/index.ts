import type { ModuleSql } from '../../../db/module-functions.ts';

/**
 * Responsible gambling's SQL (docs/limits.md, docs/bet-checks.md), a module's second public entry:
 * the migration assembler (`db/module-functions.ts`) reads it without building the app.
 * `limits_bet_check` runs inside every bet and `limits_deposit_check` before every deposit; the
 * others are theirs and the limits list's: the window of a period, the figure a limit has used, a
 * running break's refusal, a period in words.
 */
export const limitsSql: ModuleSql = {
  module: 'limits',
  functions: [
    'limits_window',
    'limits_convert',
    'limits_money',
    'limits_used',
    'limits_period_words',
    'limits_break_refusal',
    'limits_bet_check',
    'limits_deposit_check',
  ],
  betChecks: ['limits_bet_check'],
};
