import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlayerBonus } from '@croupier/shared/api/bonuses';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { bonusKeys } from './query-keys';

// The wire types come from the shared contract (docs/contract.md, docs/bonuses.md#the-calls).
export type { PlayerBonus } from '@croupier/shared/api/bonuses';

/** `GET /api/player/bonuses`: the player's bonuses, newest first. */
export const getBonuses = (api: ApiClient, signal?: AbortSignal) =>
  api.get<PlayerBonus[]>('/api/player/bonuses', signal ? { signal } : undefined);

export const bonusesQueryOptions = (api: ApiClient) =>
  queryOptions({ queryKey: bonusKeys.list, queryFn: ({ signal }) => getBonuses(api, signal) });

export function useBonuses(enabled = true) {
  return useQuery({ ...bonusesQueryOptions(useApi()), enabled });
}
