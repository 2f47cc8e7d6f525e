import { sql } from 'drizzle-orm';
import { DEFAULT_WEIGHT, type CurrencyTerms } from '@croupier/shared/bonus-terms';
import { jsonRows, rows, type Executor } from '../../db/sql.ts';
import type { CancelReason, Stage } from './engine.ts';

/** A player's bonus as the service reads it (money in minor units). */
export interface BonusRow {
  id: number;
  userId: number;
  campaignId: number | null;
  kind: string;
  currency: string;
  stage: Stage;
  cancelReason: CancelReason | null;
  source: string;
  sourceRef: string;
  amount: bigint;
  maxBet: bigint | null;
  maxConversion: bigint | null;
  wagerMultiplier: number;
  wagerRequirement: bigint;
  wagered: bigint;
  converted: bigint;
  validityDays: number;
  issuedAt: Date;
  activatableUntil: Date | null;
  activatedAt: Date | null;
  validUntil: Date | null;
  endedAt: Date | null;
  /** The campaign's terms for this currency frozen at issue (null: issued without a campaign). */
  terms: CurrencyTerms | null;
  /** The deposit a deposit bonus matched. */
  deposit: bigint | null;
  /** The week's net cash loss a cashback paid a share of. */
  loss: bigint | null;
}

export interface RawRow {
  id: number;
  user_id: number;
  campaign_id: number | null;
  kind: string;
  currency: string;
  stage: Stage;
  cancel_reason: CancelReason | null;
  source: string;
  source_ref: string;
  amount_cents: string;
  max_bet_cents: string | null;
  max_conversion_cents: string | null;
  wager_multiplier: number;
  wager_requirement_cents: string;
  wagered_cents: string;
  converted_cents: string;
  validity_days: number;
  issued_at: Date | string;
  activatable_until: Date | string | null;
  activated_at: Date | string | null;
  valid_until: Date | string | null;
  ended_at: Date | string | null;
  terms: CurrencyTerms | string | null;
  deposit_cents: string | null;
  loss_cents: string | null;
}

const date = (v: Date | string | null) => (v === null ? null : new Date(v));
const big = (v: string | null) => (v === null ? null : BigInt(v));

export const toBonus = (r: RawRow): BonusRow => ({
  id: Number(r.id),
  userId: Number(r.user_id),
  campaignId: r.campaign_id === null ? null : Number(r.campaign_id),
  kind: r.kind,
  currency: r.currency,
  stage: r.stage,
  cancelReason: r.cancel_reason,
  source: r.source,
  sourceRef: r.source_ref,
  amount: BigInt(r.amount_cents),
  maxBet: big(r.max_bet_cents),
  maxConversion: big(r.max_conversion_cents),
  wagerMultiplier: Number(r.wager_multiplier),
  wagerRequirement: BigInt(r.wager_requirement_cents),
  wagered: BigInt(r.wagered_cents),
  converted: BigInt(r.converted_cents),
  validityDays: Number(r.validity_days),
  issuedAt: new Date(r.issued_at),
  activatableUntil: date(r.activatable_until),
  activatedAt: date(r.activated_at),
  validUntil: date(r.valid_until),
  endedAt: date(r.ended_at),
  terms: typeof r.terms === 'string' ? (JSON.parse(r.terms) as CurrencyTerms) : r.terms,
  deposit: big(r.deposit_cents),
  loss: big(r.loss_cents),
});

/** The columns `toBonus` reads, unqualified (select them from `player_bonuses` or a subquery of it). */
export const COLUMNS = sql`id, user_id, campaign_id, kind, currency, stage, cancel_reason, source, source_ref,
  amount_cents::text AS amount_cents, max_bet_cents::text AS max_bet_cents,
  max_conversion_cents::text AS max_conversion_cents, wager_multiplier,
  wager_requirement_cents::text AS wager_requirement_cents, wagered_cents::text AS wagered_cents,
  converted_cents::text AS converted_cents, validity_days, issued_at, activatable_until, activated_at,
  valid_until, ended_at, terms, deposit_cents::text AS deposit_cents, loss_cents::text AS loss_cents`;

