import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { FreespinPack } from '@croupier/shared/api/bonuses';
import { EmptyBodySchema } from '@croupier/shared/api/auth';
import { NoQuerySchema, recordIdParam } from '@croupier/shared/api/primitives';
import { parseBody, parseParams, parseQuery } from '../../http/validate.ts';
import type { FreespinsService, PackRow } from './freespins.ts';

const IdParams = z.strictObject({ id: recordIdParam });
const OWN_PROVIDER_TITLE = 'Croupier';

/**
 * A pack as the player API shows it (docs/bonuses.md#the-calls, the pack): its spins, their stake,
 * the games and where to play them. `activation_path` opens its first game.
 */
export function presentPack(pack: PackRow, now: Date): FreespinPack {
  const open = pack.stage === 'issued' || pack.stage === 'handle_bets';
  return {
    id: pack.id,
    title: pack.title ?? `${pack.spinsTotal} free spins`,
    stage: pack.stage,
    freespins_total: pack.spinsTotal,
    freespins_performed: pack.spinsPerformed,
    bet_level: Number(pack.betLevel),
    games: pack.games,
    games_info: [],
    activation_path: `/play/${pack.games[0] ?? ''}`,
    provider: OWN_PROVIDER_TITLE,
    currency: pack.currency,
    created_at: pack.issuedAt.toISOString(),
    activatable_until: pack.activatableUntil?.toISOString() ?? null,
    valid_until: pack.validUntil?.toISOString() ?? null,
    activatable: pack.stage === 'issued' && (pack.activatableUntil === null || pack.activatableUntil > now),
    activation_condition: null,
    cancelable: open,
    group_key: null,
    win_cents: Number(pack.win),
  };
}

/** `/api/player/freespins` (docs/bonuses.md#the-calls): the player's own packs; never cached. */
export async function freespinsRoutes(
  app: FastifyInstance,
  { freespins, now }: { freespins: FreespinsService; now: () => Date },
) {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'private, no-store');
    return payload;
  });

  app.get('/api/player/freespins', async (request) => {
    parseQuery(NoQuerySchema, request);
    const user = await request.requireUser();
    return (await freespins.list(user.id)).map((p) => presentPack(p, now()));
  });

  app.post('/api/player/freespins/:id/activation', async (request) => {
    parseQuery(NoQuerySchema, request);
    parseBody(EmptyBodySchema.optional(), request);
    const user = await request.requireUser();
    const { id } = parseParams(IdParams, request);
    return presentPack(await freespins.activate(user.id, id), now());
  });

  app.delete('/api/player/freespins/:id', async (request) => {
    parseQuery(NoQuerySchema, request);
    parseBody(EmptyBodySchema.optional(), request);
    const user = await request.requireUser();
    const { id } = parseParams(IdParams, request);
    return presentPack(await freespins.cancel(user.id, id), now());
  });
}
