import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore } from './toast-store';

describe('toasts (docs/player-app.md#toasts)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const make = () =>
    createToastStore({ setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as number) });

  it('removes a toast after 10 s by default', () => {
    const store = make();
    store.add({ text: 'Hello' });
    expect(store.getState()[0]).toMatchObject({ text: 'Hello', type: 'message', time: 10_000 });
    vi.advanceTimersByTime(9_999);
    expect(store.getState()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getState()).toHaveLength(0);
  });

  it('keeps a toast with time 0 until dismissed', () => {
    const store = make();
    const id = store.add({ text: 'Limit reached', type: 'warning', time: 0 });
    vi.advanceTimersByTime(60_000);
    expect(store.getState()).toHaveLength(1);
    store.remove(id);
    expect(store.getState()).toHaveLength(0);
  });

  it('honours a custom lifetime and refreshes a repeated text instead of stacking', () => {
    const store = make();
    store.add({ text: 'Saved', type: 'success', time: 3_000 });
    vi.advanceTimersByTime(2_000);
    store.add({ text: 'Saved', type: 'success', time: 3_000 });
    expect(store.getState()).toHaveLength(1);
    vi.advanceTimersByTime(2_000);
    expect(store.getState()).toHaveLength(1);
    vi.advanceTimersByTime(1_000);
    expect(store.getState()).toHaveLength(0);
  });
});
