import { queryOptions, replaceEqualDeep, useQuery } from '@tanstack/react-query';
import type { WageringResponse } from '@croupier/shared/api/bonuses';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { keepPushedCounter } from '../lib/bonuses-logic';
import { bonusKeys } from './query-keys';

export type { WageringResponse } from '@croupier/shared/api/bonuses';

/** `GET /api/player/bonuses/wagering?game=`: the bonus being wagered, and how much the game counts. */
export const getWagering = (api: ApiClient, game: string | null, signal?: AbortSignal) =>
  api.get<WageringResponse>(
    `/api/player/bonuses/wagering${game ? `?game=${encodeURIComponent(game)}` : ''}`,
    signal ? { signal } : undefined,
  );

export const wageringQueryOptions = (api: ApiClient, game: string | null) =>
  queryOptions({
    queryKey: bonusKeys.wagering(game),
    queryFn: ({ signal }) => getWagering(api, game, signal),
    // Kept current by `bonuses_changes` (the meter applies each push), so no polling.
    staleTime: Infinity,
    structuralSharing: (cached, fetched) =>
      replaceEqualDeep(cached, keepPushedCounter(cached as WageringResponse | undefined, fetched as WageringResponse)),
  });

export function useWagering(game: string | null, enabled: boolean) {
  return useQuery({ ...wageringQueryOptions(useApi(), game), enabled });
}
