import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => bigint(name, { mode: 'bigint' });

/**
 * What an operator configures (docs/bonuses.md#data-model). `terms` holds the per-currency amounts,
 * wagering and limits; a player's bonus freezes the terms of its currency when it is issued.
 */
export const bonusCampaigns = pgTable(
  'bonus_campaigns',
  {
    id: serial('id').primaryKey(),
    /** The offer id and deposit bonus code: unique, upper-case. */
    code: text('code'),
    /** deposit | nondeposit | cash | freespins | cashback */
    kind: text('kind').notNull(),
    /** deposit | registration | coupon | cashback | manual */
    trigger: text('trigger').notNull(),
    groupKey: text('group_key'),
    /** `{ <locale>: text }`; a missing title is generated from the terms. */
    titles: jsonb('titles').$type<Record<string, string>>(),
    terms: jsonb('terms').$type<Record<string, unknown>>().notNull(),
    groupsAny: text('groups_any').array(),
    groupsNone: text('groups_none').array(),
    countries: text('countries').array(),
    /** 1 = first deposit; null = any. */
    depositNumber: integer('deposit_number'),
    defaultOffer: boolean('default_offer').notNull().default(false),
    startsAt: ts('starts_at'),
    endsAt: ts('ends_at'),
    active: boolean('active').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bonus_campaigns_code_idx').on(t.code),
    uniqueIndex('bonus_campaigns_default_offer_idx')
      .on(t.defaultOffer)
      .where(sql`default_offer`),
  ],
);

/**
 * One gift of one player (docs/bonuses.md#data-model), with the terms of its currency frozen at
 * issue. At most one per wallet is in `handle_bets`: all the wallet's bonus money is that bonus's.
 */
export const playerBonuses = pgTable(
  'player_bonuses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    campaignId: integer('campaign_id').references(() => bonusCampaigns.id),
    kind: text('kind').notNull(),
    currency: text('currency').notNull(),
    /** issued | wait | handle_bets | wager_done | lost | expired | canceled | finished */
    stage: text('stage').notNull(),
    /** player | withdrawal | operator | self_exclusion | erasure */
    cancelReason: text('cancel_reason'),
    /** What issued it (payment, registration, coupon, cashback, freespins, manual)… */
    source: text('source').notNull(),
    /** …and which one: unique with `source`, so a gift is issued once. */
    sourceRef: text('source_ref').notNull(),
    amountCents: money('amount_cents').notNull(),
    maxBetCents: money('max_bet_cents'),
    weights: jsonb('weights').$type<Record<string, number>>().notNull().default({}),
    defaultWeight: integer('default_weight').notNull().default(100),
    excludedCollections: text('excluded_collections').array().notNull().default([]),
    /** null: no cap on what converts to cash. */
    maxConversionCents: money('max_conversion_cents'),
    wagerMultiplier: integer('wager_multiplier').notNull(),
    wagerRequirementCents: money('wager_requirement_cents').notNull(),
    wageredCents: money('wagered_cents')
      .notNull()
      .default(sql`0`),
    convertedCents: money('converted_cents')
      .notNull()
      .default(sql`0`),
    /**
     * The campaign's terms for this currency as issued (`CurrencyTerms` of `@croupier/shared/bonus-terms`),
     * so the rules shown are the rules applied; null for a bonus issued without a campaign.
     */
    terms: jsonb('terms').$type<Record<string, unknown>>(),
    /** The deposit a deposit bonus matched (its requirement counts it with a `bonus_and_deposit` base). */
    depositCents: money('deposit_cents'),
    /** The week's net cash loss a cashback paid a share of (shown in the claim popup). */
    lossCents: money('loss_cents'),
    /** Days of wagering a bonus gets when it enters `handle_bets`. */
    validityDays: integer('validity_days').notNull(),
    issuedAt: ts('issued_at').notNull(),
    activatableUntil: ts('activatable_until'),
    activatedAt: ts('activated_at'),
    validUntil: ts('valid_until'),
    endedAt: ts('ended_at'),
  },
  (t) => [
    uniqueIndex('player_bonuses_source_idx').on(t.source, t.sourceRef),
    // One wagering bonus per wallet (docs/bonuses.md#accounts).
    uniqueIndex('player_bonuses_one_active_idx')
      .on(t.userId, t.currency)
      .where(sql`stage = 'handle_bets'`),
    index('player_bonuses_user_stage_idx').on(t.userId, t.stage),
    index('player_bonuses_valid_until_idx').on(t.stage, t.validUntil),
    index('player_bonuses_activatable_until_idx').on(t.stage, t.activatableUntil),
  ],
);

/**
 * One bet taken while a bonus was in `handle_bets` (docs/bonuses.md#data-model), written inside
 * `wallet_bet` by `bonuses_bet_effect`: what it added to the bonus's counter, and what of its stake
 * was bonus money, so a late win or a refund of that round can be routed by the fate of the bonus
 * that funded it. `wagered_cents` always equals the sum of the unreversed contributions.
 */