export interface NewBonus {
  userId: number;
  campaignId: number | null;
  kind: string;
  currency: string;
  source: string;
  sourceRef: string;
  amount: bigint;
  maxBet: bigint | null;
  maxConversion: bigint | null;
  wagerMultiplier: number;
  wagerRequirement: bigint;
  validityDays: number;
  issuedAt: Date;
  activatableUntil: Date | null;
  /** Frozen from a campaign (docs/bonuses.md#data-model); left out: the columns' defaults. */
  weights?: Readonly<Record<string, number>>;
  defaultWeight?: number;
  excludedCollections?: readonly string[];
  terms?: CurrencyTerms | null;
  deposit?: bigint | null;
  loss?: bigint | null;
}

/** A text[] parameter that both drivers bind alike (PGlite and node-postgres differ on JS arrays). */
export const textArray = (values: readonly string[]) =>
  values.length === 0
    ? sql`'{}'::text[]`
    : sql`ARRAY[${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )}]::text[]`;

/** Inserts an issued bonus; an existing one with the same source and ref is returned instead. */
export async function insertBonus(db: Executor, b: NewBonus): Promise<{ bonus: BonusRow; created: boolean }> {
  const [inserted] = await rows<RawRow>(
    db,
    sql`INSERT INTO player_bonuses (user_id, campaign_id, kind, currency, stage, source, source_ref, amount_cents,
          max_bet_cents, max_conversion_cents, wager_multiplier, wager_requirement_cents, validity_days, issued_at,
          activatable_until, weights, default_weight, excluded_collections, terms, deposit_cents, loss_cents)
        VALUES (${b.userId}, ${b.campaignId}, ${b.kind}, ${b.currency}, 'issued', ${b.source}, ${b.sourceRef},
          ${b.amount.toString()}::bigint, ${b.maxBet?.toString() ?? null}::bigint,
          ${b.maxConversion?.toString() ?? null}::bigint, ${b.wagerMultiplier}, ${b.wagerRequirement.toString()}::bigint,
          ${b.validityDays}, ${b.issuedAt}, ${b.activatableUntil}, ${JSON.stringify(b.weights ?? {})}::jsonb,
          ${b.defaultWeight ?? DEFAULT_WEIGHT}, ${textArray(b.excludedCollections ?? [])},
          ${b.terms ? JSON.stringify(b.terms) : null}::jsonb, ${b.deposit?.toString() ?? null}::bigint,
          ${b.loss?.toString() ?? null}::bigint)
        ON CONFLICT (source, source_ref) DO NOTHING
        RETURNING ${COLUMNS}`,
  );
  if (inserted) return { bonus: toBonus(inserted), created: true };
  const [existing] = await rows<RawRow>(
    db,
    sql`SELECT ${COLUMNS} FROM player_bonuses WHERE source = ${b.source} AND source_ref = ${b.sourceRef}`,
  );
  if (!existing) throw new Error(`bonus ${b.source}/${b.sourceRef} neither inserted nor found`);
  return { bonus: toBonus(existing), created: false };
}

/** The bonus a source and ref issued, if any (a manual issue's key, a payment). */
export async function findBonusBySource(
  db: Executor,
  source: string,
  sourceRef: string,
): Promise<BonusRow | undefined> {
  const [row] = await rows<RawRow>(
    db,
    sql`SELECT ${COLUMNS} FROM player_bonuses WHERE source = ${source} AND source_ref = ${sourceRef}`,
  );
  return row ? toBonus(row) : undefined;
}

/** Locks a player's bonus (after their wallet: the order `wallet_bet` uses). */
export async function lockBonus(db: Executor, id: number): Promise<BonusRow | undefined> {
  const [row] = await rows<RawRow>(db, sql`SELECT ${COLUMNS} FROM player_bonuses WHERE id = ${id} FOR UPDATE`);
  return row ? toBonus(row) : undefined;
}

export async function findBonus(db: Executor, id: number): Promise<BonusRow | undefined> {
  const [row] = await rows<RawRow>(db, sql`SELECT ${COLUMNS} FROM player_bonuses WHERE id = ${id}`);
  return row ? toBonus(row) : undefined;
}

