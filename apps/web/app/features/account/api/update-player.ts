import type { ApiClient } from '../../../lib/api-client';

/** PATCH /api/player in the profile-edit context (API-SHAPES §3.2); the caller reloads the player. */
export const updatePlayer = (api: ApiClient, player: Record<string, unknown>) =>
  api.patch<unknown>('/api/player', { context: 'edition', player });

/** PATCH /api/player/update_locale (API-SHAPES §3.3). */
export const updateLocale = (api: ApiClient, locale: string) =>
  api.patch<unknown>('/api/player/update_locale', { locale });
