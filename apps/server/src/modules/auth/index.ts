/**
 * The auth module's public entry: other modules and the app import from here only (docs/architecture.md, "Module boundaries").
 */

import { defineModule } from '../module.ts';
import { eraseSignInData, mailedTokensOf, sessionsDataOf, signInDataOf } from './auth.repository.ts';
import { authRoutes } from './auth.routes.ts';
import { forgetEndedExclusions, rememberExcludedIdentity } from './excluded-identities.ts';
import type { Executor } from '../../db/sql.ts';

/**
 * Accounts: sign-up, sign-in, sessions and cookies, throttling, password reset, confirmation,
 * two-factor and step-up. The session service itself is the platform's (every module reads
 * sessions), built before the modules.
 */
/** What other modules ask of the auth module (through `ctx.use('auth')`). */
export interface AuthApi {
  /**
   * Keeps the player's address as a keyed hash until `endsAt` (null: for ever), in the caller's
   * transaction, so it cannot open an account before then (docs/privacy.md#a-self-exclusion-outlives-erasure).
   * The limits module calls it when it erases a self-excluded player.
   */
  rememberExcludedIdentity(tx: Executor, input: { userId: number; endsAt: Date | null; now: Date }): Promise<void>;
}

declare module '../module.ts' {
  interface ModuleApis {
    auth: AuthApi;
  }
}

export const authModule = defineModule({
  name: 'auth',
  setup: (ctx): AuthApi => ({
    rememberExcludedIdentity: (tx, input) => rememberExcludedIdentity(tx, { ...input, appSecret: ctx.env.appSecret }),
  }),
  routes: (app, _api, ctx) => authRoutes(app, ctx),
  personalData: () => ({
    sections: {
      account:
        'Your sign-in data: e-mail address, when you signed up, confirmed and last signed in, from which address, whether two-factor sign-in is on. Never your password or your two-factor secret.',
      sessions: 'Your signed-in sessions: when they started and were last used, the address and browser.',
      mailed_links: 'The single-use links we mailed you (confirmation, password reset): what for and when.',
    },
    export: async (userId, tx) => {
      const [account] = await signInDataOf(tx, userId);
      return {
        account: account ?? null,
        sessions: await sessionsDataOf(tx, userId),
        mailed_links: await mailedTokensOf(tx, userId),
      };
    },
    erase: (userId, tx, now) => eraseSignInData(tx, userId, now),
  }),
  jobs: (_api, ctx) => [
    // The addresses of erased self-excluded players are kept only while the exclusion runs
    // (docs/privacy.md#a-self-exclusion-outlives-erasure).
    {
      name: 'auth.excluded-identities',
      everySeconds: 3600,
      run: async () => ({ forgotten: await forgetEndedExclusions(ctx.database.db, ctx.clock.now()) }),
    },
  ],
});

export { type LoadedSession, type SessionService, createSessionService, requireUserFrom } from './session.service.ts';
export { liveSessionIds } from './session.repository.ts';
export { requireSteppedUp } from './step-up.ts';
export { createThrottle, type SendCap, takeSendCaps, type Throttle, throttleKeys } from './throttle.ts';
