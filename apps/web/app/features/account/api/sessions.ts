import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlayerSession } from '@croupier/shared/api/auth';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { SESSIONS_KEY } from './query-keys';

export type { PlayerSession } from '@croupier/shared/api/auth';

/** `GET /api/player/sessions`: the player's signed-in browsers and devices, this one `current` (docs/auth.md#active-sessions). */
export const getSessions = (api: ApiClient, signal?: AbortSignal) =>
  api.get<PlayerSession[]>('/api/player/sessions', signal ? { signal } : undefined);

export const sessionsQueryOptions = (api: ApiClient) =>
  queryOptions({ queryKey: SESSIONS_KEY, queryFn: ({ signal }) => getSessions(api, signal) });

export function useSessions(enabled = true) {
  return useQuery({ ...sessionsQueryOptions(useApi()), enabled });
}

/** `DELETE /api/player/sessions/{id}`: signs that session out. Invalidates SESSIONS_KEY. */
export const deleteSession = (api: ApiClient, id: number) => api.delete<null>(`/api/player/sessions/${id}`);

/** `DELETE /api/player/sessions`: signs out every session but this one. Invalidates SESSIONS_KEY. */
export const deleteOtherSessions = (api: ApiClient) => api.delete<null>('/api/player/sessions');

export function useEndSession() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: number | 'others') =>
      target === 'others' ? deleteOtherSessions(api) : deleteSession(api, target),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}
