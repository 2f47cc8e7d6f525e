import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  CollectionsQuerySchema,
  GamesFilterRequestSchema,
  GamesSelectBySeoTitlesRequestSchema,
  GamesSelectRequestSchema,
  RandomGameQuerySchema,
  type Device,
} from '@croupier/shared/api/games';
import type { AppDeps } from '../../app.ts';
import { parseBody, parseQuery, type ParseOptions } from '../../http/validate.ts';
import { notFound } from '../../lib/errors.ts';
import type { CachedGame, CachedList, CatalogueCache, CatalogueSnapshot } from './catalogue.cache.ts';
import { renderGameArt } from './game-art.ts';
import { filterGames, resolveCategory } from './games.filter.ts';
import { registerPlayerGameRoutes } from './player-games.routes.ts';
import { ResponseCache } from './response-cache.ts';

/** Public catalogue lists change only with the catalogue: browsers and CDNs may keep them a while. */
const LIST_CACHE_CONTROL = 'public, max-age=300';
/** docs/player-app.md#paging: random game picks choose among the first 100 games of the collection. */
const RANDOM_POOL = 100;

const JSON_TYPE = 'application/json; charset=utf-8';

function sendList(request: FastifyRequest, reply: FastifyReply, list: CachedList) {
  reply.header('cache-control', LIST_CACHE_CONTROL).header('etag', list.etag);
  if (request.headers['if-none-match'] === list.etag) return reply.status(304).send();
  return reply.type(JSON_TYPE).send(list.json);
}

/** `{ "<identifier>": game, … }` built from the games' precomputed JSON. */
export function gameMapJson(list: CachedGame[]): string {
  return `{${list.map((g) => `${JSON.stringify(g.identifier)}:${g.json}`).join(',')}}`;
}

/** Rendered artwork per cached game; a catalogue reload makes new game objects, so old entries go. */
const artMemo = new WeakMap<CachedGame, string>();
function artOf(game: CachedGame): string {
  let svg = artMemo.get(game);
  if (svg === undefined) {
    svg = renderGameArt({ title: game.title, providerTitle: game.providerTitle, theme: game.theme });
    artMemo.set(game, svg);
  }
  return svg;
}

/** The lobby calls have no form behind them: any invalid input is a 400, as it always was. */
const LOBBY: ParseOptions = { rules: 'bad_request' };

/**
 * The game lobby (docs/api-shapes.md#games): catalogue lists, games_filter, select, random, artwork, and the
 * player's favourites and recent games. Catalogue reads come from the in-memory snapshot
 * (catalogue.cache.ts explains why); only per-player calls touch the database.
 */
export const gamesRoutes: FastifyPluginAsync<AppDeps & { catalogue: CatalogueCache }> = async (app, deps) => {
  const { catalogue } = deps;

  app.get('/api/games/allowed_desktop', async (request, reply) =>
    sendList(request, reply, (await catalogue.get()).lists.allowed.desktop),
  );
  app.get('/api/games/allowed_mobile', async (request, reply) =>
    sendList(request, reply, (await catalogue.get()).lists.allowed.mobile),
  );
  app.get('/api/games/providers', async (request, reply) =>
    sendList(request, reply, (await catalogue.get()).lists.providers),
  );

  // Titles are English for every locale for now: `l` is accepted and not yet used.
  app.get('/api/games/collections', async (request, reply) => {
    const query = parseQuery(CollectionsQuerySchema, request, LOBBY);
    return sendList(request, reply, (await catalogue.get()).lists.collections[query.device ?? 'all']);
  });

  // The benchmarked lobby call: answered from the in-memory catalogue, and repeated queries from ready bodies.
  const filterResponses = new ResponseCache<CatalogueSnapshot>(16 * 1024 * 1024);
  app.post('/api/games_filter', async (request, reply) => {
    const body = parseBody(GamesFilterRequestSchema, request, LOBBY);
    const snapshot = await catalogue.get();
    // The parsed body has the schema's key order, so equal queries give equal keys.
    const key = JSON.stringify(body);
    let encoded = filterResponses.get(snapshot, key);
    if (!encoded) {
      const { page, pagination } = filterGames(snapshot, body);
      encoded = Buffer.from(
        `{"data":[${page.map((g) => g.json).join(',')}],"pagination":${JSON.stringify(pagination)}}`,
      );
      filterResponses.set(snapshot, key, encoded);
    }
    return reply.type(JSON_TYPE).send(encoded);
  });

  app.post('/api/games_filter/select', async (request, reply) => {
    const body = parseBody(GamesSelectRequestSchema, request, LOBBY);
    const snapshot = await catalogue.get();
    const found: CachedGame[] = [];
    for (const identifier of new Set(body.game_ids)) {
      const game = snapshot.byIdentifier.get(identifier);
      if (game?.active && (!body.device || game.devices.includes(body.device))) found.push(game);
    }
    return reply.type(JSON_TYPE).send(gameMapJson(found));
  });

  app.post('/api/games_filter/select_by_seo_titles', async (request, reply) => {
    const body = parseBody(GamesSelectBySeoTitlesRequestSchema, request, LOBBY);
    const snapshot = await catalogue.get();
    const found = [...new Set(body.game_seo_titles)]
      .flatMap((seo) => snapshot.bySeoTitle.get(seo) ?? [])
      .filter((g) => !body.device || g.devices.includes(body.device));
    return reply.type(JSON_TYPE).send(gameMapJson(found));
  });

  app.get('/api/games/random', async (request, reply) => {
    const query = parseQuery(RandomGameQuerySchema, request, LOBBY);
    const snapshot = await catalogue.get();
    let pool: CachedGame[] = snapshot.games;
    if (query.identifier) {
      const category = resolveCategory(snapshot, query.identifier);
      if (!category) throw notFound('collection_not_found', 'Collection not found');
      pool = category.members;
    }
    const device: Device | undefined = query.device;
    if (device) pool = pool.filter((g) => g.devices.includes(device));
    pool = pool.slice(0, RANDOM_POOL);
    if (!pool.length) throw notFound('game_not_found', 'Game not found');
    const game = pool[deps.random.int(pool.length)]!;
    return reply.header('cache-control', 'no-store').type(JSON_TYPE).send(game.json);
  });

  // Generated artwork. `?v=` in the game's preview URL changes with the art, so that URL is immutable.
  app.get<{ Params: { provider: string; file: string }; Querystring: { v?: string } }>(
    '/game-art/:provider/:file',
    async (request, reply) => {
      const { provider, file } = request.params;
      const game = file.endsWith('.svg')
        ? (await catalogue.get()).byIdentifier.get(`${provider}/${file.slice(0, -4)}`)
        : undefined;
      if (!game) throw notFound('game_not_found', 'Game not found');
      const etag = `"${game.artVersion}"`;
      reply
        .header(
          'cache-control',
          request.query.v === game.artVersion ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        )
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff')
        // Opened directly, an SVG is a document: it may draw, never run anything.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type('image/svg+xml; charset=utf-8').send(artOf(game));
    },
  );

  registerPlayerGameRoutes(app, deps, catalogue);
};
