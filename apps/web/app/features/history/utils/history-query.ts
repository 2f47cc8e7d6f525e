/**
 * The games-history filters live in the URL query (`?game=&currency=&from=&to=&page=`), so
 * back/forward and reload keep them. These functions translate between the URL, the form and the
 * `GET /api/player/games` call (docs/api-shapes.md#played-games-and-history); anything malformed in the URL is dropped, never
 * sent to the API.
 */

export interface HistoryFilters {
  page: number;
  /** Game title or identifier text. */
  game: string;
  /** Currency code, or '' for all. */
  currency: string;
  /** Local calendar days `YYYY-MM-DD`, or ''. */
  from: string;
  to: string;
}

/** Rounds per page. */
export const HISTORY_PAGE_SIZE = 20;

export const EMPTY_FILTERS: HistoryFilters = { page: 1, game: '', currency: '', from: '', to: '' };

const MAX_GAME_TEXT = 100;

function day(value: string | null): string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return '';
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? value : '';
}

export function filtersFromSearch(params: URLSearchParams): HistoryFilters {
  const page = Number(params.get('page'));
  const currency = (params.get('currency') ?? '').trim().toUpperCase();
  return {
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
    game: (params.get('game') ?? '').trim().slice(0, MAX_GAME_TEXT),
    currency: /^[A-Z]{3,5}$/.test(currency) ? currency : '',
    from: day(params.get('from')),
    to: day(params.get('to')),
  };
}

/** The query string for filters (defaults left out, so the bare page is `/users/games-history`). */
export function searchFromFilters(filters: HistoryFilters): string {
  const params = new URLSearchParams();
  const game = filters.game.trim();
  if (game) params.set('game', game);
  if (filters.currency) params.set('currency', filters.currency);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.page > 1) params.set('page', String(filters.page));
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** Start of a local calendar day as an ISO instant. */
function startOfDay(value: string): string {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d).toISOString();
}

/** Last millisecond of a local calendar day: "to" includes the whole day the player picked. */
function endOfDay(value: string): string {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  return new Date(new Date(y, m - 1, d + 1).getTime() - 1).toISOString();
}

/** `GET /api/player/games?page=&per_page=&game=&currency=&from=&to=` for the filters. */
export function historyApiPath(filters: HistoryFilters, perPage = HISTORY_PAGE_SIZE): string {
  const params = new URLSearchParams({ page: String(filters.page), per_page: String(perPage) });
  const game = filters.game.trim();
  if (game) params.set('game', game);
  if (filters.currency) params.set('currency', filters.currency);
  if (filters.from) params.set('from', startOfDay(filters.from));
  if (filters.to) params.set('to', endOfDay(filters.to));
  return `/api/player/games?${params}`;
}

/** Pages for a total count (at least 1, so "page 1 of 1" shows for an empty list). */
export function pageCount(total: number, perPage = HISTORY_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / perPage));
}

export function hasFilters(filters: HistoryFilters): boolean {
  return Boolean(filters.game || filters.currency || filters.from || filters.to);
}
