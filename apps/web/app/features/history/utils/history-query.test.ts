import { describe, expect, it } from 'vitest';
import {
  EMPTY_FILTERS,
  filtersFromSearch,
  hasFilters,
  historyApiPath,
  pageCount,
  searchFromFilters,
} from './history-query';

const parse = (search: string) => filtersFromSearch(new URLSearchParams(search));

describe('games-history filters ↔ URL', () => {
  it('reads every filter from the query', () => {
    expect(parse('?game=neon&currency=eur&from=2026-01-02&to=2026-01-31&page=3')).toEqual({
      page: 3,
      game: 'neon',
      currency: 'EUR',
      from: '2026-01-02',
      to: '2026-01-31',
    });
  });

  it('drops malformed values instead of sending them to the API', () => {
    expect(parse('?page=-2&currency=€€&from=2026-02-30&to=yesterday')).toEqual(EMPTY_FILTERS);
    expect(parse('?page=1.5').page).toBe(1);
  });

  it('writes a query that reads back to the same filters, leaving defaults out', () => {
    const filters = { page: 2, game: 'Rocket', currency: 'BTC', from: '2026-03-01', to: '' };
    const search = searchFromFilters(filters);
    expect(search).toBe('?game=Rocket&currency=BTC&from=2026-03-01&page=2');
    expect(parse(search)).toEqual(filters);
    expect(searchFromFilters(EMPTY_FILTERS)).toBe('');
  });

  it('asks the API for whole local days and the page size', () => {
    const path = historyApiPath(
      { page: 2, game: ' roulette ', currency: 'EUR', from: '2026-01-02', to: '2026-01-02' },
      20,
    );
    const url = new URL(path, 'http://x');
    expect(url.pathname).toBe('/api/player/games');
    expect(url.searchParams.get('page')).toBe('2');
    expect(url.searchParams.get('per_page')).toBe('20');
    expect(url.searchParams.get('game')).toBe('roulette');
    expect(url.searchParams.get('currency')).toBe('EUR');
    const from = new Date(url.searchParams.get('from')!);
    const to = new Date(url.searchParams.get('to')!);
    expect([from.getFullYear(), from.getMonth(), from.getDate(), from.getHours(), from.getMinutes()]).toEqual([
      2026, 0, 2, 0, 0,
    ]);
    expect([to.getDate(), to.getHours(), to.getMinutes(), to.getSeconds(), to.getMilliseconds()]).toEqual([
      2, 23, 59, 59, 999,
    ]);
  });

  it('leaves unset filters out of the API call', () => {
    expect(historyApiPath(EMPTY_FILTERS, 20)).toBe('/api/player/games?page=1&per_page=20');
  });

  it('counts pages and knows when filters are set', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(41, 20)).toBe(3);
    expect(hasFilters(EMPTY_FILTERS)).toBe(false);
    expect(hasFilters({ ...EMPTY_FILTERS, to: '2026-01-01' })).toBe(true);
  });
});
