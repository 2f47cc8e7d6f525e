import type { SharedRoundEvent } from '../api/types';

const PHASE_ORDER = { betting: 0, running: 1, ended: 2 } as const;

/**
 * Whether `next` moves the shared round forward from `current`. Events come from two sources
 * (socket pushes and the polled snapshot) and may arrive out of order; an older one must never
 * replace a newer one, or the client would show a round going back from `ended` to `running`.
 */
export function isNewerRound(current: SharedRoundEvent | null, next: SharedRoundEvent): boolean {
  if (!current) return true;
  if (next.round_id !== current.round_id) return next.round_id > current.round_id;
  return PHASE_ORDER[next.phase] > PHASE_ORDER[current.phase];
}
