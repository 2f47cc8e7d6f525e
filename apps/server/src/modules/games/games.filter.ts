import {
  GAMES_PAGE_SIZE_DEFAULT,
  type GamesFilterRequestParsed,
  type GamesPagination,
} from '@croupier/shared/api/games';
import {
  type CachedCategory,
  type CachedGame,
  type CatalogueSnapshot,
  defaultOrder,
  searchable,
} from './catalogue.cache.ts';

/**
 * A collection id as the client sends it. SoftSwiss clients may ask for a geo twin (`top:au`); we
 * have none, so an unknown suffixed id falls back to its base collection.
 */
export function resolveCategory(snapshot: CatalogueSnapshot, id: string): CachedCategory | undefined {
  return (
    snapshot.categories.get(id) ??
    (id.includes(':') ? snapshot.categories.get(id.slice(0, id.indexOf(':'))) : undefined)
  );
}

/** The ordered candidates of a category filter, before the other predicates. */
function categoryCandidates(snapshot: CatalogueSnapshot, identifiers: string[], strategy: 'OR' | 'AND'): CachedGame[] {
  const found = identifiers.map((id) => resolveCategory(snapshot, id));
  if (strategy === 'AND') {
    if (found.some((c) => !c) || !found.length) return [];
    const [first, ...rest] = found as CachedCategory[];
    // Order: position in the first category.
    return first!.members.filter((g) => rest.every((c) => c.positionOf.has(g.id)));
  }
  const known = [...new Set(found.filter((c): c is CachedCategory => !!c))];
  if (known.length === 1) return known[0]!.members;
  // OR over several: the best (lowest) position in any of them, then the default order.
  const rank = new Map<CachedGame, number>();
  for (const category of known) {
    for (const game of category.members) {
      const position = category.positionOf.get(game.id)!;
      const seen = rank.get(game);
      if (seen === undefined || position < seen) rank.set(game, position);
    }
  }
  return [...rank.keys()].sort((a, b) => rank.get(a)! - rank.get(b)! || defaultOrder(a, b));
}

type Predicate = (game: CachedGame) => boolean;

function predicates(request: GamesFilterRequestParsed): Predicate[] {
  const out: Predicate[] = [];
  const device = request.device;
  out.push((g) => g.devices.includes(device));
  const f = request.filter;
  if (!f) return out;
  if (f.providers?.length) {
    const set = new Set(f.providers);
    out.push((g) => set.has(g.providerId));
  }
  const title = f.title === undefined ? '' : searchable(f.title.trim());
  // A plain substring test: no pattern language, so `%` and `_` in the search text match themselves.
  if (title) out.push((g) => g.searchTitle.includes(title));
  if (f.currencies?.length) {
    const codes = f.currencies.map((c) => c.toUpperCase());
    out.push((g) => codes.some((c) => (c === 'FUN' ? g.hasDemo : g.launchIds[c] !== undefined)));
  }
  if (f.volatility_rating?.length) {
    const set = new Set(f.volatility_rating);
    out.push((g) => g.volatility !== null && set.has(g.volatility));
  }
  if (f.lines !== undefined) out.push((g) => g.lines === f.lines);
  if (f.ways !== undefined) out.push((g) => g.ways === f.ways);
  // hit_rate and payout are lower bounds, in percent.
  if (f.hit_rate !== undefined) out.push((g) => g.hitRate !== null && g.hitRate >= f.hit_rate!);
  if (f.payout !== undefined) out.push((g) => g.payout !== null && g.payout >= f.payout!);
  return out;
}

const SORTS: Record<string, { compare: (a: CachedGame, b: CachedGame) => number; direction: 'ASC' | 'DESC' }> = {
  popularity: { compare: (a, b) => a.popularity - b.popularity, direction: 'DESC' },
  title: { compare: (a, b) => a.searchTitle.localeCompare(b.searchTitle, 'en'), direction: 'ASC' },
  released_at: { compare: (a, b) => a.releasedAt - b.releasedAt, direction: 'DESC' },
  new: { compare: (a, b) => a.releasedAt - b.releasedAt, direction: 'DESC' },
  payout: { compare: (a, b) => (a.payout ?? 0) - (b.payout ?? 0), direction: 'DESC' },
};

export interface FilterResult {
  page: CachedGame[];
  pagination: GamesPagination;
}

/**
 * `games_filter` over the in-memory catalogue. Order: a category filter's position, otherwise
 * popularity then title; `sort.type` of `popularity`, `title`, `released_at`/`new` or `payout`
 * overrides it (`global` and unknown types keep it).
 */
export function filterGames(snapshot: CatalogueSnapshot, request: GamesFilterRequestParsed): FilterResult {
  const categoryFilter = request.filter?.categories;
  let list =
    categoryFilter && categoryFilter.identifiers.length
      ? categoryCandidates(snapshot, categoryFilter.identifiers, categoryFilter.strategy ?? 'OR')
      : snapshot.games;
  const tests = predicates(request);
  list = list.filter((g) => tests.every((t) => t(g)));

  const sort = request.sort?.type ? SORTS[request.sort.type] : undefined;
  if (sort) {
    const sign = (request.sort?.direction ?? sort.direction) === 'ASC' ? 1 : -1;
    list = [...list].sort((a, b) => sign * sort.compare(a, b) || defaultOrder(a, b));
  }

  const pageSize = request.page_size ?? GAMES_PAGE_SIZE_DEFAULT;
  const page = request.page ?? 1;
  const total = list.length;
  const totalPages = Math.ceil(total / pageSize);
  return {
    page: list.slice((page - 1) * pageSize, page * pageSize),
    pagination: {
      current_page: page,
      next_page: page < totalPages ? page + 1 : null,
      prev_page: page > 1 ? page - 1 : null,
      total_pages: totalPages,
      total_count: total,
    },
  };
}
