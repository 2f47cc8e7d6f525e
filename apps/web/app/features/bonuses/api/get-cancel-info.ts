import { useQuery } from '@tanstack/react-query';
import type { BonusCancelInfo } from '@croupier/shared/api/bonuses';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { bonusKeys } from './query-keys';

export type { BonusCancelInfo } from '@croupier/shared/api/bonuses';

/** `GET /api/player/bonuses/{id}/cancel_info`: what a cancel would remove, in major-unit decimal strings. */
export const getCancelInfo = (api: ApiClient, id: number, signal?: AbortSignal) =>
  api.get<BonusCancelInfo>(`/api/player/bonuses/${id}/cancel_info`, signal ? { signal } : undefined);

/** Read afresh each time the question opens: the figures move with every bet. */
export function useCancelInfo(id: number, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: bonusKeys.cancelInfo(id),
    queryFn: ({ signal }) => getCancelInfo(api, id, signal),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}
