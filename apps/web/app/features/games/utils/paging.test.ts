import { describe, expect, it } from 'vitest';
import type { Game, GamesPage } from '../types';
import { createLoadOnceGuard, flattenPages, nextPageParam } from './paging';

const game = (n: number) => ({ identifier: `acme/game-${n}` }) as Game;
function page(count: number, current: number, next: number | null, offset = 0): GamesPage {
  return {
    data: Array.from({ length: count }, (_, i) => game(offset + i)),
    pagination: {
      current_page: current,
      next_page: next,
      prev_page: current > 1 ? current - 1 : null,
      total_pages: 9,
      total_count: 999,
    },
  };
}

describe('nextPageParam (the "loaded" rule)', () => {
  it('asks for next_page after a full page', () => {
    expect(nextPageParam(page(40, 1, 2), 40)).toBe(2);
  });

  it('stops when a page has fewer items than the page size, whatever next_page says', () => {
    expect(nextPageParam(page(39, 1, 2), 40)).toBeUndefined();
    expect(nextPageParam(page(0, 3, 4), 40)).toBeUndefined();
  });

  it('stops when next_page is null, even after a full page', () => {
    expect(nextPageParam(page(40, 5, null), 40)).toBeUndefined();
  });

  it('copes with a missing pagination object', () => {
    expect(nextPageParam({ data: page(40, 1, 2).data } as GamesPage, 40)).toBeUndefined();
  });
});

describe('flattenPages', () => {
  it('keeps page order and drops repeats', () => {
    const games = flattenPages([page(2, 1, 2, 0), page(2, 2, null, 1)]);
    expect(games.map((g) => g.identifier)).toEqual(['acme/game-0', 'acme/game-1', 'acme/game-2']);
    expect(flattenPages(undefined)).toEqual([]);
  });
});

describe('createLoadOnceGuard', () => {
  it('starts one load and ignores triggers until it finishes', async () => {
    const guard = createLoadOnceGuard();
    let calls = 0;
    let finish!: () => void;
    const load = () => {
      calls++;
      return new Promise<void>((resolve) => (finish = resolve));
    };
    const first = guard.run(load);
    expect(guard.isLoading).toBe(true);
    expect(await guard.run(load)).toBe(false);
    expect(await guard.run(load)).toBe(false);
    expect(calls).toBe(1);
    finish();
    expect(await first).toBe(true);
    expect(guard.isLoading).toBe(false);
    await guard.run(async () => {
      calls++;
    });
    expect(calls).toBe(2);
  });

  it('frees itself after a failed load', async () => {
    const guard = createLoadOnceGuard();
    expect(await guard.run(() => Promise.reject(new Error('offline')))).toBe(true);
    expect(guard.isLoading).toBe(false);
    expect(await guard.run(async () => undefined)).toBe(true);
  });
});
