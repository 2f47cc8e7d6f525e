import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FairRound, SeedPair } from '@croupier/shared/api/games-host';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';

// `GET /api/fairness` (the active pair, its server seed only as a hash, and the last revealed one)
// and `GET /api/fairness/rounds/{id}`: types from the shared contract (docs/contract.md).
export type { FairRound, SeedPair };

const SEEDS_KEY = ['player', 'fairness', 'seeds'] as const;

export const seedPairQueryOptions = (api: ApiClient, enabled: boolean) =>
  queryOptions({ queryKey: SEEDS_KEY, queryFn: () => api.get<SeedPair>('/api/fairness'), enabled });

export function useSeedPair(enabled: boolean) {
  return useQuery(seedPairQueryOptions(useApi(), enabled));
}

export const fairRoundQueryOptions = (api: ApiClient, roundId: number | null) =>
  queryOptions({
    queryKey: ['player', 'fairness', 'round', roundId] as const,
    queryFn: () => api.get<FairRound>(`/api/fairness/rounds/${roundId}`),
    enabled: roundId !== null,
    retry: false,
  });

export function useFairRound(roundId: number | null) {
  return useQuery(fairRoundQueryOptions(useApi(), roundId));
}

/** Changing the client seed or rotating answers with the new pair; rounds' reveal state changes too. */
function useSeedMutation<V>(call: (api: ApiClient, vars: V) => Promise<SeedPair>) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: V) => call(api, vars),
    onSuccess: (pair) => {
      queryClient.setQueryData(SEEDS_KEY, pair);
      void queryClient.invalidateQueries({ queryKey: ['player', 'fairness', 'round'] });
      void queryClient.invalidateQueries({ queryKey: ['player', 'games-history'] });
    },
  });
}

export function useSetClientSeed() {
  return useSeedMutation((api, clientSeed: string) =>
    api.put<SeedPair>('/api/fairness/client_seed', { client_seed: clientSeed }),
  );
}

export function useRotateSeed() {
  return useSeedMutation((api, _: void) => api.post<SeedPair>('/api/fairness/rotate', {}));
}

/**
 * 1–64 printable ASCII characters, as the API accepts (`CLIENT_SEED_PATTERN` of the shared
 * contract, repeated so this page does not load zod for one pattern).
 */
export function isValidClientSeed(value: string): boolean {
  return /^[\x20-\x7e]{1,64}$/.test(value);
}
