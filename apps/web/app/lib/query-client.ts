import { QueryClient } from '@tanstack/react-query';

/**
 * React Query defaults: the api client already retries network failures (SPEC §8), so queries do
 * not retry again; data stays fresh for 30 s so moving around the lobby does not refetch.
 */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
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