/** The wallet's bonus in `handle_bets`, if any (at most one: a unique index). */
export async function activeBonus(db: Executor, userId: number, currency: string): Promise<BonusRow | undefined> {
  const [row] = await rows<RawRow>(
    db,
    sql`SELECT ${COLUMNS} FROM player_bonuses WHERE user_id = ${userId} AND currency = ${currency} AND stage = 'handle_bets'`,
  );
  return row ? toBonus(row) : undefined;
}

/**
 * A wallet's deposit bonuses not started yet — waiting behind the active one, or issued and held
 * (a break, the balance maximum, an address not confirmed) — still within their activation time,
 * locked, in the order they would start: waiting ones as promoted, then issued ones by issue.
 * A withdrawal decides which of them its cash takes (docs/bonuses.md#withdrawals-and-bonuses).
 */
export async function depositBonusesNotStarted(
  db: Executor,
  userId: number,
  currency: string,
  now: Date,
): Promise<BonusRow[]> {
  const found = await rows<RawRow>(
    db,
    sql`SELECT ${COLUMNS} FROM player_bonuses
         WHERE user_id = ${userId} AND currency = ${currency} AND source = 'payment' AND stage IN ('wait', 'issued')
           AND (activatable_until IS NULL OR activatable_until > ${now})
         ORDER BY stage = 'issued', activated_at, issued_at, id FOR UPDATE`,
  );
  return found.map(toBonus);
}

/**
 * A player's deposit bonuses held `issued` (in every currency), oldest first: at the confirmation
 * of their address they start, as they would have at their deposits (docs/bonuses.md#confirmed-addresses-only).
 */
export async function heldDepositBonuses(db: Executor, userId: number): Promise<BonusRow[]> {
  const found = await rows<RawRow>(
    db,
    sql`SELECT ${COLUMNS} FROM player_bonuses WHERE user_id = ${userId} AND source = 'payment' AND stage = 'issued'
         ORDER BY issued_at, id`,
  );
  return found.map(toBonus);
}

/** The oldest waiting bonus of a wallet, locked: the next to be wagered. */
export async function oldestWaiting(db: Executor, userId: number, currency: string): Promise<BonusRow | undefined> {
  const [row] = await rows<RawRow>(
    db,
    sql`SELECT ${COLUMNS} FROM player_bonuses WHERE user_id = ${userId} AND currency = ${currency} AND stage = 'wait'
         ORDER BY activated_at, id LIMIT 1 FOR UPDATE`,
  );
  return row ? toBonus(row) : undefined;
}

export async function bonusesOf(db: Executor, userId: number): Promise<BonusRow[]> {
  const found = await rows<RawRow>(
    db,
    sql`SELECT ${COLUMNS} FROM player_bonuses WHERE user_id = ${userId} ORDER BY id`,
  );
  return found.map(toBonus);
}

/**
 * Moves a bonus from one stage to the next in one guarded update (`… AND stage = <from>`): false,
 * and nothing changes, when it is no longer in `from`.
 */
export async function moveStage(
  db: Executor,
  id: number,
  from: Stage,
  to: Stage,
  set: {
    now: Date;
    activatedAt?: Date;
    validUntil?: Date;
    ended?: boolean;
    cancelReason?: CancelReason;
    converted?: bigint;
  },
): Promise<boolean> {
  const found = await rows<{ id: number }>(
    db,
    sql`UPDATE player_bonuses SET stage = ${to},
          activated_at = COALESCE(${set.activatedAt ?? null}::timestamptz, activated_at),
          valid_until = COALESCE(${set.validUntil ?? null}::timestamptz, valid_until),
          ended_at = CASE WHEN ${set.ended ?? false} THEN ${set.now}::timestamptz ELSE ended_at END,
          cancel_reason = COALESCE(${set.cancelReason ?? null}, cancel_reason),
          converted_cents = converted_cents + ${(set.converted ?? 0n).toString()}::bigint
        WHERE id = ${id} AND stage = ${from}
        RETURNING id`,
  );
  return found.length === 1;
}

