import type { Pagination } from '../types';

interface Page<T> {
  data: T[];
  pagination: Pagination;
}

/**
 * docs/player-app.md#paged-lists: a paged collection is fully loaded when a page returns fewer items than the page size.
 * A null `next_page` (docs/api-shapes.md#games-filter) also ends it. Returns the next page number, or undefined
 * when nothing is left (React Query's "no next page").
 */
export function nextPageParam(lastPage: Page<unknown>, pageSize: number): number | undefined {
  if (lastPage.data.length < pageSize) return undefined;
  const next = lastPage.pagination?.next_page;
  return typeof next === 'number' ? next : undefined;
}

/** Flattens loaded pages into one list, dropping a game repeated across page boundaries. */
export function flattenPages<T extends { identifier: string }>(pages: readonly Page<T>[] | undefined): T[] {
  if (!pages) return [];
  const seen = new Set<string>();
  const out: T[] = [];
  for (const page of pages) {
    for (const game of page.data) {
      if (seen.has(game.identifier)) continue;
      seen.add(game.identifier);
      out.push(game);
    }
  }
  return out;
}

/**
 * docs/player-app.md#paged-lists: infinite scroll loads the next page once and not again until it finishes. React state
 * ("is fetching") only changes on the next render, and an observer can fire twice before that,
 * so the guard keeps its own synchronous in-flight flag.
 */
export function createLoadOnceGuard() {
  let inFlight = false;
  return {
    get isLoading() {
      return inFlight;
    },
    /** Starts `load` unless one is running; resolves true when it started one. */
    async run(load: () => Promise<unknown>): Promise<boolean> {
      if (inFlight) return false;
      inFlight = true;
      try {
        await load();
      } catch {
        // The query keeps the error; the list shows it with a retry button.
      } finally {
        inFlight = false;
      }
      return true;
    },
  };
}

export type LoadOnceGuard = ReturnType<typeof createLoadOnceGuard>;
