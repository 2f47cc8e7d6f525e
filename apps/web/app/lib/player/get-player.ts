import { queryOptions } from '@tanstack/react-query';
import { ApiError, type ApiClient } from '../api-client';
import type { Player } from '../api-types';
import { QUERY_KEYS } from '../query-keys';

/** GET /api/player, probing quietly: a guest (401, or a body without id) is null, not a redirect to login. */
export async function getPlayer(api: ApiClient): Promise<Player | null> {
  try {
    const player = await api.get<Player | null>('/api/player', { silent401: true });
    return player && typeof player === 'object' && 'id' in player ? player : null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** The session lives in this query; SSR seeds it from serverdata.user, so it never refetches on its own. */
export const playerQueryOptions = (api: ApiClient) =>
  queryOptions({ queryKey: QUERY_KEYS.player, queryFn: () => getPlayer(api), staleTime: Infinity });
