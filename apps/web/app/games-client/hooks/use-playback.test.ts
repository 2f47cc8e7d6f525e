import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePlayback } from './use-playback';

beforeEach(() => vi.useFakeTimers());

/** One act per timer: each step's timer is only set once React has rendered the previous step. */
function advance(ms: number, times: number) {
  for (let i = 0; i < times; i++)
    act(() => {
      vi.advanceTimersByTime(ms);
    });
}
afterEach(() => vi.useRealTimers());

describe('usePlayback', () => {
  it('shows the first step after the first delay, then one step per interval, and stops at the end', () => {
    const { result } = renderHook(() => usePlayback(7, 3, 1_000, 500, false));
    expect(result.current).toMatchObject({ step: 0, done: false });
    act(() => {
      vi.advanceTimersByTime(499);
    });
    expect(result.current.step).toBe(0);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.step).toBe(1);
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(result.current.step).toBe(2);
    advance(1_000, 5);
    expect(result.current).toMatchObject({ step: 3, done: true });
  });

  it('starts again from 0 for a new round and can be skipped to the end', () => {
    const { result, rerender } = renderHook(({ key }) => usePlayback(key, 4, 1_000, 500, false), {
      initialProps: { key: 1 },
    });
    advance(1_000, 6);
    expect(result.current.step).toBe(4);
    rerender({ key: 2 });
    expect(result.current.step).toBe(0);
    act(() => result.current.skip());
    expect(result.current).toMatchObject({ step: 4, done: true });
  });

  it('jumps to the end with reduced motion and shows nothing without a round', () => {
    expect(renderHook(() => usePlayback(3, 5, 1_000, 500, true)).result.current).toMatchObject({ step: 5, done: true });
    expect(renderHook(() => usePlayback(null, 5, 1_000, 500, false)).result.current).toMatchObject({
      step: 0,
      done: false,
    });
  });
});
