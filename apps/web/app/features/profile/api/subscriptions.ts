import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Subscriptions } from '@croupier/shared/api/profile';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { QUERY_KEYS } from '../../../lib/query-keys';
import { SUBSCRIPTIONS_KEY } from './query-keys';

export type { Subscriptions } from '@croupier/shared/api/profile';

/** `GET /api/subscriptions`: the four promotional consents (docs/player-profile.md#subscriptions). */
export const getSubscriptions = (api: ApiClient, signal?: AbortSignal) =>
  api.get<Subscriptions>('/api/subscriptions', signal ? { signal } : undefined);

/** `PUT /api/subscriptions` with the flat object. */
export const putSubscriptions = (api: ApiClient, subscriptions: Partial<Subscriptions>) =>
  api.put<Subscriptions>('/api/subscriptions', subscriptions);

export function useSubscriptions(enabled = true) {
  const api = useApi();
  return useQuery({
    ...queryOptions({ queryKey: SUBSCRIPTIONS_KEY, queryFn: ({ signal }) => getSubscriptions(api, signal) }),
    enabled,
  });
}

/** Stores the answer under SUBSCRIPTIONS_KEY; the player object carries two of the consents, so it reloads. */
export function useSaveSubscriptions() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subscriptions: Partial<Subscriptions>) => putSubscriptions(api, subscriptions),
    onSuccess: (saved) => {
      queryClient.setQueryData(SUBSCRIPTIONS_KEY, saved);
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.player, exact: true });
    },
  });
}
