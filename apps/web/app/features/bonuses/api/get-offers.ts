import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BonusOffer } from '@croupier/shared/api/bonuses';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { bonusKeys, type OfferType } from './query-keys';

export type { BonusOffer } from '@croupier/shared/api/bonuses';

/**
 * `GET /api/bonuses/deposit` or `…/registration`: the offers, public; filtered by the player's
 * groups, country, opt-out and dismissals when signed in.
 */
export const getOffers = (api: ApiClient, type: OfferType, signal?: AbortSignal) =>
  api.get<BonusOffer[]>(`/api/bonuses/${type}`, signal ? { signal } : undefined);

export const offersQueryOptions = (api: ApiClient, type: OfferType) =>
  queryOptions({
    queryKey: bonusKeys.offers(type),
    queryFn: ({ signal }) => getOffers(api, type, signal),
    staleTime: 60_000,
  });

export function useOffers(type: OfferType, enabled = true) {
  return useQuery({ ...offersQueryOptions(useApi(), type), enabled });
}
