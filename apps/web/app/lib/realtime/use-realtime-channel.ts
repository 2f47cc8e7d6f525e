import { useEffect, useRef } from 'react';
import type { Channel, ChannelData } from './realtime-client';
import { useRealtimeClient } from './realtime-provider';

/**
 * Calls `handler` with every event of a realtime channel while the component is mounted (and
 * `enabled`). Private channels reach only a signed-in player's own socket; the handler may change
 * between renders without resubscribing.
 */
export function useRealtimeChannel<C extends Channel>(
  channel: C,
  handler: (data: ChannelData<C>) => void,
  enabled = true,
): void {
  const client = useRealtimeClient();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!client || !enabled) return;
    return client.on(channel, (data) => latest.current(data));
  }, [client, channel, enabled]);
}
