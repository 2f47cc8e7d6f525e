import type { FastifyPluginAsync } from 'fastify';
import { NoQuerySchema } from '@croupier/shared/api/primitives';
import {
  EmptyBodySchema,
  TwoFactorDisableRequestSchema,
  TwoFactorEnableRequestSchema,
} from '@croupier/shared/api/auth';
import type { Clock } from '../../lib/clock.ts';
import { parseBody, parseQuery } from '../../http/validate.ts';
import { requireUserFrom } from './session.service.ts';
import { requireSteppedUp } from './step-up.ts';
import type { TwoFactorService } from './two-factor.service.ts';

/** The client moved from the v1 to the v2 path; both are served (docs/api-shapes.md#two-factor-management). */
const PREFIXES = ['/api/v2/player/two_factor', '/api/player/two_factor'];

export const twoFactorRoutes: FastifyPluginAsync<{ twoFactor: TwoFactorService; clock: Clock }> = async (
  app,
  { twoFactor, clock },
) => {
  for (const path of PREFIXES) {
    app.get(path, async (request, reply) => {
      parseQuery(NoQuerySchema, request);
      const user = await request.requireUser();
      const setup = await twoFactor.setup(user);
      return setup ? reply.code(200).send(setup) : reply.code(204).send();
    });

    app.post(path, async (request, reply) => {
      const { two_factor: input } = parseBody(TwoFactorEnableRequestSchema, request);
      // Turning the second factor on needs a fresh step-up too (docs/auth.md#two-factor-authentication):
      // on a stolen session it would lock the owner out, and show the thief the recovery codes.
      const user = requireSteppedUp(await request.auth(), clock.now());
      return reply.code(200).send(await twoFactor.enable(user, input.otp_secret, input.authentication_code));
    });

    app.delete(path, async (request, reply) => {
      const { two_factor: input } = parseBody(TwoFactorDisableRequestSchema, request);
      const loaded = await request.auth();
      const user = requireUserFrom(loaded);
      // Turning the second factor off needs a fresh step-up (docs/reliability.md#a8-step-up, decision 015).
      if (user.twoFactorEnabled) requireSteppedUp(loaded, clock.now());
      await twoFactor.disable(user, input.authentication_code);
      return reply.code(204).send();
    });
  }

  // Recovery codes (docs/auth.md#recovery-codes): new calls, so only on the v2 path.
  const RECOVERY = '/api/v2/player/two_factor/recovery_codes';

  app.get(RECOVERY, async (request, reply) => {
    parseQuery(NoQuerySchema, request);
    const user = await request.requireUser();
    return reply.code(200).send(await twoFactor.recoveryStatus(user));
  });

  app.post(RECOVERY, async (request, reply) => {
    parseBody(EmptyBodySchema.optional(), request);
    const loaded = await request.auth();
    const user = requireUserFrom(loaded);
    // A new set is a way past the second factor: only for whoever just proved both (decision 015).
    // With two-factor off there is nothing to prove it for, and the service says so.
    if (user.twoFactorEnabled) requireSteppedUp(loaded, clock.now());
    return reply.code(200).send(await twoFactor.regenerateRecoveryCodes(user));
  });
};
