import { useEffect, useState } from 'react';

/**
 * Whether an element's content is taller or wider than its box, kept up to date as either
 * changes size. A region that scrolls must be reachable by keyboard (WCAG 2.1.1, axe
 * "scrollable-region-focusable"); one that does not must not add a tab stop.
 */
export function useScrollable<T extends HTMLElement>(): [(element: T | null) => void, boolean] {
  const [element, setElement] = useState<T | null>(null);
  const [scrollable, setScrollable] = useState(false);
  useEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      setScrollable(element.scrollHeight > element.clientHeight + 1 || element.scrollWidth > element.clientWidth + 1);
    });
    // The box and its content: the content grows without the box changing size. The first
    // observation reports at once, so the initial state is measured too.
    observer.observe(element);
    for (const child of Array.from(element.children)) observer.observe(child);
    const mutations = new MutationObserver(() => {
      for (const child of Array.from(element.children)) observer.observe(child);
    });
    mutations.observe(element, { childList: true });
    return () => {
      observer.disconnect();
      mutations.disconnect();
    };
  }, [element]);
  return [setElement, scrollable];
}
