import { sql } from 'drizzle-orm';
import type { PackStage } from '@croupier/shared/bonus-terms';
import { jsonRows, rows, type Executor } from '../../db/sql.ts';
import { textArray } from './bonuses.repository.ts';

/** A free-spin pack as the service reads it (money in minor units). */
export interface PackRow {
  id: number;
  userId: number;
  campaignId: number | null;
  currency: string;
  stage: PackStage;
  games: string[];
  betLevel: bigint;
  spinsTotal: number;
  spinsPerformed: number;
  win: bigint;
  winningsWagerMultiplier: number;
  winningsMaxConversion: bigint | null;
  validityDays: number;
  source: string;
  sourceRef: string;
  title: string | null;
  issuedAt: Date;
  activatableUntil: Date | null;
  activatedAt: Date | null;
  validUntil: Date | null;
  endedAt: Date | null;
  winningsBonusId: number | null;
}

interface RawPack {
  id: number;
  user_id: number;
  campaign_id: number | null;
  currency: string;
  stage: PackStage;
  games: string[] | string;
  bet_level_cents: string;
  spins_total: number;
  spins_performed: number;
  win_cents: string;
  winnings_wager_multiplier: number;
  winnings_max_conversion_cents: string | null;
  validity_days: number;
  source: string;
  source_ref: string;
  title: string | null;
  issued_at: Date | string;
  activatable_until: Date | string | null;
  activated_at: Date | string | null;
  valid_until: Date | string | null;
  ended_at: Date | string | null;
  winnings_bonus_id: number | null;
}

const date = (v: Date | string | null) => (v === null ? null : new Date(v));

/** A text[] as the driver returns it: an array, or on some paths its literal `{a,b}`. */
function readTextArray(v: string[] | string): string[] {
  if (Array.isArray(v)) return v;
  const inner = v.replace(/^\{|\}$/g, '');
  return inner === '' ? [] : inner.split(',').map((s) => s.replace(/^"|"$/g, ''));
}

const toPack = (r: RawPack): PackRow => ({
  id: Number(r.id),
  userId: Number(r.user_id),
  campaignId: r.campaign_id === null ? null : Number(r.campaign_id),
  currency: r.currency,
  stage: r.stage,
  games: readTextArray(r.games),
  betLevel: BigInt(r.bet_level_cents),
  spinsTotal: Number(r.spins_total),
  spinsPerformed: Number(r.spins_performed),
  win: BigInt(r.win_cents),
  winningsWagerMultiplier: Number(r.winnings_wager_multiplier),
  winningsMaxConversion: r.winnings_max_conversion_cents === null ? null : BigInt(r.winnings_max_conversion_cents),
  validityDays: Number(r.validity_days),
  source: r.source,
  sourceRef: r.source_ref,
  title: r.title,
  issuedAt: new Date(r.issued_at),
  activatableUntil: date(r.activatable_until),
  activatedAt: date(r.activated_at),
  validUntil: date(r.valid_until),
  endedAt: date(r.ended_at),
  winningsBonusId: r.winnings_bonus_id === null ? null : Number(r.winnings_bonus_id),
});

const COLUMNS = sql`id, user_id, campaign_id, currency, stage, games, bet_level_cents::text AS bet_level_cents,
  spins_total, spins_performed, win_cents::text AS win_cents, winnings_wager_multiplier,
  winnings_max_conversion_cents::text AS winnings_max_conversion_cents, validity_days, source, source_ref, title,
  issued_at, activatable_until, activated_at, valid_until, ended_at, winnings_bonus_id`;

export interface NewPack {
  userId: number;
  campaignId: number | null;
  currency: string;
  games: readonly string[];
  betLevel: bigint;
  spins: number;
  winningsWagerMultiplier: number;
  winningsMaxConversion: bigint | null;
  validityDays: number;
  source: string;
  sourceRef: string;
  title: string | null;
  issuedAt: Date;
  activatableUntil: Date | null;
}

/** Inserts an issued pack; an existing one with the same source and ref is returned instead. */
export async function insertPack(db: Executor, p: NewPack): Promise<{ pack: PackRow; created: boolean }> {
  const [inserted] = await rows<RawPack>(
    db,
    sql`INSERT INTO freespin_packs (user_id, campaign_id, currency, stage, games, bet_level_cents, spins_total,
          winnings_wager_multiplier, winnings_max_conversion_cents, validity_days, source, source_ref, title, issued_at,
          activatable_until)
        VALUES (${p.userId}, ${p.campaignId}, ${p.currency}, 'issued', ${textArray(p.games)},
          ${p.betLevel.toString()}::bigint, ${p.spins}, ${p.winningsWagerMultiplier},
          ${p.winningsMaxConversion?.toString() ?? null}::bigint, ${p.validityDays}, ${p.source}, ${p.sourceRef},
          ${p.title}, ${p.issuedAt}, ${p.activatableUntil})
        ON CONFLICT (source, source_ref) DO NOTHING
        RETURNING ${COLUMNS}`,
  );
  if (inserted) return { pack: toPack(inserted), created: true };
  const [existing] = await rows<RawPack>(
    db,
    sql`SELECT ${COLUMNS} FROM freespin_packs WHERE source = ${p.source} AND source_ref = ${p.sourceRef}`,
  );
  if (!existing) throw new Error(`pack ${p.source}/${p.sourceRef} neither inserted nor found`);
  return { pack: toPack(existing), created: false };
}

