import { useSyncExternalStore } from 'react';
import type { UserLimit } from '@croupier/shared/api/limits';
import { type BreakType, isBreakType } from './limits-logic';

/** A break this tab saw start: its kind and end (null: for good). */
export interface BreakNotice {
  type: BreakType;
  endsAt: string | null;
}

/**
 * The break that just signed this tab's player out, kept in the tab (not the query cache, which the
 * sign-out empties) so the limits page can tell the now signed-out visitor where they stand
 * (docs/player-app.md#limits-page). Set by whichever comes first: the answer to the request that
 * started it, or the `break_started` push the server sends before ending the sessions.
 */
export function createBreakNoticeStore() {
  let notice: BreakNotice | null = null;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());
  return {
    get: () => notice,
    set(next: BreakNotice) {
      if (notice?.type === next.type && notice.endsAt === next.endsAt) return;
      notice = next;
      emit();
    },
    clear() {
      if (notice === null) return;
      notice = null;
      emit();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export const breakNotice = createBreakNoticeStore();

const none = () => null;

/** The break notice of this tab (always null in a server render). */
export function useBreakNotice(): BreakNotice | null {
  return useSyncExternalStore(breakNotice.subscribe, breakNotice.get, none);
}

/**
 * The break that binds in a list of limits: a self-exclusion before a cooling-off, then the one
 * that ends last, a permanent one first (the server's own order, `limits_break_refusal`).
 */
export function bindingBreak(limits: readonly UserLimit[]): BreakNotice | null {
  const end = (l: UserLimit) => (l.ends_at === null ? Number.MAX_VALUE : Date.parse(l.ends_at));
  const rank = (l: UserLimit) => (l.type === 'selfexclusion' ? 1 : 0);
  const [first] = limits.filter((l) => isBreakType(l.type)).sort((a, b) => rank(b) - rank(a) || end(b) - end(a));
  return first ? { type: first.type as BreakType, endsAt: first.ends_at } : null;
}
