import { QueryClient } from '@tanstack/react-query';
import { watchPlayerIdentity } from './session';

/**
 * React Query defaults: the api client already retries network failures (docs/player-app.md#errors-and-toasts), so queries do
 * not retry again; data stays fresh for 30 s so moving around the lobby does not refetch. Every
 * client forgets a player's data when someone else signs in or out (session.ts).
 */
export function makeQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  watchPlayerIdentity(client);
  return client;
}

let browserQueryClient: QueryClient | null = null;

/**
 * The cache of this render: one per server render (never shared between visitors), and one for
 * the whole browser session, so that route clientLoaders (guards) read the same cache as components.
 */
export function getQueryClient(): QueryClient {
  if (typeof window === 'undefined') return makeQueryClient();
  browserQueryClient ??= makeQueryClient();
  return browserQueryClient;
}
