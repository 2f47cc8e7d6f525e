import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { bigRecordIdParam } from '@croupier/shared/api/primitives';
import {
  ActionRequestSchema,
  BetRequestSchema,
  ClientSeedRequestSchema,
  GAME_SESSION_HEADER,
  GameHistoryQuerySchema,
  LaunchRequestSchema,
} from '@croupier/shared/api/games-host';
import type { AppDeps } from '../../app.ts';
import { parseBody, parseInput, parseQuery, type ParseOptions } from '../../http/validate.ts';
import { notFound } from '../../lib/errors.ts';
import { rows } from '../../db/sql.ts';
import type { GamesHost, RoundRow } from './host.ts';
import { modelFor, requireModel } from './models.ts';
import type { SharedRounds } from './shared-rounds.ts';

const NO_STORE = 'private, no-store';

/** Games-host calls keep their own error codes, which the games client maps; any invalid input is a 400. */
const invalid = (code = 'invalid_request'): ParseOptions => ({ code, rules: 'bad_request' });
const ROUND_ID = invalid('round_not_found');
const CLIENT_SEED = invalid('invalid_client_seed');

const token = (request: FastifyRequest) => {
  const value = request.headers[GAME_SESSION_HEADER];
  return typeof value === 'string' ? value : undefined;
};

/**
 * The games host's JSON API for its browser clients (`/games-api/...`). A session token from the
 * launch call identifies the player; money only moves through the wallet protocol inside the host.
 */
function gamesApi(app: FastifyInstance, host: GamesHost, shared: SharedRounds) {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', NO_STORE);
  });

  app.post('/games-api/sessions', async (request) => {
    const body = parseBody(LaunchRequestSchema, request, invalid());
    const loaded = await request.auth();
    const user = loaded?.user ? { id: loaded.user.id, disabledAt: loaded.user.disabledAt } : null;
    return host.launch({ gameSlug: body.game, launchId: Number(body.id), user });
  });

  app.get('/games-api/session', async (request) => host.sessionView(await host.context(token(request))));

  app.post('/games-api/rounds', async (request) => {
    const ctx = await host.context(token(request));
    const { bet } = parseBody(BetRequestSchema, request, invalid());
    const game = await host.game(ctx.gameId);
    if (shared.handles(game)) return shared.placeBet(ctx, game, bet);
    return host.placeBet(ctx, bet);
  });

  app.post<{ Params: { id: string } }>('/games-api/rounds/:id/actions', async (request) => {
    const ctx = await host.context(token(request));
    const id = parseInput(bigRecordIdParam, request.params.id, ROUND_ID);
    const { action } = parseBody(ActionRequestSchema, request, invalid());
    const game = await host.game(ctx.gameId);
    if (shared.handles(game)) return shared.act(ctx, game, id, action);
    return host.act(ctx, id, action);
  });

  app.get<{ Params: { id: string } }>('/games-api/rounds/:id', async (request) => {
    const ctx = await host.context(token(request));
    const id = parseInput(bigRecordIdParam, request.params.id, ROUND_ID);
    const game = await host.game(ctx.gameId);
    const row = await host.round(ctx, id);
    return {
      round: shared.handles(game) ? shared.present(row) : host.present(row, requireModel(game)),
      balance_cents: await host.balance(ctx),
    };
  });

  app.put('/games-api/fairness/client_seed', async (request) => {
    const ctx = await host.context(token(request));
    const { client_seed } = parseBody(ClientSeedRequestSchema, request, CLIENT_SEED);
    return host.seeds.setClientSeed(host.deps.db, ctx.owner, client_seed, host.deps.clock.now());
  });

  app.post('/games-api/fairness/rotate', async (request) => {
    const ctx = await host.context(token(request));
    return host.seeds.rotate(host.deps.db, ctx.owner, host.deps.clock.now());
  });

  app.get<{ Params: { slug: string } }>('/games-api/shared/:slug', async (request) =>
    shared.snapshot(request.params.slug),
  );

  // Anything else under /games-api is still the API: a JSON 404, never the web app's page (the
  // server-rendered app answers every other path).
  app.all('/games-api/*', async (request, reply) =>
    reply.status(404).send({ code: 'not_found', error: `No route ${request.method} ${request.url.split('?')[0]}` }),
  );
}

