import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserLimit } from '@croupier/shared/api/limits';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { LIMITS_KEY } from './query-keys';

// The wire types come from the shared contract (docs/contract.md, docs/limits.md).
export type { UserLimit, UserLimitRequest } from '@croupier/shared/api/limits';
export type UserLimitAccount = UserLimit['accounts'][number];

/** `GET /api/user_limits`: the player's limits and breaks, with what each window has used. */
export const getLimits = (api: ApiClient, signal?: AbortSignal) =>
  api.get<UserLimit[]>('/api/user_limits', signal ? { signal } : undefined);

export const limitsQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: LIMITS_KEY,
    queryFn: ({ signal }) => getLimits(api, signal),
  });

export function useLimits(enabled = true) {
  return useQuery({ ...limitsQueryOptions(useApi()), enabled });
}
