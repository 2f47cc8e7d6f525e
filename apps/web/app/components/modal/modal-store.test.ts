import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createModalStore } from './modal-store';

function Body() {
  return null;
}

describe('modal stack (docs/player-app.md#modals)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const make = () => ({
    store: createModalStore({
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (h) => clearTimeout(h as number),
    }),
  });

  it('keeps one modal per name', () => {
    const { store } = make();
    store.open('login-form', Body, { a: 1 }, { title: 'Sign in' });
    store.open('login-form', Body, { a: 2 }, { title: 'Sign in' });
    store.open('sign-up-steps', Body, {}, { title: 'Sign up' });
    expect(store.getState().map((m) => m.name)).toEqual(['login-form', 'sign-up-steps']);
    expect(store.getState()[0]!.props).toEqual({ a: 2 });
  });

  it('closes after 500 ms, or at once when immediate', () => {
    const { store } = make();
    const onClosed = vi.fn();
    store.open('a', Body, {}, { title: 'A', onClosed });
    store.close('a');
    expect(store.getState()[0]!.closing).toBe(true);
    vi.advanceTimersByTime(499);
    expect(store.getState()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getState()).toHaveLength(0);
    expect(onClosed).toHaveBeenCalledTimes(1);

    store.open('b', Body, {}, { title: 'B' });
    store.close('b', { immediate: true });
    expect(store.getState()).toHaveLength(0);
  });

  it('re-opening during the exit delay keeps the modal', () => {
    const { store } = make();
    store.open('a', Body, {}, { title: 'A' });
    store.close('a');
    store.open('a', Body, {}, { title: 'A' });
    vi.advanceTimersByTime(1000);
    expect(store.getState()).toHaveLength(1);
    expect(store.getState()[0]!.closing).toBe(false);
  });

  it('asks before closing over unsaved changes, unless immediate: keep stays, discard closes', () => {
    const { store } = make();
    store.open('a', Body, {}, { title: 'A' });
    store.setUnsaved('a', true);
    expect(store.close('a')).toBe(false);
    expect(store.getState()[0]).toMatchObject({ asking: true, closing: false });
    vi.advanceTimersByTime(1000);
    expect(store.getState()).toHaveLength(1);
    store.keep('a');
    expect(store.getState()[0]).toMatchObject({ asking: false, closing: false });

    expect(store.close('a')).toBe(false);
    store.discard('a');
    expect(store.getState()[0]).toMatchObject({ asking: false, closing: true });
    vi.advanceTimersByTime(500);
    expect(store.getState()).toHaveLength(0);

    // Discard without a question asked closes nothing.
    store.open('c', Body, {}, { title: 'C' });
    store.setUnsaved('c', true);
    store.discard('c');
    expect(store.getState()[0]).toMatchObject({ asking: false, closing: false });

    store.open('b', Body, {}, { title: 'B' });
    store.setUnsaved('b', true);
    store.close('b', { immediate: true });
    expect(store.getState().map((m) => m.name)).toEqual(['c']);
  });

  it('ignores overlay clicks with blockCloseOverlay', () => {
    const { store } = make();
    store.open('a', Body, {}, { title: 'A', blockCloseOverlay: true });
    store.open('b', Body, {}, { title: 'B' });
    expect(store.overlayClick('a')).toBe(false);
    expect(store.overlayClick('b')).toBe(true);
    vi.advanceTimersByTime(500);
    expect(store.getState().map((m) => m.name)).toEqual(['a']);
  });
});
