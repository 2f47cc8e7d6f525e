/**
 * The player's verification documents live under 'player' (player-owned, dropped at sign-in and
 * sign-out, lib/query-keys.ts). Every mutation of this feature invalidates DOCUMENTS_KEY.
 */
export const DOCUMENTS_KEY = ['player', 'documents'] as const;
