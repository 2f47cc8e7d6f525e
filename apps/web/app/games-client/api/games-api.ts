import type { FreespinPack, PlayerBonus, WageringResponse } from '@croupier/shared/api/bonuses';
import type { ApiClient } from '../../lib/api-client';
import type { FairnessState, GameSession, RoundResponse, RoundSnapshot, SharedSnapshot } from './types';

const BASE = '/games-api';

/**
 * The games host calls of one launched game. The token travels in `x-game-session` rather than a
 * cookie so that two games open in two frames never share a session. 401s are `silent`: inside
 * the frame the site's "go to sign-in" handler would navigate the iframe, so the client shows its
 * own message instead.
 */
export function createGamesApi(api: ApiClient) {
  let token: string | null = null;
  const auth = () => {
    const headers: Record<string, string> = token ? { 'x-game-session': token } : {};
    return { silent401: true, headers };
  };
  return {
    /** Every later call of this game carries the token of the last launch. */
    setToken: (value: string) => {
      token = value;
    },
    launch: (game: string, id: string) => api.post<GameSession>(`${BASE}/sessions`, { game, id }, { silent401: true }),
    session: () => api.get<GameSession>(`${BASE}/session`, auth()),
    bet: (bet: unknown) => api.post<RoundResponse>(`${BASE}/rounds`, { bet }, auth()),
    /** One spin of a free-spin pack: the pack's stake, paid by the casino (docs/bonuses.md#free-spin-packs-codes). */
    freeSpin: (packId: number) =>
      api.post<RoundResponse>(`${BASE}/rounds`, { bet: null, freespin_pack_id: packId }, auth()),
    act: (roundId: number, action: unknown) =>
      api.post<RoundResponse>(`${BASE}/rounds/${roundId}/actions`, { action }, auth()),
    round: (roundId: number) => api.get<RoundSnapshot>(`${BASE}/rounds/${roundId}`, auth()),
    setClientSeed: (clientSeed: string) =>
      api.put<FairnessState>(`${BASE}/fairness/client_seed`, { client_seed: clientSeed }, auth()),
    rotateSeed: () => api.post<FairnessState>(`${BASE}/fairness/rotate`, {}, auth()),
    shared: (gameSlug: string) =>
      api.get<SharedSnapshot>(`${BASE}/shared/${encodeURIComponent(gameSlug)}`, { silent401: true }),
  };
}

export type GamesApi = ReturnType<typeof createGamesApi>;

/**
 * The player's bonus calls the frame reads for advice (docs/bonuses.md#the-calls): same origin, so
 * the site's session cookie signs them. Silent on 401 like the games host calls: a player signed
 * out elsewhere sees no free spins and no bonus cap, never a navigation inside the frame.
 */
export function createBonusApi(api: ApiClient) {
  return {
    packs: (signal?: AbortSignal) =>
      api.get<FreespinPack[]>('/api/player/freespins', { silent401: true, ...(signal ? { signal } : {}) }),
    wagering: (game: string, signal?: AbortSignal) =>
      api.get<WageringResponse>(`/api/player/bonuses/wagering?game=${encodeURIComponent(game)}`, {
        silent401: true,
        ...(signal ? { signal } : {}),
      }),
    bonuses: () => api.get<PlayerBonus[]>('/api/player/bonuses', { silent401: true }),
  };
}

export type BonusApi = ReturnType<typeof createBonusApi>;
