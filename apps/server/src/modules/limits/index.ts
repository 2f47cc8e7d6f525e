import type { ModuleSql } from '../../db/module-functions.ts';
import { defineModule } from '../module.ts';
import { limitsRoutes } from './limits.routes.ts';

/**
 * Responsible gambling's SQL: `limits_bet_check` runs inside every bet (docs/bet-checks.md). It lets
 * every bet through until the limits engine fills it in.
 */
export const limitsSql: ModuleSql = {
  module: 'limits',
  functions: ['limits_bet_check'],
  betChecks: ['limits_bet_check'],
};

/** Responsible gambling: the limits endpoints and the first bet-time check. */
export const limitsModule = defineModule({
  name: 'limits',
  sql: limitsSql,
  routes: (app, _api, ctx) => limitsRoutes(app, ctx),
});
