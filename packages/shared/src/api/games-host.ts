/**
 * Wire contract of Croupier's own games provider (docs/games/rounds.md): the games client's calls
 * under `/games-api` (launch, rounds, seeds, shared rounds) and the player's calls on the main API
 * (seeds, round verification, game history, latest winners). Money is an integer count of minor
 * units (`*_cents`); `view`, `rules`, `bet`, `action` and `outcome` are the math model's own JSON
 * (packages/games), narrowed per engine by the games client.
 */
import { z } from 'zod';
import { PACK_STAGES } from '../bonus-terms.ts';
import { currencyCode, recordId, text } from './primitives.ts';

export const GAME_ENGINES = [
  'slot-low',
  'slot-medium',
  'slot-high',
  'roulette',
  'blackjack',
  'video-poker',
  'dice',
  'mines',
  'plinko',
  'baccarat',
  'crash',
  'live-roulette',
] as const;
export type EngineId = (typeof GAME_ENGINES)[number];

export const GAME_MODES = ['real', 'demo'] as const;
export type GameMode = (typeof GAME_MODES)[number];

/** 1 to 64 printable ASCII characters: what a player may choose as client seed. */
export const CLIENT_SEED_PATTERN = /^[\x20-\x7e]{1,64}$/;

/** Header that carries the game session token of a launch on every `/games-api` call. */
export const GAME_SESSION_HEADER = 'x-game-session';

// ---------------------------------------------------------------------------------------------
// Requests

/** `POST /games-api/sessions`: the game's seo title and its launch id (per currency, or FUN). */
export const LaunchRequestSchema = z.strictObject({
  game: text().min(1).max(200),
  id: z.union([z.number().int().positive(), text().regex(/^\d{1,10}$/)]),
});
export type LaunchRequest = z.input<typeof LaunchRequestSchema>;

/** `POST /games-api/rounds`: the bet is the model's own (it parses and bounds it). */
export const BetRequestSchema = z.strictObject({
  bet: z.unknown(),
  /** Play one spin of this free-spin pack instead (its stake is the pack's; `bet` is ignored). */
  freespin_pack_id: recordId.optional(),
});
/** `POST /games-api/rounds/{id}/actions`. */
export const ActionRequestSchema = z.strictObject({ action: z.unknown() });

/** `PUT /api/fairness/client_seed` and `PUT /games-api/fairness/client_seed`. */
export const ClientSeedRequestSchema = z.strictObject({
  client_seed: text().regex(CLIENT_SEED_PATTERN, '1 to 64 printable characters'),
});

/** Query of `GET /api/player/games` (docs/api-shapes.md#played-games-and-history). */
export const GameHistoryQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  game: text().max(200).optional(),
  currency: currencyCode.optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});

// ---------------------------------------------------------------------------------------------
// Answers

/** A seed pair revealed by a rotation: the round can now be replayed. */
export const RevealedSeedSchema = z.strictObject({
  server_seed: z.string(),
  server_seed_hash: z.string(),
  client_seed: z.string(),
  last_nonce: z.number().int(),
});
export type RevealedSeed = z.infer<typeof RevealedSeedSchema>;

/**
 * The active seed pair (the server seed only as its hash) and the last revealed one: `GET
 * /api/fairness`, a client seed change, a rotation, and inside a session and a round answer.
 */
export const SeedPairSchema = z.strictObject({
  server_seed_hash: z.string(),
  client_seed: z.string(),
  /** The nonce the next bet will use. */
  nonce: z.number().int(),
  previous: RevealedSeedSchema.nullable(),
});
export type SeedPair = z.infer<typeof SeedPairSchema>;

export const GameThemeSchema = z.strictObject({
  palette: z.tuple([z.string(), z.string(), z.string()]),
  symbol: z.string(),
  motif: z.string(),
});
export type GameTheme = z.infer<typeof GameThemeSchema>;

export const GameInfoSchema = z.strictObject({
  slug: z.string(),
  identifier: z.string(),
  title: z.string(),
  provider: z.string(),
  engine: z.enum(GAME_ENGINES),
  model: z.string(),
  theme: GameThemeSchema,
  /** Theoretical RTP in percent, exact as computed by the model. */
  rtp: z.number(),
  hit_rate: z.number(),
  /** null when unbounded (JSON has no Infinity), e.g. a crash game. */
  max_multiplier: z.number().nullable(),
  rules: z.unknown(),
});
export type GameInfo = z.infer<typeof GameInfoSchema>;

export const BetLimitsSchema = z.strictObject({
  min_cents: z.number().int(),
  max_cents: z.number().int(),
  default_cents: z.number().int(),
  step_cents: z.number().int(),
});
export type BetLimits = z.infer<typeof BetLimitsSchema>;

