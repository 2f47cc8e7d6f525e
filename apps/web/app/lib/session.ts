import type { Query, QueryClient } from '@tanstack/react-query';
import { isPlayerOwned, QUERY_KEYS } from './query-keys';

const isPlayerQuery = (query: Query) => query.queryKey.length === 1 && query.queryKey[0] === QUERY_KEYS.player[0];

/**
 * Drops everything the previous player left in this tab: every player-owned query (query-keys.ts
 * decides which) and every finished mutation (their variables and answers: card details, addresses).
 * The player query itself stays, because the caller is about to store who is signed in now, and
 * mounted components keep observing that entry.
 */
export function clearPlayerData(queryClient: QueryClient): void {
  const owned = { predicate: (query: Query) => isPlayerOwned(query.queryKey) && !isPlayerQuery(query) };
  // An answer still on its way for the previous player must not land in the next one's cache.
  void queryClient.cancelQueries(owned);
  queryClient.removeQueries(owned);
  const mutations = queryClient.getMutationCache();
  // A pending one is the sign-in that is changing the player right now: it finishes on its own.
  for (const mutation of mutations.getAll()) if (mutation.state.status !== 'pending') mutations.remove(mutation);
}

const playerIdOf = (data: unknown): number | null =>
  data && typeof data === 'object' && 'id' in data && typeof data.id === 'number' ? data.id : null;

/**
 * The one place player data is forgotten: whenever the player query starts holding someone else
 * (sign-in, sign-up, sign-out, a 401, a confirmation or reset link that signs in, or the server
 * answering /api/player for another account after a sign-in in another tab), the previous player's
 * data goes before anything renders with the new one. Callers only store who is signed in.
 * Installed on every query client (query-client.ts); returns the unsubscribe.
 */
export function watchPlayerIdentity(queryClient: QueryClient): () => void {
  let known = false;
  let current: number | null = null;
  const check = () => {
    const state = queryClient.getQueryState(QUERY_KEYS.player);
    if (!state || state.data === undefined) return;
    const next = playerIdOf(state.data);
    // The first value is the one the page was rendered with (SSR seed): nothing before it to drop.
    if (known && next !== current) clearPlayerData(queryClient);
    known = true;
    current = next;
  };
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && isPlayerQuery(event.query)) check();
  });
}

/** Forgets the signed-in player (401, sign-out): a guest, and (through the watcher) no private data left. */
export function resetSession(queryClient: QueryClient) {
  queryClient.setQueryData(QUERY_KEYS.player, null);
}
