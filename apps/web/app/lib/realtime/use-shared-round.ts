import { useEffect, useState } from 'react';
import type { SharedRoundEvent } from '@croupier/shared/realtime';
import { useRealtimeClient } from './realtime-provider';

/**
 * Joins the `game:<slug>` room of a shared-round game (Rocket, live roulette) while mounted and
 * returns its latest `shared_round` event, or null before the first one. The room is joined again
 * after every reconnection. Events missed while disconnected are not replayed: callers load the
 * round snapshot over REST as well (games-client/hooks/use-shared-feed.ts does).
 */
export function useSharedRound(gameSlug: string | null | undefined): SharedRoundEvent | null {
  const client = useRealtimeClient();
  const [latest, setLatest] = useState<{ slug: string; event: SharedRoundEvent } | null>(null);
  useEffect(() => {
    if (!client || !gameSlug) return;
    return client.joinRoom(gameSlug, (event) => setLatest({ slug: gameSlug, event }));
  }, [client, gameSlug]);
  // An event of the previous game is never shown for the next one.
  return latest && latest.slug === gameSlug ? latest.event : null;
}
