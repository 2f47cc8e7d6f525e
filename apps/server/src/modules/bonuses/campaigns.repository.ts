import { sql } from 'drizzle-orm';
import type { BonusKind, BonusTerms, BonusTrigger } from '@croupier/shared/bonus-terms';
import { jsonRows, rows, type Executor } from '../../db/sql.ts';
import { textArray } from './bonuses.repository.ts';

/** A campaign as the bonuses module reads it (docs/bonuses.md#data-model). */
export interface CampaignRow {
  id: number;
  code: string | null;
  kind: BonusKind;
  trigger: BonusTrigger;
  groupKey: string | null;
  titles: Record<string, string>;
  terms: BonusTerms;
  groupsAny: string[];
  groupsNone: string[];
  countries: string[];
  depositNumber: number | null;
  defaultOffer: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
  active: boolean;
  createdAt: Date;
}

export type CampaignValues = Omit<CampaignRow, 'id' | 'createdAt'>;

interface RawCampaign {
  id: number;
  code: string | null;
  kind: BonusKind;
  trigger: BonusTrigger;
  group_key: string | null;
  titles: Record<string, string> | string | null;
  terms: BonusTerms | string;
  groups_any: string[] | null;
  groups_none: string[] | null;
  countries: string[] | null;
  deposit_number: number | null;
  default_offer: boolean;
  starts_at: Date | string | null;
  ends_at: Date | string | null;
  active: boolean;
  created_at: Date | string;
}

const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
const date = (v: Date | string | null) => (v === null ? null : new Date(v));

const toCampaign = (r: RawCampaign): CampaignRow => ({
  id: Number(r.id),
  code: r.code,
  kind: r.kind,
  trigger: r.trigger,
  groupKey: r.group_key,
  titles: r.titles === null ? {} : json(r.titles),
  terms: json(r.terms),
  groupsAny: r.groups_any ?? [],
  groupsNone: r.groups_none ?? [],
  countries: r.countries ?? [],
  depositNumber: r.deposit_number === null ? null : Number(r.deposit_number),
  defaultOffer: r.default_offer,
  startsAt: date(r.starts_at),
  endsAt: date(r.ends_at),
  active: r.active,
  createdAt: new Date(r.created_at),
});

const COLUMNS = sql`id, code, kind, trigger, group_key, titles, terms, groups_any, groups_none, countries,
  deposit_number, default_offer, starts_at, ends_at, active, created_at`;

/** Inserts a campaign; a taken code or a second default offer fails on its unique index. */
export async function insertCampaign(db: Executor, c: CampaignValues, now: Date): Promise<CampaignRow> {
  const [row] = await rows<RawCampaign>(
    db,
    sql`INSERT INTO bonus_campaigns (code, kind, trigger, group_key, titles, terms, groups_any, groups_none, countries,
          deposit_number, default_offer, starts_at, ends_at, active, created_at)
        VALUES (${c.code}, ${c.kind}, ${c.trigger}, ${c.groupKey}, ${JSON.stringify(c.titles)}::jsonb,
          ${JSON.stringify(c.terms)}::jsonb, ${textArray(c.groupsAny)}, ${textArray(c.groupsNone)},
          ${textArray(c.countries)}, ${c.depositNumber}, ${c.defaultOffer}, ${c.startsAt}, ${c.endsAt}, ${c.active},
          ${now})
        RETURNING ${COLUMNS}`,
  );
  if (!row) throw new Error('insert into bonus_campaigns returned no row');
  return toCampaign(row);
}

/** Replaces a campaign's configuration (its id and creation stay). */
export async function updateCampaign(db: Executor, id: number, c: CampaignValues): Promise<CampaignRow | undefined> {
  const [row] = await rows<RawCampaign>(
    db,
    sql`UPDATE bonus_campaigns SET code = ${c.code}, kind = ${c.kind}, trigger = ${c.trigger}, group_key = ${c.groupKey},
          titles = ${JSON.stringify(c.titles)}::jsonb, terms = ${JSON.stringify(c.terms)}::jsonb,
          groups_any = ${textArray(c.groupsAny)}, groups_none = ${textArray(c.groupsNone)},
          countries = ${textArray(c.countries)}, deposit_number = ${c.depositNumber}, default_offer = ${c.defaultOffer},
          starts_at = ${c.startsAt}, ends_at = ${c.endsAt}, active = ${c.active}
        WHERE id = ${id}
        RETURNING ${COLUMNS}`,
  );
  return row ? toCampaign(row) : undefined;
}

/** A campaign locked for a change (two edits of one campaign run one after the other). */
export async function lockCampaign(db: Executor, id: number): Promise<CampaignRow | undefined> {
  const [row] = await rows<RawCampaign>(db, sql`SELECT ${COLUMNS} FROM bonus_campaigns WHERE id = ${id} FOR UPDATE`);
  return row ? toCampaign(row) : undefined;
}

