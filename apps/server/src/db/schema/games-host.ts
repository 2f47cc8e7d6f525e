import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Provably-fair seed pairs (docs/decisions/007). `owner` is `user:<id>` (real money) or
 * `demo:<session>`; one active pair per owner. The server seed stays secret until the pair is
 * rotated; its SHA-256 is shown before the first bet.
 */
export const fairnessSeeds = pgTable(
  'fairness_seeds',
  {
    id: serial('id').primaryKey(),
    owner: text('owner').notNull(),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    nextNonce: integer('next_nonce').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
    revealedAt: ts('revealed_at'),
  },
  (t) => [
    uniqueIndex('fairness_seeds_active_owner_idx')
      .on(t.owner)
      .where(sql`${t.active}`),
    index('fairness_seeds_owner_idx').on(t.owner),
  ],
);

/**
 * Demo (FUN money) sessions of the games host. FUN balances never touch the ledger.
 */
export const demoSessions = pgTable('demo_sessions', {
  tokenHash: text('token_hash').primaryKey(),
  gameId: integer('game_id').notNull(),
  balance: bigint('balance', { mode: 'bigint' }).notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
});

/**
 * Rounds shared by every player of a game (Rocket crash, live roulette): one outcome per round from
 * a per-round server seed whose hash is published when betting opens and which is revealed when
 * the round ends.
 */
export const sharedRounds = pgTable(
  'shared_rounds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    game: text('game').notNull(),
    phase: text('phase').notNull(),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    result: jsonb('result'),
    bettingEndsAt: ts('betting_ends_at').notNull(),
    startedAt: ts('started_at'),
    endedAt: ts('ended_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('shared_rounds_game_idx').on(t.game, t.id)],
);

/**
 * Every game round (real and demo). The outcome is computed and stored before the client sees it
 * (docs/reliability.md#g4-settled-rounds-are-final); `state` holds the model's full state, `rng_position` where a multi-step round's
 * random stream continues. (seed_id, nonce) is unique (G6 d).
 */
export const gameRounds = pgTable(
  'game_rounds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    mode: text('mode').notNull(),
    userId: integer('user_id'),
    demoSession: text('demo_session'),
    gameId: integer('game_id').notNull(),
    model: text('model').notNull(),
    currency: text('currency').notNull(),
    seedId: integer('seed_id'),
    nonce: integer('nonce'),
    sharedRoundId: bigint('shared_round_id', { mode: 'number' }),
    bet: jsonb('bet').notNull(),
    actions: jsonb('actions')
      .notNull()
      .default(sql`'[]'::jsonb`),
    state: jsonb('state').notNull(),
    rngPosition: integer('rng_position').notNull().default(0),
    /** open | finished | void (the stake was refused: nothing moved) */
    status: text('status').notNull(),
    stake: bigint('stake', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    win: bigint('win', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Bets sent to the wallet so far (their transaction ids are `r<id>-bet-<n>`). */
    betCount: integer('bet_count').notNull().default(0),
    balanceAfter: bigint('balance_after', { mode: 'bigint' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
    /** Token of the action holding the round (decision 013); NULL when no action is under way. */
    claim: text('claim'),
    /** When the round was last claimed: its last activity, for the abandoned-round sweeper. */
    claimedAt: ts('claimed_at'),
    /** A free spin (mode `freespin`): the pack that paid its stake (docs/bonuses.md#free-spin-packs-codes). */
    freespinPackId: integer('freespin_pack_id'),
  },
  (t) => [
    uniqueIndex('game_rounds_seed_nonce_idx').on(t.seedId, t.nonce),
    index('game_rounds_user_idx').on(t.userId, t.id),
    index('game_rounds_shared_idx').on(t.sharedRoundId),
    index('game_rounds_finished_idx').on(t.finishedAt),
    // Plus, in migration 0014 only (their predicate holds a watermark id drizzle cannot express): one
    // unfinished round per player (or demo session) and game, so concurrent deals get one round.
  ],
);