interface HistoryRow extends RoundRow {
  identifier: string;
  title: string;
  provider_title: string;
  engine: string;
  seo_title: string;
  server_seed: string | null;
  server_seed_hash: string | null;
  client_seed: string | null;
  seed_active: boolean | null;
  shared_seed: string | null;
  shared_seed_hash: string | null;
  shared_phase: string | null;
  total: string;
}

function mask(nickname: string | null, userId: number): string {
  if (!nickname) return `Player ***${String(userId).slice(-2)}`;
  return `${nickname.slice(0, Math.min(3, Math.max(1, nickname.length - 2)))}***`;
}

/** Player-facing calls on the main API: seeds, round verification data, game history, winners. */
function playerApi(app: FastifyInstance, host: GamesHost) {
  const { db } = host.deps;

  app.get('/api/fairness', async (request, reply) => {
    const user = await request.requireUser();
    reply.header('cache-control', NO_STORE);
    return host.seeds.view(db, `user:${user.id}`);
  });
  app.put('/api/fairness/client_seed', async (request, reply) => {
    const user = await request.requireUser();
    const { client_seed } = parseBody(ClientSeedRequestSchema, request, CLIENT_SEED);
    reply.header('cache-control', NO_STORE);
    return host.seeds.setClientSeed(db, `user:${user.id}`, client_seed, host.deps.clock.now());
  });
  app.post('/api/fairness/rotate', async (request, reply) => {
    const user = await request.requireUser();
    reply.header('cache-control', NO_STORE);
    return host.seeds.rotate(db, `user:${user.id}`, host.deps.clock.now());
  });

  const historySelect = sql`SELECT r.*, g.identifier, g.title, p.title AS provider_title, g.engine, g.seo_title,
      s.server_seed, s.server_seed_hash, s.client_seed, s.active AS seed_active,
      sr.server_seed AS shared_seed, sr.server_seed_hash AS shared_seed_hash, sr.phase AS shared_phase
    FROM game_rounds r JOIN games g ON g.id = r.game_id JOIN providers p ON p.id = g.provider_id
    LEFT JOIN fairness_seeds s ON s.id = r.seed_id LEFT JOIN shared_rounds sr ON sr.id = r.shared_round_id`;

  /** Seeds are shown only once revealed: the active server seed never leaves the server (G6 c). */
  function fairnessOf(r: HistoryRow) {
    if (r.shared_round_id !== null) {
      return {
        server_seed_hash: r.shared_seed_hash!,
        server_seed: r.shared_phase === 'ended' ? r.shared_seed : null,
        client_seed: r.seo_title,
        nonce: Number(r.shared_round_id),
      };
    }
    if (r.seed_id === null) return null;
    return {
      server_seed_hash: r.server_seed_hash!,
      server_seed: r.seed_active ? null : r.server_seed,
      client_seed: r.client_seed!,
      nonce: Number(r.nonce),
    };
  }

  app.get<{ Params: { id: string } }>('/api/fairness/rounds/:id', async (request, reply) => {
    const user = await request.requireUser();
    const id = parseInput(bigRecordIdParam, request.params.id, ROUND_ID);
    const [r] = await rows<HistoryRow>(
      db,
      sql`${historySelect} WHERE r.id = ${id} AND r.user_id = ${user.id} AND r.mode = 'real'`,
    );
    if (!r) throw notFound('round_not_found', 'Round not found');
    const game = (await host.deps.catalogue.get()).byId.get(r.game_id);
    const model = game ? modelFor(game) : null;
    const finished = r.status !== 'open';
    const fairness = fairnessOf(r);
    reply.header('cache-control', NO_STORE);
    return {
      round_id: Number(r.id),
      game: { identifier: r.identifier, title: r.title, engine: r.engine, model: r.model },
      ...fairness,
      bet: r.bet,
      actions: r.actions,
      outcome: r.shared_round_id !== null ? r.state : model ? model.view(r.state, finished) : r.state,
      status: finished ? 'finished' : 'open',
      win_cents: Number(r.win),
      stake_cents: Number(r.stake),
      currency: r.currency,
    };
  });

  app.get('/api/player/games', async (request, reply) => {
    const user = await request.requireUser();
    const q = parseQuery(GameHistoryQuerySchema, request, invalid('invalid_filter'));
    const filters = [sql`r.user_id = ${user.id}`, sql`r.mode = 'real'`, sql`r.status <> 'void'`];
    if (q.game)
      filters.push(sql`(g.identifier = ${q.game} OR g.title ILIKE ${`%${q.game.replace(/[%_\\]/g, '\\$&')}%`})`);
    if (q.currency) filters.push(sql`r.currency = ${q.currency}`);
    if (q.from) filters.push(sql`r.created_at >= ${new Date(q.from)}`);
    if (q.to) filters.push(sql`r.created_at <= ${new Date(q.to)}`);
    const where = sql.join(filters, sql` AND `);
    const found = await rows<HistoryRow>(
      db,
      sql`SELECT * FROM (${historySelect} WHERE ${where}) h, LATERAL (SELECT count(*)::text AS total FROM game_rounds r JOIN games g ON g.id = r.game_id WHERE ${where}) c
          ORDER BY h.id DESC LIMIT ${q.per_page} OFFSET ${(q.page - 1) * q.per_page}`,
    );
    let total = found[0]?.total;
    if (total === undefined) {
      total =
        (
          await rows<{ total: string }>(
            db,
            sql`SELECT count(*)::text AS total FROM game_rounds r JOIN games g ON g.id = r.game_id WHERE ${where}`,
          )
        )[0]?.total ?? '0';
    }
    reply
      .header('cache-control', NO_STORE)
      .header('x-total-count', total)
      .header('access-control-expose-headers', 'x-total-count');
    return found.map((r) => {
      const stake = Number(r.stake);
      const win = Number(r.win);
      const open = r.status === 'open';
      return {
        bet_id: Number(r.id),
        bet_status: open ? 'pending' : win > 0 ? 'won' : 'lost',
        created_at: new Date(r.created_at).toISOString(),
        finished_at: r.finished_at ? new Date(r.finished_at).toISOString() : null,
        currency: r.currency,
        provider: r.provider_title,
        game: r.identifier,
        title: r.title,
        total_bets: stake,
        total_wins: win,
        total_losses: open ? 0 : Math.max(0, stake - win),
        balance_after_cents: r.balance_after === null ? null : Number(r.balance_after),
        round: { id: Number(r.id), fairness: fairnessOf(r) },
      };
    });
  });

  app.get('/api/stats/winners/latest', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=5');
    return latestWinners(host);
  });
}

