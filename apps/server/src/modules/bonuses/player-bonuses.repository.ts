import { sql } from 'drizzle-orm';
import { rows, type Executor } from '../../db/sql.ts';
import { COLUMNS, toBonus, type BonusRow, type RawRow } from './bonuses.repository.ts';
import type { Stage } from './engine.ts';

/** What a bonus's campaign says about how it is shown (null fields: the campaign has none). */
export interface CampaignView {
  kind: string;
  trigger: string;
  groupKey: string | null;
  titles: Record<string, string> | null;
  terms: unknown;
}

/** A bonus with all the player API shows about it: its campaign, its frozen weights and its wallet. */
export interface PresentableBonus {
  bonus: BonusRow;
  /** The terms frozen on the bonus at issue (docs/bonuses.md#data-model). */
  weights: Record<string, number>;
  defaultWeight: number;
  excludedCollections: string[];
  campaign: CampaignView | null;
  /** The wallet of the bonus's currency: its total and its cash (null: no such wallet). */
  wallet: { amount: bigint; cash: bigint } | null;
  /** The player's language, for a campaign title in it. */
  language: string;
}

interface PresentableRaw extends RawRow {
  weights: Record<string, number> | string;
  default_weight: number;
  excluded_collections: string[] | string;
  c_kind: string | null;
  c_trigger: string | null;
  c_group_key: string | null;
  c_titles: Record<string, string> | string | null;
  c_terms: unknown;
  wallet_amount: string | null;
  wallet_cash: string | null;
  language: string;
}

const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

/**
 * A player's bonuses with their campaigns and wallets, newest first, in one query (the list, one
 * bonus, or the wallet's active one): the filter narrows the player's bonuses before the joins.
 */
export async function presentableBonuses(
  db: Executor,
  filter: { userId: number; id?: number; currency?: string; stage?: Stage },
): Promise<PresentableBonus[]> {
  const where = [sql`user_id = ${filter.userId}`];
  if (filter.id !== undefined) where.push(sql`id = ${filter.id}`);
  if (filter.currency !== undefined) where.push(sql`currency = ${filter.currency}`);
  if (filter.stage !== undefined) where.push(sql`stage = ${filter.stage}`);
  const found = await rows<PresentableRaw>(
    db,
    sql`SELECT b.*, c.kind AS c_kind, c.trigger AS c_trigger, c.group_key AS c_group_key, c.titles AS c_titles,
               c.terms AS c_terms, a.amount_cents::text AS wallet_amount,
               a.available_to_cashout_cents::text AS wallet_cash, u.language
          FROM (SELECT ${COLUMNS}, weights, default_weight, to_jsonb(excluded_collections) AS excluded_collections
                  FROM player_bonuses WHERE ${sql.join(where, sql` AND `)}) b
          JOIN users u ON u.id = b.user_id
          LEFT JOIN bonus_campaigns c ON c.id = b.campaign_id
          LEFT JOIN player_accounts a ON a.user_id = b.user_id AND a.currency = b.currency
         ORDER BY b.id DESC`,
  );
  return found.map((r) => ({
    bonus: toBonus(r),
    weights: json(r.weights),
    defaultWeight: Number(r.default_weight),
    excludedCollections: json(r.excluded_collections),
    campaign:
      r.c_kind === null || r.c_trigger === null
        ? null
        : {
            kind: r.c_kind,
            trigger: r.c_trigger,
            groupKey: r.c_group_key,
            titles: r.c_titles === null ? null : json(r.c_titles),
            terms: json(r.c_terms),
          },
    wallet:
      r.wallet_amount === null || r.wallet_cash === null
        ? null
        : { amount: BigInt(r.wallet_amount), cash: BigInt(r.wallet_cash) },
    language: r.language,
  }));
}

/**
 * How much a bet on a game counts towards a bonus, asked of `bonuses_game_weight`, the function the
 * bet check and the counter call inside the bet: the meter can never show another figure.
 */
