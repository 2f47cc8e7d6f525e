import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Channel } from './realtime-client';
import { useRealtimeClient } from './realtime-provider';

/**
 * Keeps a REST snapshot live: the query under `queryKey` is reloaded on every event of `channel`
 * and after every connection of the socket that follows the mount — the first one included — since
 * socket.io does not replay what was pushed while this tab was not (yet) listening
 * (docs/reliability.md#t4-no-balance-drift). A list shown before the socket joined would otherwise
 * miss the change that happened meanwhile and stay stale until the next one.
 */
export function useRealtimeRefresh(channel: Channel, queryKey: QueryKey, enabled = true): void {
  const client = useRealtimeClient();
  const queryClient = useQueryClient();
  // The key's identity changes on every render when written inline; its content is what matters.
  const key = JSON.stringify(queryKey);
  useEffect(() => {
    if (!client || !enabled) return;
    const reload = () => void queryClient.invalidateQueries({ queryKey: JSON.parse(key) as QueryKey });
    const stops = [client.on(channel, reload), client.onResync(reload)];
    return () => stops.forEach((stop) => stop());
  }, [client, queryClient, channel, key, enabled]);
}
