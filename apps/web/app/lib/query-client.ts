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
