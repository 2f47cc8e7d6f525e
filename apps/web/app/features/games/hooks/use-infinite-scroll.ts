import { useCallback, useEffect, useRef, useState } from 'react';
import { INFINITE_SCROLL_MARGIN_PX } from '../constants';
import { createLoadOnceGuard } from '../utils/paging';

export interface InfiniteScrollOptions {
  /** A next page exists and the list is not in an error state. */
  canLoad: boolean;
  /** Starts loading the next page; resolves when it is done. */
  load: () => Promise<unknown>;
}

/**
 * Infinite scroll (SPEC §4, §9): a sentinel after the list is watched with an
 * IntersectionObserver whose root margin reaches 500 px past the viewport, so the next page starts
 * loading 500 px before the end. Only one page loads at a time; when it finishes and the sentinel
 * is still in range (a tall screen), the next one follows. Returns the ref for the sentinel.
 */
export function useInfiniteScroll({ canLoad, load }: InfiniteScrollOptions) {
  const [sentinel, setSentinel] = useState<Element | null>(null);
  const inRange = useRef(false);
  const guard = useRef(createLoadOnceGuard());
  const latest = useRef({ canLoad, load });

  useEffect(() => {
    latest.current = { canLoad, load };
  });

  const maybeLoad = useCallback(function check() {
    if (!inRange.current || !latest.current.canLoad) return;
    void guard.current.run(latest.current.load).then((started) => {
      // Re-check once the page is in: the sentinel may still be within range.
      if (started) queueMicrotask(check);
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

  // When a load finishes React re-renders with canLoad true again: continue if still in range.
  useEffect(() => {
    if (canLoad) maybeLoad();
  }, [canLoad, maybeLoad]);

  return setSentinel;
}
