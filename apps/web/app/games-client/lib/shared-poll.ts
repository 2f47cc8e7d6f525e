import type { SharedRoundEvent } from '../api/types';

/** Grace after a phase should have changed before the snapshot is asked. */
export const OVERDUE_MS = 2_000;
/** With a live socket, the snapshot is still checked this often (missed pushes are not replayed). */
export const SAFETY_MS = 15_000;

/**
 * Whether the shared-round client should fetch the REST snapshot now. Pushes arrive only on phase
 * changes, seconds apart, so socket silence alone means nothing; what matters is a socket that
 * is down, a betting phase that should have closed, or no change for a long while.
 */
export function shouldPoll(input: {
  connected: boolean;
  current: SharedRoundEvent | null;
  sinceChangeMs: number;
  serverNow: number;
}): boolean {
  const { connected, current, sinceChangeMs, serverNow } = input;
  if (!connected || !current) return true;
  if (sinceChangeMs >= SAFETY_MS) return true;
  if (current.phase === 'betting' && current.betting_ends_at) {
    return serverNow - Date.parse(current.betting_ends_at) > OVERDUE_MS;
  }
  return false;
}
