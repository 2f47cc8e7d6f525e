import { describe, expect, it } from 'vitest';
import type { SharedRoundEvent } from '../api/types';
import { OVERDUE_MS, SAFETY_MS, shouldPoll } from './shared-poll';

const T = Date.parse('2026-11-23T10:00:00Z');
const betting: SharedRoundEvent = {
  game: 'rocket',
  round_id: 3,
  phase: 'betting',
  server_seed_hash: 'h',
  betting_ends_at: new Date(T).toISOString(),
  server_time: new Date(T - 6_000).toISOString(),
};
const running: SharedRoundEvent = { ...betting, phase: 'running', started_at: new Date(T).toISOString() };

describe('shouldPoll', () => {
  it('polls while the socket is down or nothing is known yet', () => {
    expect(shouldPoll({ connected: false, current: running, sinceChangeMs: 0, serverNow: T })).toBe(true);
    expect(shouldPoll({ connected: true, current: null, sinceChangeMs: 0, serverNow: T })).toBe(true);
  });
  it('trusts a live socket during a long flight', () => {
    expect(shouldPoll({ connected: true, current: running, sinceChangeMs: 8_000, serverNow: T + 8_000 })).toBe(false);
    expect(shouldPoll({ connected: true, current: running, sinceChangeMs: SAFETY_MS, serverNow: T + SAFETY_MS })).toBe(
      true,
    );
  });
  it('asks when betting should have closed but no push came', () => {
    expect(shouldPoll({ connected: true, current: betting, sinceChangeMs: 1_000, serverNow: T - 500 })).toBe(false);
    expect(shouldPoll({ connected: true, current: betting, sinceChangeMs: 7_000, serverNow: T + OVERDUE_MS + 1 })).toBe(
      true,
    );
  });
});
