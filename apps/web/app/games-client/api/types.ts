/**
 * The games host contract (`/games-api`, served by apps/server/src/modules/games-host), as the games client
 * uses it: the types are inferred from the shared schemas (packages/shared/src/api/games-host.ts,
 * docs/contract.md); `view` and `rules` are the math model's own JSON, narrowed per engine in
 * ../engines.
 */

import type {
  BetLimits,
  EngineId,
  GameInfo,
  GameMode,
  GameSession as SharedGameSession,
  GameTheme,
  RevealedSeed,
  Round as SharedRound,
  RoundResponse as SharedRoundResponse,
  RoundSnapshot as SharedRoundSnapshot,
  SeedPair,
  SharedHistoryItem,
  SharedPhase,
  SharedRoundEvent,
  SharedSnapshot,
} from '@croupier/shared/api/games-host';

export type {
  BetLimits,
  EngineId,
  GameInfo,
  GameMode,
  GameTheme,
  RevealedSeed,
  SharedHistoryItem,
  SharedPhase,
  SharedRoundEvent,
  SharedSnapshot,
};

/** The seed pair as a session and a round answer carry it; `previous` is the last revealed pair. */
export type FairnessState = SeedPair;
export type Fairness = Omit<SeedPair, 'previous'>;

/** A round whose `view` the engine has narrowed to its model's view. */
export type Round<View = unknown> = Omit<SharedRound, 'view'> & { view: View };

export type GameSession = Omit<SharedGameSession, 'open_round'> & { open_round: Round | null };
export type RoundResponse = Omit<SharedRoundResponse, 'round'> & { round: Round };
export type RoundSnapshot = Omit<SharedRoundSnapshot, 'round'> & { round: Round };

/** Error codes the games host answers with (`{ code, error }`, 4xx). */
export type GamesErrorCode =
  | 'login_required'
  | 'game_not_found'
  | 'currency_unavailable'
  | 'player_disabled'
  | 'gambling_blocked'
  | 'insufficient_funds'
  | 'round_open'
  | 'invalid_bet'
  | 'bet_too_small'
  | 'bet_too_large'
  | 'betting_closed'
  | 'session_expired'
  | 'invalid_action';
