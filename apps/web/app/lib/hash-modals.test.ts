import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handleHash, modalForHash } from './hash-modals';

describe('URL hashes that open auth modals (docs/player-app.md#url-hashes)', () => {
  it('maps each hash to its modal', () => {
    expect(modalForHash('#sign-in')).toBe('sign-in');
    expect(modalForHash('#sign-up')).toBe('sign-up');
    expect(modalForHash('#remind')).toBe('remind');
    expect(modalForHash('#new-password')).toBe('new-password');
    expect(modalForHash('#users/password/edit')).toBe('new-password');
    expect(modalForHash('#/sign-in')).toBe('sign-in');
    expect(modalForHash('#top')).toBeNull();
    expect(modalForHash('')).toBeNull();
  });

  describe('with fake timers', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    const deps = () => ({
      open: vi.fn(),
      clear: vi.fn(),
      setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
      clearTimeout: (h: unknown) => clearTimeout(h as number),
    });

    it('opens the modal at once and clears the hash after 1 s', () => {
      const d = deps();
      handleHash('#sign-up', d);
      expect(d.open).toHaveBeenCalledWith('sign-up');
      vi.advanceTimersByTime(999);
      expect(d.clear).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(d.clear).toHaveBeenCalledTimes(1);
    });

    it('ignores other hashes and can be cancelled', () => {
      const d = deps();
      expect(handleHash('#faq', d)).toBeNull();
      expect(d.open).not.toHaveBeenCalled();
      const cancel = handleHash('#remind', d);
      cancel?.();
      vi.advanceTimersByTime(2000);
      expect(d.clear).not.toHaveBeenCalled();
    });
  });
});
