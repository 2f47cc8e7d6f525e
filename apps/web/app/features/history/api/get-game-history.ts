import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { HISTORY_PAGE_SIZE, historyApiPath, type HistoryFilters } from '../utils/history-query';

/** Provably-fair data of a round; `server_seed` stays null until the seed is rotated (or a shared round ends). */
export interface RoundFairness {
  server_seed_hash: string;
  server_seed: string | null;
  client_seed: string;
  nonce: number;
}

/** One row of `GET /api/player/games` (docs/api-shapes.md#played-games-and-history); amounts in minor units. */
export interface HistoryItem {
  bet_id: number;
  bet_status: 'won' | 'lost' | 'pending' | 'refunded';
  created_at: string;
  finished_at: string | null;
  currency: string;
  provider: string;
  /** The game's identifier (`provider/game`). */
  game: string;
  title: string;
  total_bets: number;
  total_wins: number;
  total_losses: number;
  balance_after_cents: number | null;
  round: { id: number; fairness: RoundFairness | null };
}

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
