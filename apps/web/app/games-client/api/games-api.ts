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
