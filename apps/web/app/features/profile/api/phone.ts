import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Phone } from '@croupier/shared/api/profile';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { QUERY_KEYS } from '../../../lib/query-keys';
import { PHONE_KEY } from './query-keys';

export type { Phone } from '@croupier/shared/api/profile';

/** `GET /api/player/phone`: the phone, or null (204) when the player has none (docs/player-profile.md#phone). */
export const getPhone = (api: ApiClient, signal?: AbortSignal) =>
  api.get<Phone | null>('/api/player/phone', signal ? { signal } : undefined);

/** `POST /api/player/phone { phone: { number } }`: the number, with its leading plus; a code is texted to it. */
export const addPhone = (api: ApiClient, number: string) => api.post<Phone>('/api/player/phone', { phone: { number } });

/** `POST /api/player/phone/confirm { phone: { code } }`. */
export const confirmPhone = (api: ApiClient, code: string) =>
  api.post<Phone>('/api/player/phone/confirm', { phone: { code } });

/** `DELETE /api/player/phone`. */
export const deletePhone = (api: ApiClient) => api.delete<null>('/api/player/phone');

export const phoneQueryOptions = (api: ApiClient) =>
  queryOptions({ queryKey: PHONE_KEY, queryFn: ({ signal }) => getPhone(api, signal) });

export function usePhone(enabled = true) {
  return useQuery({ ...phoneQueryOptions(useApi()), enabled });
}

/** Add (or resend), confirm and delete; each stores the answer under PHONE_KEY and reloads the player. */
export function usePhoneMutations() {
  const api = useApi();
  const queryClient = useQueryClient();
  const settle = (phone: Phone | null) => {
    queryClient.setQueryData(PHONE_KEY, phone);
    void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.player, exact: true });
  };
  return {
    add: useMutation({ mutationFn: (number: string) => addPhone(api, number), onSuccess: settle }),
    confirm: useMutation({ mutationFn: (code: string) => confirmPhone(api, code), onSuccess: settle }),
    remove: useMutation({ mutationFn: () => deletePhone(api), onSuccess: () => settle(null) }),
  };
}
