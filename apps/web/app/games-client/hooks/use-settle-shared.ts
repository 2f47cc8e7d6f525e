import { useEffect, useRef } from 'react';
import type { Round, SharedRoundEvent } from '../api/types';
import { useGame } from './game-context';

const RETRY_MS = 600;
const MAX_TRIES = 8;

/**
 * The player's bet in a shared round, as the shared-round clients show it. `mine` stays the last
 * shared-round bet until the player bets again, so its result is still shown after the feed has
 * moved on to the next round (the next betting phase can open before the settlement is fetched).
 * `inCurrent` says whether that bet is in the round now on screen.
 */
export function sharedBetOf(round: Round | null, current: SharedRoundEvent | null) {
  const mine = round && round.shared_round_id !== null ? round : null;
  const inCurrent = !!mine && !!current && mine.shared_round_id === current.round_id;
  return { mine, inCurrent };
}

/**
 * When a shared round is over, the player's bet in it is settled by the server; this fetches the
 * player's round until it shows `finished` (the settlement may land a moment after the `ended`
 * broadcast, and the `ended` broadcast itself may be missed), so the result line and the balance
 * catch up without a reload. `due` says the bet is settled before the end (Rocket's automatic
 * cash-out once the multiplier reached it).
 */
export function useSettleShared(current: SharedRoundEvent | null, due = false) {
  const { round, refresh } = useGame();
  const settling = useRef<string | null>(null);
  const alive = useRef(true);
  const { mine, inCurrent } = sharedBetOf(round, current);
  const over = mine?.status === 'open' && !!current && (!inCurrent || current.phase === 'ended' || due);
  const roundId = over ? mine.id : undefined;
  // One fetch series per round and phase: one when it is due mid-flight, another at the end if needed.
  const attemptKey = roundId === undefined ? null : `${roundId}|${current?.phase ?? ''}`;
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);
  useEffect(() => {
    // Not cancelled when the feed moves on: the retries run until the round is settled.
    if (roundId === undefined || attemptKey === null || settling.current === attemptKey) return;
    settling.current = attemptKey;
    let tries = 0;
    const attempt = async () => {
      const r = await refresh(roundId);
      if (!alive.current) return;
      if (r?.status !== 'finished' && ++tries < MAX_TRIES) setTimeout(() => void attempt(), RETRY_MS);
    };
    void attempt();
  }, [roundId, attemptKey, refresh]);
}