/** A round as the player sees it; `view` is the model's view of its state. */
export const RoundSchema = z.strictObject({
  id: z.number().int(),
  status: z.enum(['open', 'finished']),
  stake_cents: z.number().int(),
  win_cents: z.number().int(),
  view: z.unknown(),
  shared_round_id: z.number().int().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type Round = z.infer<typeof RoundSchema>;

/** `POST /games-api/sessions` and `GET /games-api/session`. */
export const GameSessionSchema = z.strictObject({
  token: z.string(),
  mode: z.enum(GAME_MODES),
  currency: z.string(),
  balance_cents: z.number().int(),
  subunits_to_unit: z.number().int(),
  game: GameInfoSchema,
  bet_limits: BetLimitsSchema,
  fairness: SeedPairSchema,
  open_round: RoundSchema.nullable(),
});
export type GameSession = z.infer<typeof GameSessionSchema>;

/** `POST /games-api/rounds` and `POST /games-api/rounds/{id}/actions`. */
export const RoundResponseSchema = z.strictObject({
  round: RoundSchema,
  balance_cents: z.number().int(),
  /** null for shared-round games (crash, live roulette): their seeds are per round. */
  fairness: SeedPairSchema.nullable(),
  /** A free spin's pack after it (docs/bonuses.md#free-spin-packs-codes). */
  freespins: z
    .strictObject({
      id: z.number().int(),
      freespins_total: z.number().int(),
      freespins_performed: z.number().int(),
      win_cents: z.number().int(),
      stage: z.enum(PACK_STAGES),
      /** The bonus the pack's winnings became, once it ended with a win. */
      winnings_bonus_id: z.number().int().nullable(),
    })
    .optional(),
});
export type RoundResponse = z.infer<typeof RoundResponseSchema>;

/** `GET /games-api/rounds/{id}`. */
export const RoundSnapshotSchema = z.strictObject({ round: RoundSchema, balance_cents: z.number().int() });
export type RoundSnapshot = z.infer<typeof RoundSnapshotSchema>;

export const SHARED_PHASES = ['betting', 'running', 'ended'] as const;
export type SharedPhase = (typeof SHARED_PHASES)[number];

/** A shared round (Rocket crash, live roulette) broadcast to its `game:<slug>` room. */
export const SharedRoundEventSchema = z.strictObject({
  game: z.string(),
  round_id: z.number().int(),
  phase: z.enum(SHARED_PHASES),
  /** SHA-256 of the round's server seed, committed before betting closes. */
  server_seed_hash: z.string(),
  betting_ends_at: z.string().optional(),
  started_at: z.string().optional(),
  ended_at: z.string().optional(),
  result: z.unknown().optional(),
  /** Revealed once the round has ended. */
  server_seed: z.string().optional(),
  /** Server clock at publication, so clients can correct for their own clock skew. */
  server_time: z.string(),
});
export type SharedRoundEvent = z.infer<typeof SharedRoundEventSchema>;

export const SharedHistoryItemSchema = z.strictObject({
  round_id: z.number().int(),
  result: z.unknown(),
  server_seed: z.string(),
  server_seed_hash: z.string(),
});
export type SharedHistoryItem = z.infer<typeof SharedHistoryItemSchema>;

/** `GET /games-api/shared/{slug}`: the current round (null before the first) and the last 20 ended. */
export const SharedSnapshotSchema = z.strictObject({
  current: SharedRoundEventSchema.nullable(),
  history: z.array(SharedHistoryItemSchema),
});
export type SharedSnapshot = z.infer<typeof SharedSnapshotSchema>;

/** Provably-fair data of a round; `server_seed` stays null until the seed is rotated (or a shared round ends). */
export const RoundFairnessSchema = z.strictObject({
  server_seed_hash: z.string(),
  server_seed: z.string().nullable(),
  client_seed: z.string(),
  nonce: z.number().int(),
});
export type RoundFairness = z.infer<typeof RoundFairnessSchema>;

/**
 * `GET /api/fairness/rounds/{id}`: everything needed to replay one of the player's rounds. The
 * fairness fields are absent for a round played without a seed pair.
 */
export const FairRoundSchema = z.strictObject({
  round_id: z.number().int(),
  game: z.strictObject({ identifier: z.string(), title: z.string(), engine: z.string(), model: z.string() }),
  ...RoundFairnessSchema.partial().shape,
  bet: z.unknown(),
  actions: z.array(z.unknown()),
  outcome: z.unknown(),
  status: z.enum(['open', 'finished']),
  win_cents: z.number().int(),
  stake_cents: z.number().int(),
  currency: z.string(),
});
export type FairRound = z.infer<typeof FairRoundSchema>;

/** One row of `GET /api/player/games` (docs/api-shapes.md#played-games-and-history); the total is in the `x-total-count` header. */
export const GameHistoryItemSchema = z.strictObject({
  bet_id: z.number().int(),
  bet_status: z.enum(['won', 'lost', 'pending']),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  currency: z.string(),
  /** The provider's title. */
  provider: z.string(),
  /** The game's identifier (`provider/game`). */
  game: z.string(),
  title: z.string(),
  total_bets: z.number().int(),
  total_wins: z.number().int(),
  total_losses: z.number().int(),
  balance_after_cents: z.number().int().nullable(),
  round: z.strictObject({ id: z.number().int(), fairness: RoundFairnessSchema.nullable() }),
});
export type GameHistoryItem = z.infer<typeof GameHistoryItemSchema>;
export const GameHistorySchema = z.array(GameHistoryItemSchema);

/** One `public:wins` item and one item of `GET /api/stats/winners/latest` (docs/api-shapes.md#jackpots-and-winners). */
export const WinnerSchema = z.strictObject({
  /** Unix time in seconds. */
  at: z.number().int(),
  bet_amount_cents: z.number().int(),
  win_amount_cents: z.number().int(),
  currency: z.string(),
  /** `provider/seo`, e.g. `croupier/lucky-sevens`. */
  game_identifier: z.string(),
  game_title: z.string(),
  game_table_image_path: z.string().nullable(),
  game_table_url: z.string().nullable(),
  humanized_win: z.string().nullable(),
  /** Masked by the server: never a player's full nickname or e-mail. */
  nickname: z.string(),
});
export type Winner = z.infer<typeof WinnerSchema>;
export const WinnersSchema = z.array(WinnerSchema);
