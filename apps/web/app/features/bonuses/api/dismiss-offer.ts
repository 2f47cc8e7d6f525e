import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { bonusKeys, type OfferType } from './query-keys';

/** `DELETE /api/bonuses/{deposit|registration}/{id}` (204): the offer is no longer shown to this player. */
export const dismissOffer = (api: ApiClient, type: OfferType, id: string) =>
  api.delete<null>(`/api/bonuses/${type}/${encodeURIComponent(id)}`);

/** Invalidates that type's offers. */
export function useDismissOffer() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ type, id }: { type: OfferType; id: string }) => dismissOffer(api, type, id),
    onSettled: (_data, _error, { type }) => void queryClient.invalidateQueries({ queryKey: bonusKeys.offers(type) }),
  });
}
