import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  AccountUpdateRequestSchema,
  ConfirmationQuerySchema,
  type ConfirmedBody,
  EmailCheckRequestSchema,
  EmailRequestSchema,
  type PasswordResetTwoFactorBody,
  PasswordUpdateRequestSchema,
  SignInRequestSchema,
  SignUpRequestSchema,
  StepUpRequestSchema,
  type TwoFactorRequiredBody,
} from '@croupier/shared/api/auth';
import type { AppDeps } from '../../app.ts';
import { assertNotRestricted, requestLocale } from '../info/index.ts';
import { createPlayerService } from '../player/index.ts';
import { createAuthService } from './auth.service.ts';
import { createEmailCheck } from './email-check.ts';
import { parseBody, parseQuery } from '../../http/validate.ts';
import { sessionsRoutes } from './sessions.routes.ts';
import { twoFactorRoutes } from './two-factor.routes.ts';
import { deviceCookie } from './device-cookie.ts';

/** Sign-out takes no body; an empty JSON object is tolerated. */
const NoBody = z.strictObject({}).optional();

/**
 * Sign-up, sign-in (password and two-factor steps), sign-out, password reset and e-mail
 * confirmation at the SoftSwiss paths (docs/player-app.md#server-calls, docs/api-shapes.md#accounts). Also mounts the two-factor
 * management calls, which belong to the same account flows.
 */