export async function findPack(db: Executor, id: number): Promise<PackRow | undefined> {
  const [row] = await rows<RawPack>(db, sql`SELECT ${COLUMNS} FROM freespin_packs WHERE id = ${id}`);
  return row ? toPack(row) : undefined;
}

export async function lockPack(db: Executor, id: number): Promise<PackRow | undefined> {
  const [row] = await rows<RawPack>(db, sql`SELECT ${COLUMNS} FROM freespin_packs WHERE id = ${id} FOR UPDATE`);
  return row ? toPack(row) : undefined;
}

/** The packs a list shows: issued and being played, newest first. */
export async function openPacksOf(db: Executor, userId: number): Promise<PackRow[]> {
  const found = await rows<RawPack>(
    db,
    sql`SELECT ${COLUMNS} FROM freespin_packs WHERE user_id = ${userId} AND stage IN ('issued', 'handle_bets')
         ORDER BY id DESC`,
  );
  return found.map(toPack);
}

/** Moves a pack between stages in one guarded update; false when it is no longer in `from`. */
export async function movePack(
  db: Executor,
  id: number,
  from: PackStage,
  to: PackStage,
  set: { now: Date; activated?: boolean; validUntil?: Date; ended?: boolean; winningsBonusId?: number },
): Promise<boolean> {
  const found = await rows<{ id: number }>(
    db,
    sql`UPDATE freespin_packs SET stage = ${to},
          activated_at = CASE WHEN ${set.activated ?? false} THEN ${set.now}::timestamptz ELSE activated_at END,
          valid_until = COALESCE(${set.validUntil ?? null}::timestamptz, valid_until),
          ended_at = CASE WHEN ${set.ended ?? false} THEN ${set.now}::timestamptz ELSE ended_at END,
          winnings_bonus_id = COALESCE(${set.winningsBonusId ?? null}::int, winnings_bonus_id)
        WHERE id = ${id} AND stage = ${from}
        RETURNING id`,
  );
  return found.length === 1;
}

/**
 * Takes one spin of a pack being played, for a game it covers, in the round's transaction: the
 * guard (`spins_performed < spins_total`) lets exactly `spins_total` spins through, whatever runs
 * at once. Undefined when there is no spin left to take (or the pack is not the player's, not
 * being played, past its validity, or not for this game).
 */
export async function takeSpin(
  db: Executor,
  s: { packId: number; userId: number; currency: string; game: string; now: Date },
): Promise<PackRow | undefined> {
  const [row] = await rows<RawPack>(
    db,
    sql`UPDATE freespin_packs SET spins_performed = spins_performed + 1
        WHERE id = ${s.packId} AND user_id = ${s.userId} AND currency = ${s.currency} AND stage = 'handle_bets'
          AND spins_performed < spins_total AND ${s.game} = ANY (games)
          AND (valid_until IS NULL OR valid_until > ${s.now}::timestamptz)
        RETURNING ${COLUMNS}`,
  );
  return row ? toPack(row) : undefined;
}

/** Adds a spin's win to its pack. */
export async function addPackWin(db: Executor, packId: number, win: bigint): Promise<PackRow> {
  const [row] = await rows<RawPack>(
    db,
    sql`UPDATE freespin_packs SET win_cents = win_cents + ${win.toString()}::bigint WHERE id = ${packId}
        RETURNING ${COLUMNS}`,
  );
  if (!row) throw new Error(`pack ${packId} vanished under its spin`);
  return toPack(row);
}

/** Packs whose deadline passed: issued past `activatable_until`, played past `valid_until`. */
export async function duePacks(db: Executor, now: Date, limit: number): Promise<PackRow[]> {
  const found = await rows<RawPack>(
    db,
    sql`SELECT ${COLUMNS} FROM freespin_packs
         WHERE (stage = 'issued' AND activatable_until <= ${now}::timestamptz)
            OR (stage = 'handle_bets' AND valid_until <= ${now}::timestamptz)
         ORDER BY id LIMIT ${limit}`,
  );
  return found.map(toPack);
}

/** The player's packs for their export (docs/privacy.md#the-module-hook). */
export async function packsForExport(db: Executor, userId: number): Promise<unknown[]> {
  return jsonRows(
    db,
    sql`SELECT id, campaign_id, currency, stage, games, bet_level_cents, spins_total, spins_performed, win_cents,
               issued_at, activatable_until, activated_at, valid_until, ended_at, winnings_bonus_id
          FROM freespin_packs WHERE user_id = ${userId} ORDER BY id`,
  );
}