export const bonusWagers = pgTable(
  'bonus_wagers',
  {
    provider: text('provider').notNull(),
    /** The wallet's own idempotency key of the bet: a replay cannot insert a second row. */
    txId: text('tx_id').notNull(),
    roundId: text('round_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    bonusId: integer('bonus_id')
      .notNull()
      .references(() => playerBonuses.id),
    amount: money('amount').notNull(),
    /** The part of the stake paid with bonus money. */
    bonusPart: money('bonus_part').notNull(),
    /** The game's weight in percent when the bet was taken; 0 for an excluded game. */
    weight: integer('weight').notNull(),
    contribution: money('contribution').notNull(),
    createdAt: ts('created_at').notNull(),
    /** Set once when the bet is rolled back while its bonus is still wagered. */
    reversedAt: ts('reversed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.txId] }),
    index('bonus_wagers_round_idx').on(t.provider, t.roundId),
    index('bonus_wagers_bonus_idx').on(t.bonusId),
  ],
);

/**
 * A pack of free spins of one player (docs/bonuses.md#free-spin-packs-codes): spins at a fixed stake
 * on our own slots, paid by the casino; what they win is added up here and issued as one bonus with
 * its own wagering when the last spin is played. Each spin claims one of `spins_total` with a
 * guarded update in the round's own transaction, so a pack never plays more spins than it has.
 */
export const freespinPacks = pgTable(
  'freespin_packs',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    campaignId: integer('campaign_id').references(() => bonusCampaigns.id),
    currency: text('currency').notNull(),
    /** issued | handle_bets | finished | expired | canceled */
    stage: text('stage').notNull(),
    /** Identifiers of the slots its spins may be played on. */
    games: text('games').array().notNull(),
    betLevelCents: money('bet_level_cents').notNull(),
    spinsTotal: integer('spins_total').notNull(),
    spinsPerformed: integer('spins_performed').notNull().default(0),
    winCents: money('win_cents')
      .notNull()
      .default(sql`0`),
    /** The winnings bonus's wagering multiplier and cap, frozen at issue. */
    winningsWagerMultiplier: integer('winnings_wager_multiplier').notNull(),
    winningsMaxConversionCents: money('winnings_max_conversion_cents'),
    validityDays: integer('validity_days').notNull(),
    source: text('source').notNull(),
    sourceRef: text('source_ref').notNull(),
    title: text('title'),
    issuedAt: ts('issued_at').notNull(),
    activatableUntil: ts('activatable_until'),
    activatedAt: ts('activated_at'),
    validUntil: ts('valid_until'),
    endedAt: ts('ended_at'),
    /** The bonus its winnings were issued as (null: none yet, or nothing won). */
    winningsBonusId: integer('winnings_bonus_id').references(() => playerBonuses.id),
  },
  (t) => [
    uniqueIndex('freespin_packs_source_idx').on(t.source, t.sourceRef),
    index('freespin_packs_user_stage_idx').on(t.userId, t.stage),
    index('freespin_packs_valid_until_idx').on(t.stage, t.validUntil),
  ],
);

/**
 * A cashback campaign's finished weeks (docs/bonuses.md#leased-jobs): the job computes a week once,
 * after it ended, and writes the row last, so a run cut short is simply done again (each player's
 * bonus is unique by its source ref).
 */
export const cashbackWeeks = pgTable(
  'cashback_weeks',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => bonusCampaigns.id),
    /** ISO week, `2026-W48`. */
    week: text('week').notNull(),
    issued: integer('issued').notNull(),
    finishedAt: ts('finished_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.week] })],
);
/** Offers a player dismissed (`DELETE /api/bonuses/deposit/{id}`): no longer listed for them. */
export const bonusOfferDismissals = pgTable(
  'bonus_offer_dismissals',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => bonusCampaigns.id),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.campaignId] })],
);

/** An operator's "no bonuses" for a player (e.g. a suspected multi-account): nothing is issued or offered. */
export const bonusRestrictions = pgTable('bonus_restrictions', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  reason: text('reason').notNull(),
  createdAt: ts('created_at').notNull(),
});

/**
 * Coupon and promo codes (docs/bonuses.md#free-spin-packs-codes): a code issues its campaign (a bonus
 * or a free-spin pack) to whoever redeems it. A personal code names its one player; a shared one
 * (`user_id` null) may be redeemed `max_redemptions` times, once per player. `redemptions` moves
 * only by a guarded update in the redemption's transaction, so a code is never used more often
 * than it allows, however many players try at once.
 */
export const bonusCodes = pgTable(
  'bonus_codes',
  {
    id: serial('id').primaryKey(),
    /** Upper-case; a player's typing is upper-cased before it is matched. */
    code: text('code').notNull(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => bonusCampaigns.id),
    /** The one player a personal code is for; null: a shared code. */
    userId: integer('user_id').references(() => users.id),
    maxRedemptions: integer('max_redemptions').notNull(),
    redemptions: integer('redemptions').notNull().default(0),
    /** issued | activated (used up) | canceled (by the operator) | expired (`valid_until` passed) */
    state: text('state').notNull().default('issued'),
    validUntil: ts('valid_until'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('bonus_codes_code_idx').on(t.code),
    index('bonus_codes_user_idx').on(t.userId),
    index('bonus_codes_state_valid_until_idx').on(t.state, t.validUntil),
    check('bonus_codes_redemptions_check', sql`${t.redemptions} >= 0 AND ${t.redemptions} <= ${t.maxRedemptions}`),
    check('bonus_codes_state_check', sql`${t.state} IN ('issued', 'activated', 'canceled', 'expired')`),
  ],
);

/**
 * Who redeemed which code (docs/bonuses.md#data-model): once per player and code (the primary key),
 * with the bonus or the pack it issued.
 */
export const bonusCodeRedemptions = pgTable(
  'bonus_code_redemptions',
  {
    codeId: integer('code_id')
      .notNull()
      .references(() => bonusCodes.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    bonusId: integer('bonus_id').references(() => playerBonuses.id),
    packId: integer('pack_id').references(() => freespinPacks.id),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.codeId, t.userId] }), index('bonus_code_redemptions_user_idx').on(t.userId)],
);
