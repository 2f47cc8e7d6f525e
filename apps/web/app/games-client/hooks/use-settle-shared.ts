import { useEffect, useRef } from 'react';
import type { SharedRoundEvent } from '../api/types';
import { useGame } from './game-context';

const RETRY_MS = 600;
const MAX_TRIES = 8;

/**
 * When a shared round ends, the player's bet in it is settled by the server; this fetches the
 * player's round until it shows `finished` (the settlement may land a moment after the `ended`
 * broadcast), so the result line and the balance catch up without a reload.
 */
export function useSettleShared(current: SharedRoundEvent | null) {
  const { round, refresh } = useGame();
  const settling = useRef<number | null>(null);
  const mine = round && current && round.shared_round_id === current.round_id ? round : null;
  const needs = current?.phase === 'ended' && mine?.status === 'open';
  const roundId = mine?.id;
  useEffect(() => {
    if (!needs || roundId === undefined || settling.current === roundId) return;
    settling.current = roundId;
    let cancelled = false;
    let tries = 0;
    const attempt = async () => {
      const r = await refresh(roundId);
      if (cancelled) return;
      if (r?.status !== 'finished' && ++tries < MAX_TRIES) setTimeout(() => void attempt(), RETRY_MS);
    };
    void attempt();
    return () => {
      cancelled = true;
    };
  }, [needs, roundId, refresh]);
}
