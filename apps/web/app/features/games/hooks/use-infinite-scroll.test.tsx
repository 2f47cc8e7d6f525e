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

/** Pages that arrive when the test says so. */
function pages() {
  const pending: (() => void)[] = [];
  const load = vi.fn(() => new Promise<void>((resolve) => pending.push(resolve)));
  const finishNext = async () => {
    await act(async () => {
      pending.shift()?.();
    });
  };
  return { load, finishNext };
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
    const { load, finishNext } = pages();
    render(<List canLoad load={load} />);

    act(() => FakeObserver.last!.fire(true));
    act(() => FakeObserver.last!.fire(true));
    act(() => FakeObserver.last!.fire(true));
    expect(load).toHaveBeenCalledTimes(1);

    // The page arrives while the sentinel is still in range: the next one follows, once.
    await finishNext();
    expect(load).toHaveBeenCalledTimes(2);
    act(() => FakeObserver.last!.fire(true));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('stops when the sentinel leaves the range', async () => {
    const { load, finishNext } = pages();
    render(<List canLoad load={load} />);
    act(() => FakeObserver.last!.fire(true));
    act(() => FakeObserver.last!.fire(false));
    await finishNext();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('never loads when there is no next page (or the list is in error)', async () => {
    const { load, finishNext } = pages();
    const { rerender } = render(<List canLoad load={load} />);
    act(() => FakeObserver.last!.fire(true));
    expect(load).toHaveBeenCalledTimes(1);

    // The last page arrived (or failed): the list reports canLoad=false before the page settles.
    rerender(<List canLoad={false} load={load} />);
    await finishNext();
    act(() => FakeObserver.last!.fire(true));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('resumes when the list becomes loadable while in range', async () => {
    const { load } = pages();
    const { rerender } = render(<List canLoad={false} load={load} />);
    act(() => FakeObserver.last!.fire(true));
    expect(load).not.toHaveBeenCalled();
    rerender(<List canLoad load={load} />);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
