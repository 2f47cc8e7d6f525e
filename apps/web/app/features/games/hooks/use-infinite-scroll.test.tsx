import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INFINITE_SCROLL_MARGIN_PX } from '../constants';
import { useInfiniteScroll } from './use-infinite-scroll';

/** A controllable IntersectionObserver: tests decide when the sentinel is in range. */
class FakeObserver {
  static last: FakeObserver | null = null;
  readonly options: IntersectionObserverInit | undefined;
  constructor(
    readonly callback: IntersectionObserverCallback,
    options?: IntersectionObserverInit,
  ) {
    this.options = options;
    FakeObserver.last = this;
  }
  observe() {}
  disconnect() {}
  unobserve() {}
  takeRecords() {
    return [];
  }
  fire(isIntersecting: boolean) {
    this.callback([{ isIntersecting } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
}

function List({ canLoad, load }: { canLoad: boolean; load: () => Promise<unknown> }) {
  const sentinel = useInfiniteScroll({ canLoad, load });
  return <div ref={sentinel} />;
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useInfiniteScroll', () => {
  it('watches the sentinel with a 500 px root margin', () => {
    render(<List canLoad load={async () => undefined} />);
    expect(FakeObserver.last?.options?.rootMargin).toBe(`${INFINITE_SCROLL_MARGIN_PX}px`);
  });

  it('loads the next page once and not again until it finishes', async () => {
    const page = deferred();
    const load = vi.fn(() => page.promise);
    const { rerender } = render(<List canLoad load={load} />);

    act(() => FakeObserver.last!.fire(true));
    act(() => FakeObserver.last!.fire(true));
    act(() => FakeObserver.last!.fire(true));
    expect(load).toHaveBeenCalledTimes(1);

    // React Query reports the fetch: no next page may start meanwhile.
    rerender(<List canLoad={false} load={load} />);
    act(() => FakeObserver.last!.fire(true));
    expect(load).toHaveBeenCalledTimes(1);

    // The page arrives while the sentinel is still in range: the next one follows.
    await act(async () => {
      page.resolve();
      await page.promise;
    });
    rerender(<List canLoad load={load} />);
    await act(async () => undefined);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does nothing out of range or when there is no next page', async () => {
    const load = vi.fn(async () => undefined);
    const { rerender } = render(<List canLoad={false} load={load} />);
    act(() => FakeObserver.last!.fire(true));
    expect(load).not.toHaveBeenCalled();

    rerender(<List canLoad load={load} />);
    await act(async () => undefined);
    expect(load).toHaveBeenCalledTimes(1);

    act(() => FakeObserver.last!.fire(false));
    rerender(<List canLoad={false} load={load} />);
    rerender(<List canLoad load={load} />);
    await act(async () => undefined);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
