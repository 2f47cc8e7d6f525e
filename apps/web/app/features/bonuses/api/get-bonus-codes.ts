import { useQuery } from '@tanstack/react-query';
import type { CodeState } from '@croupier/shared/bonus-terms';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { bonusKeys } from './query-keys';

/** One of the player's coupon or promo codes (`PlayerBonusCodeSchema` of the contract). */
export interface PlayerBonusCode {
  code: string;
  state: CodeState;
  title: string;
  valid_until: string | null;
  redeemed_at: string | null;
}

/** `GET /api/player/bonus_codes`: the player's codes with their states (docs/bonuses.md#the-calls). */
export const getBonusCodes = (api: ApiClient, signal?: AbortSignal) =>
  api.get<PlayerBonusCode[]>('/api/player/bonus_codes', signal ? { signal } : undefined);

export function useBonusCodes() {
  const api = useApi();
  return useQuery({ queryKey: bonusKeys.codes, queryFn: ({ signal }) => getBonusCodes(api, signal) });
}
