import type { QueryKey } from '@tanstack/react-query';

/** React Query keys shared by several features (one place, so features never import each other). */
export const QUERY_KEYS = {
  /** The current player, or null for a guest. Seeded from serverdata.user during SSR. */
  player: ['player'] as const,
  /** The player's wallets (GET /api/player/accounts), polled every 10 s while logged in. */
  accounts: ['accounts'] as const,
  /** The player's limits (GET /api/user_limits): the limits page, the game page's gate, the reached-limit toast. */
  limits: ['player', 'limits'] as const,
};

/**
 * The only data that is the same for every visitor, by the first two segments of its key. Every
 * other key is the signed-in player's and is dropped when someone else signs in or out
 * (session.ts): per-player data lives under 'player', the wallets under 'accounts', the cashbox
 * (saved cards, methods offered to this player, the plan with their cash, crypto addresses) under
 * 'payments', and a key nobody listed here counts as private too. Forgetting to list a public key
 * costs a refetch after sign-in; it can never show one player's data to the next.
 * query-keys.test.ts checks this list against the keys the source builds.
 */
export const PUBLIC_QUERY_KEYS = [
  ['games', 'providers'],
  ['games', 'collections'],
  ['games', 'list'],
  ['games', 'row'],
  ['games', 'by-seo-title'],
  ['games', 'winners-latest'],
  ['info', 'crypto_exchange_rates'],
] as const;

export function isPlayerOwned(queryKey: QueryKey): boolean {
  return !PUBLIC_QUERY_KEYS.some(([root, part]) => queryKey[0] === root && queryKey[1] === part);
}
