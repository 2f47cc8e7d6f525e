import { QUERY_KEYS } from '../../../lib/query-keys';

/**
 * The player's limits live under 'player' (player-owned, dropped at sign-in and sign-out,
 * lib/query-keys.ts). Every mutation of this feature invalidates LIMITS_KEY.
 */
export const LIMITS_KEY = QUERY_KEYS.limits;
