import { useCallback, useEffect, useRef, useState } from 'react';
import { INFINITE_SCROLL_MARGIN_PX } from '../constants';
import { createLoadOnceGuard } from '../utils/paging';

export interface InfiniteScrollOptions {
  /** A next page exists, none is loading and the list is not in an error state. */
  canLoad: boolean;
  /** Starts loading the next page; resolves when it is done. */
  load: () => Promise<unknown>;
}

/**
 * Infinite scroll (docs/player-app.md#paged-lists, #constants): a sentinel after the list is watched with an
 * IntersectionObserver whose root margin reaches 500 px past the viewport, so the next page starts
 * loading 500 px before the end. Only one page loads at a time (the guard covers the gap before
 * React reports "fetching"). When a page is in and the sentinel is still in range (a tall
 * screen), the next one follows — decided on a fresh render, so a page that failed or was the
 * last is never asked for again. Returns the ref callback for the sentinel.
 */
export function useInfiniteScroll({ canLoad, load }: InfiniteScrollOptions) {
  const [sentinel, setSentinel] = useState<Element | null>(null);
  const [settled, setSettled] = useState(0);
  const inRange = useRef(false);
  const guard = useRef(createLoadOnceGuard());
  const latest = useRef({ canLoad, load });

  useEffect(() => {
    latest.current = { canLoad, load };
  });

  const maybeLoad = useCallback(() => {
    if (!inRange.current || !latest.current.canLoad) return;
    void guard.current.run(latest.current.load).then((started) => {
      if (started) setSettled((n) => n + 1);
    });
  }, []);

  useEffect(() => {
    if (!sentinel || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        inRange.current = entries.some((entry) => entry.isIntersecting);
        maybeLoad();
      },
      { rootMargin: `${INFINITE_SCROLL_MARGIN_PX}px` },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [sentinel, maybeLoad]);

  // After a load settles (or the list becomes loadable again), continue if still in range.
  useEffect(() => {
    if (canLoad) maybeLoad();
  }, [canLoad, settled, maybeLoad]);

  return setSentinel;
}
