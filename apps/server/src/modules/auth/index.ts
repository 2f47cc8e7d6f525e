/**
 * The auth module's public entry: other modules and the app import from here only (docs/architecture.md, "Module boundaries").
 */

import { defineModule } from '../module.ts';
import { eraseSignInData, mailedTokensOf, sessionsDataOf, signInDataOf } from './auth.repository.ts';
import { authRoutes } from './auth.routes.ts';

/**
 * Accounts: sign-up, sign-in, sessions and cookies, throttling, password reset, confirmation,
 * two-factor and step-up. The session service itself is the platform's (every module reads
 * sessions), built before the modules.
 */
export const authModule = defineModule({
  name: 'auth',
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
});

export { type LoadedSession, type SessionService, createSessionService, requireUserFrom } from './session.service.ts';
export { liveSessionIds } from './session.repository.ts';
export { requireSteppedUp } from './step-up.ts';
export { createThrottle, type SendCap, takeSendCaps, type Throttle, throttleKeys } from './throttle.ts';
