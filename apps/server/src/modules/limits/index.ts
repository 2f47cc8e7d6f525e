import type { ModuleSql } from '../../db/module-functions.ts';

/**
 * Responsible gambling's SQL: `limits_bet_check` runs inside every bet (docs/bet-checks.md). It lets
 * every bet through until the limits engine fills it in.
 */
export const limitsSql: ModuleSql = {
  module: 'limits',
  functions: ['limits_bet_check'],
  betChecks: ['limits_bet_check'],
};

export { limitsRoutes } from './limits.routes.ts';
