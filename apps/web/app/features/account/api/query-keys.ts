/**
 * The account feature's player data lives under 'player' (player-owned, dropped at sign-in and
 * sign-out, lib/query-keys.ts). Mutations of the sessions invalidate SESSIONS_KEY; turning
 * two-factor on or off and a new set of recovery codes invalidate RECOVERY_CODES_KEY.
 */
export const SESSIONS_KEY = ['player', 'sessions'] as const;
export const RECOVERY_CODES_KEY = ['player', 'recovery_codes'] as const;