export async function gameWeight(
  db: Executor,
  terms: { weights: Readonly<Record<string, number>>; defaultWeight: number; excludedCollections: readonly string[] },
  identifier: string,
): Promise<{ weight: number; excluded: boolean }> {
  const excluded = `{${terms.excludedCollections.map((c) => JSON.stringify(c)).join(',')}}`;
  const [row] = await rows<{ weight: number | null }>(
    db,
    sql`SELECT bonuses_game_weight(${JSON.stringify(terms.weights)}::jsonb, ${terms.defaultWeight}::int,
                                   ${excluded}::text[], ${identifier}) AS weight`,
  );
  const weight = row?.weight ?? null;
  return weight === null ? { weight: 0, excluded: true } : { weight: Number(weight), excluded: false };
}

/** A bonus the expiry job looks at: which wallet to lock first. */
export interface BonusRef {
  id: number;
  userId: number;
  currency: string;
}

const toRef = (r: { id: number; user_id: number; currency: string }): BonusRef => ({
  id: Number(r.id),
  userId: Number(r.user_id),
  currency: r.currency,
});

/**
 * Bonuses past their deadline (docs/bonuses.md#leased-jobs): issued or waiting ones past
 * `activatable_until`, wagered ones past `valid_until`; up to `limit` of each, oldest first. Each
 * part reads its own `(stage, deadline)` index.
 */
export async function bonusesPastDeadline(db: Executor, now: Date, limit: number): Promise<BonusRef[]> {
  const found = await rows<{ id: number; user_id: number; currency: string }>(
    db,
    sql`(SELECT id, user_id, currency FROM player_bonuses
          WHERE stage IN ('issued', 'wait') AND activatable_until <= ${now} ORDER BY id LIMIT ${limit})
        UNION ALL
        (SELECT id, user_id, currency FROM player_bonuses
          WHERE stage = 'handle_bets' AND valid_until <= ${now} ORDER BY id LIMIT ${limit})`,
  );
  return found.map(toRef).sort((a, b) => a.id - b.id);
}

/**
 * Open bonuses (`issued`, `wait`, `handle_bets`) of players under a running self-exclusion, up to
 * `limit`. Whether one runs is the limits module's own rule (`limits_break_refusal`); the join on
 * `user_limits` only narrows the players it is asked about to those who ever set one.
 */
export async function openBonusesOfSelfExcluded(db: Executor, now: Date, limit: number): Promise<BonusRef[]> {
  const found = await rows<{ id: number; user_id: number; currency: string }>(
    db,
    sql`SELECT b.id, b.user_id, b.currency FROM player_bonuses b
         WHERE b.stage IN ('issued', 'wait', 'handle_bets')
           AND b.user_id IN (SELECT user_id FROM user_limits WHERE type = 'selfexclusion')
           AND limits_break_refusal(b.user_id, ${now}, 'bonuses') ->> 'code' = 'self_excluded'
         ORDER BY b.id LIMIT ${limit}`,
  );
  return found.map(toRef);
}

/**
 * The oldest waiting bonus of each wallet that wagers none (its promotion was refused when the
 * active one ended: a break, or the maximum balance), up to `limit` wallets.
 */
export async function waitingWithoutActive(db: Executor, limit: number): Promise<BonusRef[]> {
  const found = await rows<{ id: number; user_id: number; currency: string }>(
    db,
    sql`SELECT DISTINCT ON (w.user_id, w.currency) w.id, w.user_id, w.currency FROM player_bonuses w
         WHERE w.stage = 'wait'
           AND NOT EXISTS (SELECT 1 FROM player_bonuses a
                            WHERE a.user_id = w.user_id AND a.currency = w.currency AND a.stage = 'handle_bets')
         ORDER BY w.user_id, w.currency, w.id LIMIT ${limit}`,
  );
  return found.map(toRef).sort((a, b) => a.id - b.id);
}
