import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FreespinPack } from '@croupier/shared/api/bonuses';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { bonusKeys } from './query-keys';

export type { FreespinPack } from '@croupier/shared/api/bonuses';

/** `GET /api/player/freespins`: the player's free-spin packs. */
export const getFreespins = (api: ApiClient, signal?: AbortSignal) =>
  api.get<FreespinPack[]>('/api/player/freespins', signal ? { signal } : undefined);

export const freespinsQueryOptions = (api: ApiClient) =>
  queryOptions({ queryKey: bonusKeys.freespins, queryFn: ({ signal }) => getFreespins(api, signal) });

export function useFreespins(enabled = true) {
  return useQuery({ ...freespinsQueryOptions(useApi()), enabled });
}
