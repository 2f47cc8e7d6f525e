import type { QueryClient } from '@tanstack/react-query';
import { QUERY_KEYS } from './query-keys';

/** Forgets the signed-in player (401, sign-out): guest state, and no private data left in the cache. */
export function resetSession(queryClient: QueryClient) {
  queryClient.setQueryData(QUERY_KEYS.player, null);
  queryClient.removeQueries({ queryKey: QUERY_KEYS.accounts });
  // Per-player data of every feature lives under ['player', …] (favourites, recent games).
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] === QUERY_KEYS.player[0] && q.queryKey.length > 1 });
}