/**
 * Whether a round that staked this bonus's money is still open: its money may still come back
 * (a win), so the bonus is not lost yet however empty the wallet looks.
 */
export async function bonusRoundOpen(db: Executor, bonusId: number): Promise<boolean> {
  const [row] = await rows<{ open: boolean }>(
    db,
    sql`SELECT EXISTS (
          SELECT 1 FROM bonus_wagers bw
            JOIN wallet_requests wr ON wr.provider = bw.provider AND wr.tx_id = bw.tx_id AND wr.status = 'ok'
           WHERE bw.bonus_id = ${bonusId} AND bw.bonus_part > 0
             AND NOT EXISTS (SELECT 1 FROM wallet_requests w
                              WHERE w.provider = bw.provider AND w.round_id = bw.round_id AND w.user_id = bw.user_id
                                AND w.action = 'win' AND w.status = 'closed')) AS open`,
  );
  return row?.open === true;
}

/** The player's bonuses for their export (docs/privacy.md#the-module-hook). */
export async function bonusesForExport(db: Executor, userId: number): Promise<unknown[]> {
  return jsonRows(
    db,
    sql`SELECT id, campaign_id, kind, currency, stage, cancel_reason, source, amount_cents, max_bet_cents,
               max_conversion_cents, wager_multiplier, wager_requirement_cents, wagered_cents, converted_cents,
               issued_at, activatable_until, activated_at, valid_until, ended_at
          FROM player_bonuses WHERE user_id = ${userId} ORDER BY id`,
  );
}

/**
 * Ledger invariant (docs/bonuses.md#guarantees-and-the-tests-that-prove-them): a wallet holding
 * bonus money has a bonus in `handle_bets` of its currency. (At most one: the unique index.)
 */
export const bonusMoneyWithoutBonus = sql`
  SELECT p.id::text AS player_account_id, 'bonus money held without a bonus in handle_bets' AS broken
    FROM player_accounts p
   WHERE p.amount_cents > p.available_to_cashout_cents
     AND NOT EXISTS (SELECT 1 FROM player_bonuses b
                      WHERE b.user_id = p.user_id AND b.currency = p.currency AND b.stage = 'handle_bets')
  UNION ALL
  SELECT NULL, 'unique index player_bonuses_one_active_idx missing'
   WHERE NOT EXISTS (SELECT 1 FROM pg_indexes WHERE indexname = 'player_bonuses_one_active_idx')`;

/** Ledger invariant: a bonus's counter is the sum of its unreversed wagers' contributions. */
export const wageredDiffersFromWagers = sql`
  SELECT b.id::text AS bonus_id, b.wagered_cents::text AS wagered, coalesce(w.total, 0)::text AS wagers
    FROM player_bonuses b
    LEFT JOIN (SELECT bonus_id, sum(contribution) AS total FROM bonus_wagers WHERE reversed_at IS NULL GROUP BY bonus_id) w
      ON w.bonus_id = b.id
   WHERE b.wagered_cents <> coalesce(w.total, 0)`;

/**
 * On erasure (docs/privacy.md#erasure; refused while money is held): what was offered and never
 * started ends, as canceled with reason `erasure` — issued and waiting bonuses, packs not finished,
 * personal codes not used. The rows stay, tied to the player by id only: they are money records.
 */
export async function closeBonusesOnErasure(db: Executor, userId: number, now: Date): Promise<void> {
  await db.execute(
    sql`UPDATE player_bonuses SET stage = 'canceled', cancel_reason = 'erasure', ended_at = ${now}
         WHERE user_id = ${userId} AND stage IN ('issued', 'wait')`,
  );
  await db.execute(
    sql`UPDATE freespin_packs SET stage = 'canceled', ended_at = ${now}
         WHERE user_id = ${userId} AND stage IN ('issued', 'handle_bets')`,
  );
  await db.execute(sql`UPDATE bonus_codes SET state = 'canceled' WHERE user_id = ${userId} AND state = 'issued'`);
}
