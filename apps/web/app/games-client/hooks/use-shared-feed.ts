import { useEffect, useMemo, useRef, useState } from 'react';
import { useApi } from '../../lib/api-context';
import { useRealtimeClient } from '../../lib/realtime';
import { createGamesApi } from '../api/games-api';
import type { SharedHistoryItem, SharedRoundEvent, SharedSnapshot } from '../api/types';
import { ServerClock } from '../lib/server-clock';
import { isNewerRound } from '../lib/shared-round';
import { shouldPoll } from '../lib/shared-poll';

const TICK_MS = 1_000;

export interface SharedFeed {
  current: SharedRoundEvent | null;
  history: SharedHistoryItem[];
  clock: ServerClock;
}

/**
 * The shared round of a crash or live-roulette game: the snapshot from
 * `GET /games-api/shared/:slug`, and each realtime `shared_round` event (`pushed`, from
 * useSharedRound); the newer of the two wins. The snapshot is polled every second while the
 * socket is down, and otherwise only when a phase change is overdue (see shouldPoll), so a
 * blocked socket degrades to polling instead of a frozen game.
 */
export function useSharedFeed(gameSlug: string, pushed: SharedRoundEvent | null): SharedFeed {
  const api = useApi();
  const realtime = useRealtimeClient();
  const games = useMemo(() => createGamesApi(api), [api]);
  const [clock] = useState(() => new ServerClock());
  const [snapshot, setSnapshot] = useState<SharedSnapshot | null>(null);
  const live = pushed && pushed.game === gameSlug ? pushed : null;
  const polled = snapshot?.current ?? null;
  const current = live && isNewerRound(polled, live) ? live : polled;
  // Read by the polling timer, which must not restart on every event.
  const seen = useRef<{ current: SharedRoundEvent | null; at: number }>({ current: null, at: 0 });

  useEffect(() => {
    seen.current = { current, at: Date.now() };
  }, [current]);

  useEffect(() => {
    if (!live) return;
    clock.sample(live.server_time, Date.now());
    if (live.phase !== 'ended') return;
    // The history (with the revealed seed) changes when a round ends: fetch it then.
    let cancelled = false;
    games.shared(gameSlug).then(
      (snap) => {
        if (!cancelled) setSnapshot(snap);
      },
      () => {},
    );
    return () => {
      cancelled = true;
    };
  }, [live, clock, games, gameSlug]);

  useEffect(() => {
    let cancelled = false;
    let inFlight = false;
    const load = () => {
      inFlight = true;
      games.shared(gameSlug).then(
        (snap) => {
          inFlight = false;
          if (cancelled) return;
          if (snap.current) clock.sample(snap.current.server_time, Date.now());
          setSnapshot(snap);
        },
        // The next tick retries; the client keeps showing the last known round.
        () => {
          inFlight = false;
        },
      );
    };
    load();
    const timer = setInterval(() => {
      if (inFlight) return;
      const now = Date.now();
      if (
        shouldPoll({
          connected: realtime?.isConnected ?? false,
          current: seen.current.current,
          sinceChangeMs: now - seen.current.at,
          serverNow: clock.now(now),
        })
      )
        load();
    }, TICK_MS);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [games, gameSlug, clock, realtime]);

  return { current, history: snapshot?.history ?? [], clock };
}
