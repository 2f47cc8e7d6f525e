import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { Account, Player } from '../api-types';
import { QUERY_KEYS } from '../query-keys';
import { applyWalletEvent } from './balance-merge';
import { getRealtimeClient } from './connection';
import type { RealtimeClient } from './realtime-client';

const RealtimeContext = createContext<RealtimeClient | null>(null);

/** The tab's realtime client, or null (server rendering, or a test without one). */
export function useRealtimeClient(): RealtimeClient | null {
  return useContext(RealtimeContext);
}

function usePlayerId(queryClient: QueryClient): number | null {
  const read = () => queryClient.getQueryData<Player | null>(QUERY_KEYS.player)?.id ?? null;
  return useSyncExternalStore((notify) => queryClient.getQueryCache().subscribe(notify), read, read);
}

/** A pushed wallet into the cache the header reads, unless the cache already has it as new or newer. */
export function applyBalancePush(queryClient: QueryClient, wallet: Account): void {
  const cached = queryClient.getQueryData<Account[]>(QUERY_KEYS.accounts);
  // Nothing cached yet (first load in flight): a partial list would hide the other wallets, so
  // the REST answer is awaited instead.
  if (!cached) {
    void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.accounts });
    return;
  }
  const next = applyWalletEvent(cached, wallet);
  if (next !== cached) queryClient.setQueryData<Account[]>(QUERY_KEYS.accounts, next as Account[]);
}

/**
 * Mounted once in root: owns the tab's realtime client and, while a player is signed in, keeps the
 * wallets the header shows in step with the `balance` channel (docs/player-app.md#realtime). After every
 * reconnection, and on payment and bonus changes, the wallets are reloaded over REST
 * (docs/reliability.md#t4-no-balance-drift); the 10 s balance poll stays as the fallback. `client` is injectable for tests.
 */
export function RealtimeProvider({
  children,
  client: injected,
}: {
  children: ReactNode;
  client?: RealtimeClient | null;
}) {
  const [client] = useState(() => (injected !== undefined ? injected : getRealtimeClient()));
  const queryClient = useQueryClient();
  const playerId = usePlayerId(queryClient);
  const previousPlayer = useRef(playerId);

  useEffect(() => {
    if (!client || previousPlayer.current === playerId) return;
    previousPlayer.current = playerId;
    client.identityChanged();
  }, [client, playerId]);

  useEffect(() => {
    if (!client || playerId === null) return;
    const reload = () => void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.accounts });
    const stops = [
      client.on('balance', (wallet) => applyBalancePush(queryClient, wallet)),
      client.on('payments_changes', reload),
      client.on('bonuses_changes', reload),
      client.onResync(reload),
      // The server closed this socket on purpose (the session ended there): ask who is signed in.
      client.onServerClose(() => void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.player, exact: true })),
    ];
    return () => stops.forEach((stop) => stop());
  }, [client, playerId, queryClient]);

  return <RealtimeContext.Provider value={client}>{children}</RealtimeContext.Provider>;
}
