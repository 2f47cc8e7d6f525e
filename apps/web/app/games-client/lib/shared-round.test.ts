import { describe, expect, it } from 'vitest';
import type { SharedRoundEvent } from '../api/types';
import { isNewerRound } from './shared-round';

const ev = (round_id: number, phase: SharedRoundEvent['phase']): SharedRoundEvent => ({
  game: 'rocket',
  round_id,
  phase,
  server_seed_hash: 'h',
  server_time: '2026-11-23T10:00:00Z',
});

describe('isNewerRound', () => {
  it('accepts the first event and every later phase or round', () => {
    expect(isNewerRound(null, ev(1, 'ended'))).toBe(true);
    expect(isNewerRound(ev(1, 'betting'), ev(1, 'running'))).toBe(true);
    expect(isNewerRound(ev(1, 'running'), ev(1, 'ended'))).toBe(true);
    expect(isNewerRound(ev(1, 'ended'), ev(2, 'betting'))).toBe(true);
  });
  it('refuses repeats and events that arrive late', () => {
    expect(isNewerRound(ev(1, 'running'), ev(1, 'running'))).toBe(false);
    expect(isNewerRound(ev(1, 'ended'), ev(1, 'running'))).toBe(false);
    expect(isNewerRound(ev(2, 'betting'), ev(1, 'ended'))).toBe(false);
  });
});
