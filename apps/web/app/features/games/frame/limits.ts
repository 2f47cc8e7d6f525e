import { queryOptions, useQuery } from '@tanstack/react-query';
import { limitAccountReached } from '@croupier/shared/limits';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { QUERY_KEYS } from '../../../lib/query-keys';

/** One limit of `GET /api/user_limits` as far as the game page reads it (docs/api-shapes.md#limits). */
export interface UserLimit {
  id: number;
  type: string;
  status?: string;
  accounts?: { currency: string; amount_cents: number; current_value_amount_cents: number }[] | null;
}

// Clients spell it "coolingoff" or "cooling_off" (docs/api-shapes.md#limits); both mean the same limit.
const COOLING_OFF = new Set(['cooling_off', 'coolingoff']);

/**
 * docs/api-shapes.md#limits: a limit is reached when `amount_cents − |current_value_amount_cents| ≤ 0` on
 * any of its accounts; a cooling-off limit always counts as reached.
 */
export function isLimitReached(limit: UserLimit): boolean {
  if (COOLING_OFF.has(limit.type)) return true;
  return (limit.accounts ?? []).some(limitAccountReached);
}

/** docs/player-app.md#navigation-rules: opening the game page with any limit reached sends the player to the limits page. */
export function anyLimitReached(limits: readonly UserLimit[] | null | undefined): boolean {
  return Array.isArray(limits) && limits.some(isLimitReached);
}

export const userLimitsQueryOptions = (api: ApiClient, enabled: boolean) =>
  queryOptions({
    queryKey: QUERY_KEYS.limits,
    queryFn: () => api.get<UserLimit[]>('/api/user_limits'),
    enabled,
    // Asked again on every game page visit; a cached answer lets a resume show the game at once.
    staleTime: 0,
  });

export type LimitGate = 'checking' | 'clear' | 'reached' | 'error';

/**
 * The limit check of a signed-in player's game page. Guests are always clear (they only play
 * demo). A failed load is not treated as clear: the page offers a retry instead of the game.
 */
export function useLimitGate(signedIn: boolean): { gate: LimitGate; retry: () => void; retrying: boolean } {
  const query = useQuery(userLimitsQueryOptions(useApi(), signedIn));
  const retry = () => void query.refetch();
  if (!signedIn) return { gate: 'clear', retry, retrying: false };
  if (query.data !== undefined)
    return { gate: anyLimitReached(query.data) ? 'reached' : 'clear', retry, retrying: query.isFetching };
  if (query.isError) return { gate: 'error', retry, retrying: query.isFetching };
  return { gate: 'checking', retry, retrying: query.isFetching };
}

/** The limits page of the account area (docs/player-app.md#player-area; built by the limits issue). */
export const LIMITS_PATH = '/users/limits';
