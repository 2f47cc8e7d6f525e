import type { ApiClient } from '../../../lib/api-client';

/** PATCH /api/player in the profile-edit context (docs/api-shapes.md#profile-edit); the caller reloads the player. */
export const updatePlayer = (api: ApiClient, player: Record<string, unknown>) =>
  api.patch<unknown>('/api/player', { context: 'edition', player });

/** PATCH /api/player/update_locale (docs/api-shapes.md#profile-edit). */
export const updateLocale = (api: ApiClient, locale: string) =>
  api.patch<unknown>('/api/player/update_locale', { locale });