export async function findCampaign(db: Executor, id: number): Promise<CampaignRow | undefined> {
  const [row] = await rows<RawCampaign>(db, sql`SELECT ${COLUMNS} FROM bonus_campaigns WHERE id = ${id}`);
  return row ? toCampaign(row) : undefined;
}

/** The campaigns of these ids (missing ones left out). */
export async function campaignsByIds(db: Executor, ids: readonly number[]): Promise<CampaignRow[]> {
  if (ids.length === 0) return [];
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  return (await rows<RawCampaign>(db, sql`SELECT ${COLUMNS} FROM bonus_campaigns WHERE id IN (${list})`)).map(
    toCampaign,
  );
}

/** Codes are stored upper-case; a player's code is matched as typed after upper-casing. */
export async function findCampaignByCode(db: Executor, code: string): Promise<CampaignRow | undefined> {
  const [row] = await rows<RawCampaign>(
    db,
    sql`SELECT ${COLUMNS} FROM bonus_campaigns WHERE code = ${code.toUpperCase()}`,
  );
  return row ? toCampaign(row) : undefined;
}

export async function listCampaigns(db: Executor): Promise<CampaignRow[]> {
  return (await rows<RawCampaign>(db, sql`SELECT ${COLUMNS} FROM bonus_campaigns ORDER BY id`)).map(toCampaign);
}

/** Active campaigns of one trigger (their window and audience are the caller's to check), oldest first. */
export async function activeCampaigns(db: Executor, trigger: BonusTrigger): Promise<CampaignRow[]> {
  return (
    await rows<RawCampaign>(
      db,
      sql`SELECT ${COLUMNS} FROM bonus_campaigns WHERE trigger = ${trigger} AND active ORDER BY id`,
    )
  ).map(toCampaign);
}

/** The campaign marked `default_offer` (at most one: a unique index). */
export async function defaultOfferCampaign(db: Executor): Promise<CampaignRow | undefined> {
  const [row] = await rows<RawCampaign>(db, sql`SELECT ${COLUMNS} FROM bonus_campaigns WHERE default_offer`);
  return row ? toCampaign(row) : undefined;
}

// --- what a campaign asks of a player -------------------------------------------------------------

/** What decides whether a player may have a bonus and which campaigns fit them. */
export interface PlayerFacts {
  id: number;
  currency: string;
  country: string | null;
  language: string;
  canIssueBonuses: boolean;
  depositBonusCode: string | null;
  /** Status ids (levels and groups), sorted. */
  groups: string[];
  restricted: boolean;
  /** Whether the player's e-mail address is confirmed: nothing is issued before (docs/bonuses.md#confirmed-addresses-only). */
  confirmed: boolean;
}

export async function playerFacts(db: Executor, userId: number): Promise<PlayerFacts | undefined> {
  const [row] = await rows<{
    id: number;
    currency: string;
    country: string | null;
    language: string;
    can_issue_bonuses: boolean;
    deposit_bonus_code: string | null;
    groups: string[] | null;
    restricted: boolean;
    confirmed: boolean;
  }>(
    db,
    sql`SELECT u.id, u.currency, u.country, u.language, u.can_issue_bonuses, u.deposit_bonus_code,
               (SELECT array_agg(s.status_id ORDER BY s.status_id) FROM player_statuses s WHERE s.user_id = u.id) AS groups,
               EXISTS (SELECT 1 FROM bonus_restrictions r WHERE r.user_id = u.id) AS restricted,
               u.confirmed_at IS NOT NULL AS confirmed
          FROM users u WHERE u.id = ${userId} AND u.disabled_at IS NULL`,
  );
  if (!row) return undefined;
  return {
    id: Number(row.id),
    currency: row.currency,
    country: row.country,
    language: row.language,
    canIssueBonuses: row.can_issue_bonuses,
    depositBonusCode: row.deposit_bonus_code,
    groups: row.groups ?? [],
    restricted: row.restricted,
    confirmed: row.confirmed,
  };
}

/** Whether the player's e-mail address is confirmed (a deposit bonus starts only then). */
export async function emailConfirmed(db: Executor, userId: number): Promise<boolean> {
  const [row] = await rows<{ confirmed: boolean }>(
    db,
    sql`SELECT confirmed_at IS NOT NULL AS confirmed FROM users WHERE id = ${userId}`,
  );
  return row?.confirmed === true;
}

/**
 * The number the player's next deposit will have among their successful ones (1: the first), as
 * the payments module numbers `deposit_number` in `payment.deposit.succeeded`; read here (the
 * payments table, read only) so the offers shown are those the next deposit can match.
 */
