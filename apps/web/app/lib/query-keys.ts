/** React Query keys shared by several features (one place, so features never import each other). */
export const QUERY_KEYS = {
  /** The current player, or null for a guest. Seeded from serverdata.user during SSR. */
  player: ['player'] as const,
  /** The player's wallets (GET /api/player/accounts), polled every 10 s while logged in. */
  accounts: ['accounts'] as const,
};
