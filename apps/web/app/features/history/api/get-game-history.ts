import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { GameHistoryItem, RoundFairness } from '@croupier/shared/api/games-host';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { HISTORY_PAGE_SIZE, historyApiPath, type HistoryFilters } from '../utils/history-query';

/** One row of `GET /api/player/games`; the wire types come from the shared contract (docs/contract.md). */
export type HistoryItem = GameHistoryItem;
export type { RoundFairness };

export interface HistoryPage {
  items: HistoryItem[];
  /** From `x-total-count`; the page's own length when the header is missing. */
  total: number;
}

export async function getGameHistory(
  api: ApiClient,
  filters: HistoryFilters,
  signal?: AbortSignal,
): Promise<HistoryPage> {
  const { data, headers } = await api.getWithHeaders<HistoryItem[]>(historyApiPath(filters, HISTORY_PAGE_SIZE), {
    signal,
  });
  const items = Array.isArray(data) ? data : [];
  const header = Number(headers.get('x-total-count'));
  const total =
    Number.isSafeInteger(header) && header >= 0 ? header : (filters.page - 1) * HISTORY_PAGE_SIZE + items.length;
  return { items, total };
}

export const gameHistoryQueryOptions = (api: ApiClient, filters: HistoryFilters) =>
  queryOptions({
    queryKey: ['player', 'games-history', filters] as const,
    queryFn: ({ signal }) => getGameHistory(api, filters, signal),
    // Paging and filtering keep the previous rows on screen instead of flashing a spinner.
    placeholderData: keepPreviousData,
  });

export function useGameHistory(filters: HistoryFilters) {
  return useQuery(gameHistoryQueryOptions(useApi(), filters));
}
