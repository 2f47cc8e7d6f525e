/**
 * The games host contract (`/games-api`, served by apps/server/src/games-host). Money is always an
 * integer count of minor units (`*_cents`); `view` and `rules` are the math model's own JSON
 * (packages/games `view(state)` and `describe().rules`), narrowed per engine in ../engines.
 */

export type GameMode = 'real' | 'demo';

export type EngineId =
  | 'slot-low'
  | 'slot-medium'
  | 'slot-high'
  | 'roulette'
  | 'blackjack'
  | 'video-poker'
  | 'dice'
  | 'mines'
  | 'plinko'
  | 'baccarat'
  | 'crash'
  | 'live-roulette';

export interface GameTheme {
  palette: [string, string, string];
  symbol: string;
  motif: string;
}

export interface GameInfo {
  slug: string;
  identifier: string;
  title: string;
  provider: string;
  engine: EngineId;
  model: string;
  theme: GameTheme;
  /** Theoretical RTP in percent, exact as computed by the model. */
  rtp: number;
  hit_rate: number;
  /** null when unbounded (JSON has no Infinity), e.g. a crash game. */
  max_multiplier: number | null;
  rules: unknown;
}

export interface BetLimits {
  min_cents: number;
  max_cents: number;
  default_cents: number;
  step_cents: number;
}

export interface Fairness {
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
}

export interface RevealedSeed {
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  last_nonce: number;
}

export interface FairnessState extends Fairness {
  previous: RevealedSeed | null;
}

export interface Round<View = unknown> {
  id: number;
  status: 'open' | 'finished';
  stake_cents: number;
  win_cents: number;
  view: View;
  shared_round_id: number | null;
  created_at: string;
  finished_at: string | null;
}

export interface GameSession {
  token: string;
  mode: GameMode;
  currency: string;
  balance_cents: number;
  subunits_to_unit: number;
  game: GameInfo;
  bet_limits: BetLimits;
  fairness: Fairness;
  open_round: Round | null;
}

export interface RoundResponse {
  round: Round;
  balance_cents: number;
  /** null for shared-round games (crash, live roulette): their seeds are per round. */
  fairness: Fairness | null;
}

export interface RoundSnapshot {
  round: Round;
  balance_cents: number;
}

export type SharedPhase = 'betting' | 'running' | 'ended';

/** One broadcast of a shared round (crash and live roulette), as pushed over the realtime socket. */
export interface SharedRoundEvent {
  game: string;
  round_id: number;
  phase: SharedPhase;
  server_seed_hash: string;
  betting_ends_at?: string;
  started_at?: string;
  ended_at?: string;
  result?: unknown;
  server_seed?: string;
  server_time: string;
}

export interface SharedHistoryItem {
  round_id: number;
  result: unknown;
  server_seed: string;
  server_seed_hash: string;
}

export interface SharedSnapshot {
  current: SharedRoundEvent;
  history: SharedHistoryItem[];
}

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
