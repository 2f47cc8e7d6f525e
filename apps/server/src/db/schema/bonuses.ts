import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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
