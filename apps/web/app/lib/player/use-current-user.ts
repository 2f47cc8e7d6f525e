import { useQuery } from '@tanstack/react-query';
import { useApi } from '../api-context';
import type { Player } from '../api-types';
import { playerQueryOptions } from './get-player';

/** The signed-in player (or null) from the 'player' query, seeded by SSR and updated on sign-in/out and 401. */
export function useCurrentUser(): { user: Player | null; isLoggedIn: boolean } {
  const { data } = useQuery(playerQueryOptions(useApi()));
  const user = data ?? null;
  return { user, isLoggedIn: Boolean(user?.id) };
}
