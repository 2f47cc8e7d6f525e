/**
 * The player's phone and subscriptions live under 'player' (player-owned, dropped at sign-in and
 * sign-out, lib/query-keys.ts). Mutations of the phone also refresh the player (its mobile_phone).
 */
export const PHONE_KEY = ['player', 'phone'] as const;
export const SUBSCRIPTIONS_KEY = ['player', 'subscriptions'] as const;