export const authRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { env, sessions } = deps;
  const auth = createAuthService({ db: deps.database.db, env, clock: deps.clock, mailer: deps.mailer, sessions });
  const players = createPlayerService({ db: deps.database.db, env, clock: deps.clock });
  const devices = deviceCookie(env.publicUrl.startsWith('https:'));
  const checkEmail = createEmailCheck({ db: deps.database.db, env, clock: deps.clock });

  // Answers carry personal data and session changes: never cached (docs/reliability.md#d3-not-cached).
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.post('/api/users', async (request, reply) => {
    assertNotRestricted(env, request, 'registration');
    const { user: input } = parseBody(SignUpRequestSchema, request);
    // The browser's device id, minted on its first sign-up (docs/auth.md#sign-up-throttle).
    const device = devices.read(request) ?? devices.mint();
    const user = await auth.signUp(input, { ip: request.ip, language: requestLocale(request), device });
    await sessions.start(request, reply, { userId: user.id });
    devices.set(reply, device);
    return reply.code(201).send(await players.present(user));
  });

  // Sign-up's early e-mail check (docs/auth.md#the-e-mail-check-at-sign-up).
  app.post('/api/users/check_email', async (request, reply) => {
    assertNotRestricted(env, request, 'registration');
    const { user: input } = parseBody(EmailCheckRequestSchema, request);
    await checkEmail(input.email, request.ip);
    return reply.code(204).send();
  });

  app.post('/api/users/sign_in', async (request, reply) => {
    assertNotRestricted(env, request, 'login');
    const { user: input } = parseBody(SignInRequestSchema, request);
    if (input.otp_attempt !== undefined && input.email === undefined && input.password === undefined) {
      const user = await auth.signInWithCode(await request.auth(), input.otp_attempt, request.ip);
      // Password and code were both just proven: that is a step-up (decision 015).
      await sessions.start(request, reply, { userId: user.id, steppedUp: true });
      return reply.code(201).send(await players.present(await auth.signedIn(user, request.ip)));
    }
    const outcome = await auth.signIn(input, request.ip);
    if (outcome.kind === 'two_factor') {
      // The pending session remembers who passed the password step; the code step upgrades it.
      await sessions.start(request, reply, { pendingUserId: outcome.userId });
      const body: TwoFactorRequiredBody = {
        code: 'two_factor_required',
        error: 'Enter the code from your authenticator app.',
        two_factor: true,
      };
      return reply.code(401).send(body);
    }
    await sessions.start(request, reply, { userId: outcome.user.id, steppedUp: true });
    return reply.code(201).send(await players.present(await auth.signedIn(outcome.user, request.ip, input.password)));
  });

  // docs/api-shapes.md#account-update (the Devise account update): a new password and/or e-mail address.
  app.put('/api/users', async (request, reply) => {
    const { user: input } = parseBody(AccountUpdateRequestSchema, request);
    const { user, endedSessions } = await auth.updateAccount(await request.auth(), input, request.ip);
    // A new password ended the player's other sessions; their sockets go with them (docs/reliability.md#t2-sockets-follow-the-session).
    for (const id of endedSessions) deps.realtime.disconnectSession(id);
    return reply.code(200).send(await players.present(user));
  });

  // Step-up (docs/reliability.md#a8-step-up, decision 015): the signed-in player proves it is them again.
  app.post('/api/auth/step_up', async (request, reply) => {
    const { user: input } = parseBody(StepUpRequestSchema, request);
    return reply.code(200).send(await auth.stepUp.confirm(await request.auth(), input, request.ip));
  });

  app.delete('/api/users/sign_out', async (request, reply) => {
    parseBody(NoBody, request);
    const signedOut = (await request.auth())?.session.id;
    await sessions.destroy(request, reply);
    // docs/reliability.md#t2-sockets-follow-the-session: this browser's open sockets end with its session (other devices keep theirs).
    if (signedOut) deps.realtime.disconnectSession(signedOut);
    return reply.code(204).send();
  });

  app.post('/api/users/password', async (request, reply) => {
    assertNotRestricted(env, request, 'login');
    const { user: input } = parseBody(EmailRequestSchema, request);
    await auth.requestPasswordReset(input.email);
    return reply.code(201).send({});
  });

  app.put('/api/users/password', async (request, reply) => {
    assertNotRestricted(env, request, 'login');
    const { user: input } = parseBody(PasswordUpdateRequestSchema, request);
    const user = await auth.resetPassword(input, request.ip);
    // Every session of the player just ended; so do their sockets (docs/reliability.md#t2-sockets-follow-the-session).
    deps.realtime.disconnectUser(user.id);
    if (user.twoFactorEnabled) {
      // Every session already ended; clear this browser's cookie too and let the player sign in
      // with the new password and their code.
      await sessions.destroy(request, reply);
      const body: PasswordResetTwoFactorBody = { two_factor: true };
      return reply.code(200).send(body);
    }
    // The password changed either way; a disabled or self-excluded player gets no session (403).
    await sessions.start(request, reply, { userId: user.id });
    return reply.code(200).send(await players.present(await auth.signedIn(user, request.ip)));
  });

  app.get('/api/users/confirmation', async (request, reply) => {
    assertNotRestricted(env, request, 'login');
    const { confirmation_token: token } = parseQuery(ConfirmationQuerySchema, request);
    const user = await auth.confirm(token, request.ip);
    const current = await request.auth();
    if (current?.user?.id === user.id) return reply.code(200).send(await players.present(user));
    // Opened elsewhere (another browser, or while signed in as someone else): the address is
    // confirmed, but a GET never signs anyone in (that would allow login CSRF) and a link alone
    // never reveals the profile. A body without `id` reads as "guest" to the client (docs/api-shapes.md#player-object).
    const body: ConfirmedBody = user.twoFactorEnabled ? { confirmed: true, two_factor: true } : { confirmed: true };
    return reply.code(200).send(body);
  });

  app.post('/api/users/confirmation', async (request, reply) => {
    assertNotRestricted(env, request, 'login');
    const { user: input } = parseBody(EmailRequestSchema, request);
    await auth.resendConfirmation(input.email);
    return reply.code(201).send({});
  });

  await app.register(twoFactorRoutes, { twoFactor: auth.twoFactor, clock: deps.clock });
  await app.register(sessionsRoutes, { sessions, realtime: deps.realtime });
};
