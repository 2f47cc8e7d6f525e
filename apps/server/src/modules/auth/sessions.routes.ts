import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { PlayerSession } from '@croupier/shared/api/auth';
import { bigRecordIdParam, NoQuerySchema } from '@croupier/shared/api/primitives';
import type { AppDeps } from '../../app.ts';
import { parseBody, parseParams, parseQuery } from '../../http/validate.ts';
import { notFound } from '../../lib/errors.ts';
import { requireUserFrom, type SessionRow } from './session.service.ts';

const IdParams = z.strictObject({ id: bigRecordIdParam });
const NoBody = z.strictObject({}).optional();

function present(row: SessionRow, currentId: string): PlayerSession {
  return {
    id: row.publicId,
    ip: row.ip ?? '',
    country: row.country ?? '',
    user_agent: row.userAgent ?? '',
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastSeenAt.toISOString(),
    current: row.id === currentId,
  };
}

/**
 * The player's active sessions (docs/auth.md#active-sessions): the list, signing one out, and
 * signing out everywhere else. No step-up: these calls only take access away, and the player who
 * finds a stranger's session must be able to end it at once (the reasoning is in docs/auth.md).
 * Every ended session's sockets close with it (docs/reliability.md#t2-sockets-follow-the-session).
 */
export const sessionsRoutes: FastifyPluginAsync<Pick<AppDeps, 'sessions' | 'realtime'>> = async (
  app,
  { sessions, realtime },
) => {
  app.get('/api/player/sessions', async (request, reply) => {
    parseQuery(NoQuerySchema, request);
    const loaded = await request.auth();
    const user = requireUserFrom(loaded);
    const rows = await sessions.listForUser(user.id);
    return reply.code(200).send(rows.map((row) => present(row, loaded!.session.id)));
  });

  app.delete('/api/player/sessions/:id', async (request, reply) => {
    parseBody(NoBody, request);
    const { id } = parseParams(IdParams, request);
    const loaded = await request.auth();
    const user = requireUserFrom(loaded);
    // Another player's id ends nothing and reads like an id that does not exist.
    const ended = await sessions.destroyOneForUser(user.id, id);
    if (!ended) throw notFound('not_found', 'No such session.');
    realtime.disconnectSession(ended);
    // Ending the session asking is signing out here: the cookie goes too.
    if (ended === loaded!.session.id) await sessions.destroy(request, reply);
    return reply.code(204).send();
  });

  app.delete('/api/player/sessions', async (request, reply) => {
    parseBody(NoBody, request);
    const loaded = await request.auth();
    const user = requireUserFrom(loaded);
    const ended = await sessions.destroyOthersForUser(user.id, loaded!.session.id);
    for (const id of ended) realtime.disconnectSession(id);
    return reply.code(204).send();
  });
};
