import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Player } from '@croupier/shared/api/player';
import type { UpdateDetailsRequest } from '@croupier/shared/api/profile';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { QUERY_KEYS } from '../../../lib/query-keys';

/** `POST /api/auth_providers/update_details { user }`: answers 201 with the player, stored as the current one. */
export const updateDetails = (api: ApiClient, user: UpdateDetailsRequest['user']) =>
  api.post<Player>('/api/auth_providers/update_details', { user });

export function useUpdateDetails() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: UpdateDetailsRequest['user']) => updateDetails(api, user),
    onSuccess: (player) => queryClient.setQueryData(QUERY_KEYS.player, player),
  });
}