export async function latestWinners(host: GamesHost) {
  const found = await rows<{
    finished_at: Date | string;
    stake: string;
    win: string;
    currency: string;
    identifier: string;
    title: string;
    nickname: string | null;
    user_id: number;
  }>(
    host.deps.db,
    sql`SELECT r.finished_at, r.stake::text, r.win::text, r.currency, g.identifier, g.title, u.nickname, r.user_id
        FROM game_rounds r JOIN games g ON g.id = r.game_id JOIN users u ON u.id = r.user_id
        WHERE r.mode = 'real' AND r.status = 'finished' AND r.win > r.stake
        ORDER BY r.finished_at DESC, r.id DESC LIMIT 20`,
  );
  return found.map((r) =>
    winnerItem({
      at: new Date(r.finished_at),
      stake: BigInt(r.stake),
      win: BigInt(r.win),
      currency: r.currency,
      identifier: r.identifier,
      title: r.title,
      nickname: r.nickname,
      userId: Number(r.user_id),
    }),
  );
}

/** One `public:wins` / winners-feed item (docs/api-shapes.md#jackpots-and-winners). */
export function winnerItem(w: {
  at: Date;
  stake: bigint;
  win: bigint;
  currency: string;
  identifier: string;
  title: string;
  nickname: string | null;
  userId: number;
}) {
  return {
    at: Math.floor(w.at.getTime() / 1000),
    bet_amount_cents: Number(w.stake),
    win_amount_cents: Number(w.win),
    currency: w.currency,
    game_identifier: w.identifier,
    game_title: w.title,
    game_table_image_path: null,
    game_table_url: `/play/${w.identifier}`,
    humanized_win: null,
    nickname: mask(w.nickname, w.userId),
  };
}

export const gamesHostRoutes: FastifyPluginAsync<AppDeps & { host: GamesHost; shared: SharedRounds }> = async (
  app,
  deps,
) => {
  gamesApi(app, deps.host, deps.shared);
  playerApi(app, deps.host);
};