export async function nextDepositNumber(db: Executor, userId: number): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM payments WHERE user_id = ${userId} AND action = 'deposit' AND state = 'succeeded'`,
  );
  return Number(row?.n ?? 0) + 1;
}

// --- the player's bonus settings (`users` columns of the bonuses module) --------------------------

/** The player sets (or, with null, clears) the deposit bonus for their next deposits. */
export async function setDepositBonusCode(db: Executor, userId: number, code: string | null, now: Date) {
  await db.execute(
    sql`UPDATE users SET deposit_bonus_code = ${code}, deposit_bonus_code_chosen_at = ${now}, updated_at = ${now}
         WHERE id = ${userId}`,
  );
}

/**
 * Sets the welcome offer as the deposit bonus of a player who never chose one themselves; false
 * otherwise. "Never chose" is its own column: a player who said "no bonus" before the consumer ran
 * has a null code too, and must keep it.
 */
export async function setDepositBonusCodeIfUnset(db: Executor, userId: number, code: string, now: Date) {
  const found = await rows<{ id: number }>(
    db,
    sql`UPDATE users SET deposit_bonus_code = ${code}, updated_at = ${now}
         WHERE id = ${userId} AND deposit_bonus_code IS NULL AND deposit_bonus_code_chosen_at IS NULL RETURNING id`,
  );
  return found.length === 1;
}

/** The player's opt-out; opting out also drops the chosen deposit bonus (nothing would be issued). */
export async function setCanIssueBonuses(db: Executor, userId: number, canIssue: boolean, now: Date) {
  await db.execute(
    sql`UPDATE users SET can_issue_bonuses = ${canIssue},
               deposit_bonus_code = CASE WHEN ${canIssue} THEN deposit_bonus_code END, updated_at = ${now}
         WHERE id = ${userId}`,
  );
}

// --- dismissals and restrictions ------------------------------------------------------------------

export async function insertDismissal(db: Executor, userId: number, campaignId: number, now: Date) {
  await db.execute(
    sql`INSERT INTO bonus_offer_dismissals (user_id, campaign_id, created_at) VALUES (${userId}, ${campaignId}, ${now})
        ON CONFLICT DO NOTHING`,
  );
}

export async function dismissedCampaigns(db: Executor, userId: number): Promise<Set<number>> {
  const found = await rows<{ campaign_id: number }>(
    db,
    sql`SELECT campaign_id FROM bonus_offer_dismissals WHERE user_id = ${userId}`,
  );
  return new Set(found.map((r) => Number(r.campaign_id)));
}

export interface RestrictionRow {
  userId: number;
  reason: string;
  createdAt: Date;
}

/** Sets the operator's restriction (a new reason replaces the old one; the date stays the first). */
export async function upsertRestriction(db: Executor, userId: number, reason: string, now: Date) {
  const [row] = await rows<{ user_id: number; reason: string; created_at: Date | string }>(
    db,
    sql`INSERT INTO bonus_restrictions (user_id, reason, created_at) VALUES (${userId}, ${reason}, ${now})
        ON CONFLICT (user_id) DO UPDATE SET reason = excluded.reason
        RETURNING user_id, reason, created_at`,
  );
  if (!row) throw new Error('upsert into bonus_restrictions returned no row');
  return { userId: Number(row.user_id), reason: row.reason, createdAt: new Date(row.created_at) };
}

export async function deleteRestriction(db: Executor, userId: number) {
  await db.execute(sql`DELETE FROM bonus_restrictions WHERE user_id = ${userId}`);
}

// --- personal data (docs/bonuses.md#limits-withdrawals-privacy) -----------------------------------

/** The offers the player dismissed: which campaign (its code) and when. */
export async function dismissalsForExport(db: Executor, userId: number): Promise<unknown[]> {
  return jsonRows(
    db,
    sql`SELECT d.campaign_id, c.code, d.created_at AS dismissed_at
          FROM bonus_offer_dismissals d JOIN bonus_campaigns c ON c.id = d.campaign_id
         WHERE d.user_id = ${userId} ORDER BY d.created_at, d.campaign_id`,
  );
}

/**
 * Whether an operator's restriction keeps bonuses from the player, and since when. The operator's
 * reason is an internal fraud-prevention note and stays out of the copy (docs/privacy.md).
 */
export async function restrictionForExport(db: Executor, userId: number): Promise<{ restricted_since: string } | null> {
  const [row] = await jsonRows(
    db,
    sql`SELECT created_at AS restricted_since FROM bonus_restrictions WHERE user_id = ${userId}`,
  );
  return (row as { restricted_since: string } | undefined) ?? null;
}

/** Erasure: dismissals only steer what is listed; they go. A restriction stays (fraud prevention). */
export async function eraseDismissals(db: Executor, userId: number): Promise<void> {
  await db.execute(sql`DELETE FROM bonus_offer_dismissals WHERE user_id = ${userId}`);
}
