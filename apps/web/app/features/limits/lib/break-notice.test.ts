import type { UserLimit } from '@croupier/shared/api/limits';
import { describe, expect, it, vi } from 'vitest';
import { bindingBreak, createBreakNoticeStore } from './break-notice';

const limit = (type: UserLimit['type'], ends_at: string | null): UserLimit => ({
  id: 1,
  type,
  period: 'week',
  status: 'active',
  accounts: [],
  disable_at: null,
  confirmable_at: null,
  confirm_until: null,
  ends_at,
  minutes: null,
  pending_minutes: null,
  created_at: '2026-11-27T12:00:00Z',
  parent_type: null,
  strategy: null,
});

describe('the break a signed-out page tells about', () => {
  it('is the one that binds: a self-exclusion before a cooling-off, then the latest end, a permanent one first', () => {
    const cooling = limit('coolingoff', '2026-12-30T00:00:00Z');
    const excluded = limit('selfexclusion', '2027-05-01T00:00:00Z');
    expect(bindingBreak([cooling, limit('loss', null)])).toEqual({ type: 'coolingoff', endsAt: cooling.ends_at });
    expect(bindingBreak([cooling, excluded])).toEqual({ type: 'selfexclusion', endsAt: excluded.ends_at });
    expect(bindingBreak([excluded, limit('selfexclusion', null)])).toEqual({ type: 'selfexclusion', endsAt: null });
    expect(bindingBreak([limit('wager', null)])).toBeNull();
  });

  it('tells its listeners of a new break only', () => {
    const store = createBreakNoticeStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.set({ type: 'coolingoff', endsAt: null });
    store.set({ type: 'coolingoff', endsAt: null });
    expect(listener).toHaveBeenCalledTimes(1);
    store.clear();
    store.clear();
    expect(listener).toHaveBeenCalledTimes(2);
    expect(store.get()).toBeNull();
  });
});
