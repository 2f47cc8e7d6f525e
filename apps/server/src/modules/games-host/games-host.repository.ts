import { sql, type SQL } from 'drizzle-orm';
import { jsonRows, rows, type Executor } from '../../db/sql.ts';

/**
 * Every query the games host runs but those of its seed pairs (`seeds.repository.ts`): its rounds
 * (`game_rounds`), FUN-money sessions (`demo_sessions`) and shared rounds (`shared_rounds`), the
 * player's history and winners, and the few reads of the wallet's records the protocol cannot
 * answer (see "what the wallet holds for a round"). Writes to an open round are guarded by its
 * status and by the claim of the action or settlement holding it (decision 013): a statement that
 * finds the guard changed does nothing, and its caller treats that as having lost the race.
 */

export interface RoundRow {
  id: number;
  mode: string;
  user_id: number | null;
  demo_session: string | null;
  game_id: number;
  model: string;
  currency: string;
  seed_id: number | null;
  nonce: number | null;
  shared_round_id: number | null;
  bet: unknown;
  actions: unknown[];
  state: unknown;
  rng_position: number;
  status: string;
  stake: string;
  win: string;
  bet_count: number;
  balance_after: string | null;
  created_at: Date | string;
  finished_at: Date | string | null;
  /** The token of the action holding the round (decision 013), null when none is under way. */
  claim: string | null;
  claimed_at: Date | string | null;
}

export interface SharedRoundRow {
  id: number;
  game: string;
  phase: 'betting' | 'running' | 'ended';
  server_seed: string;
  server_seed_hash: string;
  result: Record<string, unknown> | null;
  betting_ends_at: Date | string;
  started_at: Date | string | null;
  ended_at: Date | string | null;
}

/** A round with its game, provider and seeds, as the player's history and verification show it. */
export interface HistoryRow extends RoundRow {
  identifier: string;
  title: string;
  provider_title: string;
  engine: string;
  seo_title: string;
  server_seed: string | null;
  server_seed_hash: string | null;
  client_seed: string | null;
  seed_active: boolean | null;
  shared_seed: string | null;
  shared_seed_hash: string | null;
  shared_phase: string | null;
  total: string;
}

/** Whose rounds: a player's real-money rounds, or one demo session's. */
export interface RoundOwner {
  mode: 'real' | 'demo';
  userId: number | null;
  demoSession: string | null;
}

/** The claim of a decided round whose win the wallet did not confirm: no action can take it. */
const UNPAID = 'unpaid:';

const ownedBy = (owner: RoundOwner) =>
  owner.mode === 'real' ? sql`user_id = ${owner.userId} AND mode = 'real'` : sql`demo_session = ${owner.demoSession}`;

// ------------------------------------------------------------------ demo sessions

export async function insertDemoSession(
  db: Executor,
  session: { tokenHash: string; gameId: number; balance: bigint; now: Date; expiresAt: Date },
): Promise<void> {
  await db.execute(
    sql`INSERT INTO demo_sessions (token_hash, game_id, balance, created_at, expires_at)
        VALUES (${session.tokenHash}, ${session.gameId}, ${session.balance.toString()}::bigint, ${session.now}, ${session.expiresAt})`,
  );
}

export async function findDemoSession(
  db: Executor,
  tokenHash: string,
): Promise<{ game_id: number; expires_at: Date | string } | undefined> {
  const [row] = await rows<{ game_id: number; expires_at: Date | string }>(
    db,
    sql`SELECT game_id, expires_at FROM demo_sessions WHERE token_hash = ${tokenHash}`,
  );
  return row;
}

/** The FUN balance of a demo session (0 when it is gone). */
export async function demoBalance(db: Executor, session: string | null): Promise<number> {
  const [row] = await rows<{ balance: string }>(
    db,
    sql`SELECT balance::text FROM demo_sessions WHERE token_hash = ${session}`,
  );
  return Number(row?.balance ?? 0);
}

/** Takes a FUN stake in one guarded statement; null when the balance is short (nothing taken). */
export async function debitDemo(db: Executor, session: string | null, amount: bigint): Promise<number | null> {
  const taken = await rows<{ balance: string }>(
    db,
    sql`UPDATE demo_sessions SET balance = balance - ${amount.toString()}::bigint WHERE token_hash = ${session} AND balance >= ${amount.toString()}::bigint RETURNING balance::text`,
  );
  return taken.length === 0 ? null : Number(taken[0]!.balance);
}

/** Pays a FUN win; the new balance as bigint text, null when the session is gone. */
export async function creditDemo(db: Executor, session: string | null, amount: bigint): Promise<string | null> {
  const [row] = await rows<{ balance: string }>(
    db,
    sql`UPDATE demo_sessions SET balance = balance + ${amount.toString()}::bigint WHERE token_hash = ${session} RETURNING balance::text`,
  );
  return row?.balance ?? null;
}

// ------------------------------------------------------------------ rounds: reads

export async function roundById(db: Executor, roundId: number): Promise<RoundRow | undefined> {
  const [row] = await rows<RoundRow>(db, sql`SELECT * FROM game_rounds WHERE id = ${roundId}`);
  return row;
}

export async function ownedRound(db: Executor, owner: RoundOwner, roundId: number): Promise<RoundRow | undefined> {
  const [row] = await rows<RoundRow>(db, sql`SELECT * FROM game_rounds WHERE id = ${roundId} AND ${ownedBy(owner)}`);
  return row;
}

/** The owner's newest open round of a game played alone (not a shared-round bet). */
export async function openRoundOf(db: Executor, owner: RoundOwner, gameId: number): Promise<RoundRow | undefined> {
  const [row] = await rows<RoundRow>(
    db,
    sql`SELECT * FROM game_rounds WHERE ${ownedBy(owner)} AND game_id = ${gameId} AND status = 'open' AND shared_round_id IS NULL
        ORDER BY id DESC LIMIT 1`,
  );
  return row;
}

/** The owner's decided rounds whose win the wallet did not confirm, oldest first. */
export async function unpaidRoundsOf(db: Executor, owner: RoundOwner): Promise<RoundRow[]> {
  return rows<RoundRow>(
    db,
    sql`SELECT * FROM game_rounds WHERE ${ownedBy(owner)} AND status = 'open' AND shared_round_id IS NULL AND claim LIKE ${`${UNPAID}%`} ORDER BY id`,
  );
}

/** Open rounds nobody has acted on since `cutoff`, oldest first (docs/reliability.md#g8-interrupted-rounds). */
export async function abandonedRounds(db: Executor, cutoff: Date, limit: number): Promise<RoundRow[]> {
  return rows<RoundRow>(
    db,
    sql`SELECT * FROM game_rounds WHERE status = 'open' AND shared_round_id IS NULL AND created_at < ${cutoff}
          AND (claimed_at IS NULL OR claimed_at < ${cutoff})
        ORDER BY id LIMIT ${limit}`,
  );
}

// ------------------------------------------------------------------ rounds: an action's claim

/**
 * Opens a round, born claimed by `claim`. Null when the owner already has an open round of the
 * game: the one-open-round indexes (migration 0014) let only one of two concurrent deals in.
 */
export async function insertRound(
  db: Executor,
  round: {
    owner: RoundOwner;
    gameId: number;
    model: string;
    currency: string;
    seedId: number;
    nonce: number;
    bet: unknown;
    state: unknown;
    rngPosition: number;
    stake: number;
    now: Date;
    claim: string;
  },
): Promise<RoundRow | null> {
  const { owner, now } = round;
  const [inserted] = await rows<RoundRow>(
    db,
    sql`INSERT INTO game_rounds (mode, user_id, demo_session, game_id, model, currency, seed_id, nonce, bet, state, rng_position, status, stake, bet_count, created_at, claim, claimed_at)
        VALUES (${owner.mode}, ${owner.userId}, ${owner.demoSession}, ${round.gameId}, ${round.model}, ${round.currency}, ${round.seedId}, ${round.nonce},
                ${JSON.stringify(round.bet)}::jsonb, ${JSON.stringify(round.state)}::jsonb, ${round.rngPosition}, 'open', ${String(round.stake)}::bigint, 1, ${now}, ${round.claim}, ${now})
        ON CONFLICT DO NOTHING
        RETURNING *`,
  );
  return inserted ?? null;
}

/**
 * Stores a free spin (docs/bonuses.md#free-spin-packs-codes): decided and settled at once, in the
 * transaction that took the spin from its pack. The player staked nothing (`stake` 0; the pack's
 * stake is in `bet`); its win goes to the pack, not the wallet.
 */
export async function insertFreeSpinRound(
  db: Executor,
  round: {
    userId: number;
    gameId: number;
    model: string;
    currency: string;
    seedId: number;
    nonce: number;
    bet: unknown;
    state: unknown;
    rngPosition: number;
    win: bigint;
    packId: number;
    now: Date;
  },
): Promise<RoundRow> {
  const [inserted] = await rows<RoundRow>(
    db,
    sql`INSERT INTO game_rounds (mode, user_id, game_id, model, currency, seed_id, nonce, bet, state, rng_position, status,
                                 stake, win, bet_count, created_at, finished_at, freespin_pack_id)
        VALUES ('freespin', ${round.userId}, ${round.gameId}, ${round.model}, ${round.currency}, ${round.seedId},
                ${round.nonce}, ${JSON.stringify(round.bet)}::jsonb, ${JSON.stringify(round.state)}::jsonb,
                ${round.rngPosition}, 'finished', 0, ${round.win.toString()}::bigint, 0, ${round.now}, ${round.now},
                ${round.packId})
        RETURNING *`,
  );
  if (!inserted) throw new Error('free spin round not stored');
  return inserted;
}

/** Claims an open, unclaimed round of the owner for one action; undefined when it is not so. */
export async function claimRound(
  db: Executor,
  owner: RoundOwner,
  roundId: number,
  claim: string,
  now: Date,
): Promise<RoundRow | undefined> {
  const [row] = await rows<RoundRow>(
    db,
    sql`UPDATE game_rounds SET claim = ${claim}, claimed_at = ${now}
        WHERE id = ${roundId} AND ${ownedBy(owner)} AND status = 'open' AND shared_round_id IS NULL AND claim IS NULL
        RETURNING *`,
  );
  return row;
}

/** Lets a round go unchanged; `betCount` skips a bet id the wallet has already seen. */
export async function releaseRound(db: Executor, roundId: number, claim: string, betCount?: number): Promise<void> {
  await db.execute(
    sql`UPDATE game_rounds SET claim = NULL ${betCount === undefined ? sql`` : sql`, bet_count = GREATEST(bet_count, ${betCount})`}
        WHERE id = ${roundId} AND claim = ${claim}`,
  );
}

/** Lets a round go unchanged and returns it; undefined when the claim was no longer held. */
export async function releasedRound(db: Executor, roundId: number, claim: string): Promise<RoundRow | undefined> {
  const [row] = await rows<RoundRow>(
    db,
    sql`UPDATE game_rounds SET claim = NULL WHERE id = ${roundId} AND claim = ${claim} RETURNING *`,
  );
  return row;
}

/** Stores an action's step under its claim; a finishing step keeps the claim until its win is paid. */
export async function applyStep(
  db: Executor,
  roundId: number,
  claim: string,
  step: { state: unknown; rngPosition: number; stake: number; betCount: number; action: unknown; finished: boolean },
): Promise<RoundRow | undefined> {
  const [row] = await rows<RoundRow>(
    db,
    sql`UPDATE game_rounds SET state = ${JSON.stringify(step.state)}::jsonb, rng_position = ${step.rngPosition}, stake = ${String(step.stake)}::bigint,
          bet_count = ${step.betCount}, actions = actions || ${JSON.stringify([step.action])}::jsonb, claim = ${step.finished ? claim : null}
        WHERE id = ${roundId} AND claim = ${claim} RETURNING *`,
  );
  return row;
}

/** Marks a decided round whose win the wallet did not confirm: no action can take it any more. */
export async function markUnpaid(db: Executor, roundId: number, claim: string): Promise<void> {
  await db.execute(sql`UPDATE game_rounds SET claim = ${UNPAID + claim} WHERE id = ${roundId} AND claim = ${claim}`);
}

/** Closes a round under its claim with the win paid and the balance it left. */
export async function finishClaimedRound(
  db: Executor,
  roundId: number,
  claim: string,
  done: { win: bigint; balanceAfter: number; finishedAt: Date },
): Promise<RoundRow | undefined> {
  const [row] = await rows<RoundRow>(
    db,
    sql`UPDATE game_rounds SET status = 'finished', win = ${done.win.toString()}::bigint, balance_after = ${String(done.balanceAfter)}::bigint, finished_at = ${done.finishedAt}, claim = NULL
        WHERE id = ${roundId} AND status = 'open' AND claim = ${claim} RETURNING *`,
  );
  return row;
}

/** Voids a round whose stake the wallet did not keep, under its claim. */
export async function voidClaimedRound(db: Executor, roundId: number, claim: string, now: Date): Promise<void> {
  await db.execute(
    sql`UPDATE game_rounds SET status = 'void', finished_at = ${now}, claim = NULL WHERE id = ${roundId} AND claim = ${claim}`,
  );
}

/** Voids a round whose win the wallet refused for good, if it is still open under the claim seen. */
export async function voidRoundOfRefusedWin(
  db: Executor,
  roundId: number,
  claim: string | null,
  voided: { finishedAt: Date; marker: string },
): Promise<void> {
  await db.execute(
    sql`UPDATE game_rounds SET status = 'void', finished_at = ${voided.finishedAt}, actions = actions || ${voided.marker}::jsonb, claim = NULL
        WHERE id = ${roundId} AND status = 'open' AND claim IS NOT DISTINCT FROM ${claim}`,
  );
}

/**
 * Closes an open demo round with its FUN win. Run in the credit's transaction after `lockOpenRound`,
 * so the round is closed once however many settlements reach it.
 */
export async function finishDemoRound(
  db: Executor,
  roundId: number,
  done: { win: bigint; balanceAfter: string | null; finishedAt: Date },
): Promise<void> {
  await db.execute(
    sql`UPDATE game_rounds SET status = 'finished', win = ${done.win.toString()}::bigint, balance_after = ${done.balanceAfter}::bigint,
          finished_at = ${done.finishedAt}
        WHERE id = ${roundId}`,
  );
}

/** Locks the round if it is open (false: closed); a concurrent settlement waits for the lock. */
export async function lockOpenRound(db: Executor, roundId: number): Promise<boolean> {
  const open = await rows<{ id: number }>(
    db,
    sql`SELECT id FROM game_rounds WHERE id = ${roundId} AND status = 'open' FOR UPDATE`,
  );
  return open.length > 0;
}

// ------------------------------------------------------------------ rounds: the sweeper's settlements

/** Which claim a settlement may take over: one as old as the sweeper's cutoff, or an unpaid win's. */
export type TakeOver = { staleBefore: Date } | 'unpaid';

/** Takes the round over for a settlement if its claim is still the one seen and `takeOver` allows it. */
export async function claimForSettlement(
  db: Executor,
  roundId: number,
  seen: string | null,
  claim: string,
  now: Date,
  takeOver: TakeOver,
): Promise<RoundRow | undefined> {
  const allowed =
    takeOver === 'unpaid'
      ? sql`claim LIKE ${`${UNPAID}%`}`
      : sql`(claimed_at IS NULL OR claimed_at < ${takeOver.staleBefore})`;
  const [row] = await rows<RoundRow>(
    db,
    sql`UPDATE game_rounds SET claim = ${claim}, claimed_at = ${now}
        WHERE id = ${roundId} AND status = 'open' AND claim IS NOT DISTINCT FROM ${seen} AND ${allowed}
        RETURNING *`,
  );
  return row;
}

/** Puts back the claim a failed settlement took over, with its old date. */
export async function restoreClaim(
  db: Executor,
  roundId: number,
  claim: string,
  previous: { claim: string | null; claimedAt: Date | null },
): Promise<void> {
  await db.execute(
    sql`UPDATE game_rounds SET claim = ${previous.claim}, claimed_at = ${previous.claimedAt} WHERE id = ${roundId} AND claim = ${claim}`,
  );
}

/** Closes a settled demo round under the settlement's claim; false when the claim was lost. */
export async function settleDemoRound(
  db: Executor,
  roundId: number,
  claim: string,
  done: { win: bigint; balanceAfter: string | null; finishedAt: Date; marker: string },
): Promise<boolean> {
  const settled = await rows<{ id: number }>(
    db,
    sql`UPDATE game_rounds SET status = 'finished', win = ${done.win.toString()}::bigint, balance_after = ${done.balanceAfter}::bigint,
          finished_at = ${done.finishedAt}, actions = actions || ${done.marker}::jsonb, claim = NULL
        WHERE id = ${roundId} AND status = 'open' AND claim = ${claim} RETURNING id`,
  );
  return settled.length > 0;
}

/** Closes a settled real round under the settlement's claim, with the stake the wallet holds. */
export async function settleRealRound(
  db: Executor,
  roundId: number,
  claim: string,
  done: { stake: bigint; win: bigint; balanceAfter: number; finishedAt: Date; marker: string },
): Promise<boolean> {
  const settled = await rows<{ id: number }>(
    db,
    sql`UPDATE game_rounds SET status = 'finished', stake = ${done.stake.toString()}::bigint, win = ${done.win.toString()}::bigint,
          balance_after = ${String(done.balanceAfter)}::bigint, finished_at = ${done.finishedAt}, actions = actions || ${done.marker}::jsonb, claim = NULL
        WHERE id = ${roundId} AND status = 'open' AND claim = ${claim} RETURNING id`,
  );
  return settled.length > 0;
}

// ------------------------------------------------------------------ shared rounds

export async function latestSharedRound(db: Executor, game: string): Promise<SharedRoundRow | undefined> {
  const [row] = await rows<SharedRoundRow>(
    db,
    sql`SELECT * FROM shared_rounds WHERE game = ${game} ORDER BY id DESC LIMIT 1`,
  );
  return row;
}

export async function sharedRoundById(db: Executor, sharedRoundId: number): Promise<SharedRoundRow | undefined> {
  const [row] = await rows<SharedRoundRow>(db, sql`SELECT * FROM shared_rounds WHERE id = ${sharedRoundId}`);
  return row;
}

/** The game's last 20 ended shared rounds, newest first. */
export async function endedSharedRounds(db: Executor, game: string): Promise<SharedRoundRow[]> {
  return rows<SharedRoundRow>(
    db,
    sql`SELECT * FROM shared_rounds WHERE game = ${game} AND phase = 'ended' ORDER BY id DESC LIMIT 20`,
  );
}

/** Opens a shared round taking bets; fails with a unique violation if the game has an unfinished one. */
export async function insertSharedRound(
  db: Executor,
  round: { game: string; serverSeed: string; serverSeedHash: string; bettingEndsAt: Date; now: Date },
): Promise<SharedRoundRow> {
  const [opened] = await rows<SharedRoundRow>(
    db,
    sql`INSERT INTO shared_rounds (game, phase, server_seed, server_seed_hash, betting_ends_at, created_at)
        VALUES (${round.game}, 'betting', ${round.serverSeed}, ${round.serverSeedHash}, ${round.bettingEndsAt}, ${round.now}) RETURNING *`,
  );
  return opened!;
}

export async function setSharedResult(
  db: Executor,
  sharedRoundId: number,
  result: Record<string, unknown>,
): Promise<SharedRoundRow> {
  const [row] = await rows<SharedRoundRow>(
    db,
    sql`UPDATE shared_rounds SET result = ${JSON.stringify(result)}::jsonb WHERE id = ${sharedRoundId} RETURNING *`,
  );
  return row!;
}

/** Betting → running; undefined when another runner moved the round on first. */
export async function startSharedRound(
  db: Executor,
  sharedRoundId: number,
  startedAt: Date,
): Promise<SharedRoundRow | undefined> {
  const [row] = await rows<SharedRoundRow>(
    db,
    sql`UPDATE shared_rounds SET phase = 'running', started_at = ${startedAt} WHERE id = ${sharedRoundId} AND phase = 'betting' RETURNING *`,
  );
  return row;
}

/** Ends a shared round; undefined when another runner ended it first. */
export async function endSharedRound(
  db: Executor,
  sharedRoundId: number,
  endedAt: Date,
): Promise<SharedRoundRow | undefined> {
  const [row] = await rows<SharedRoundRow>(
    db,
    sql`UPDATE shared_rounds SET phase = 'ended', ended_at = ${endedAt} WHERE id = ${sharedRoundId} AND phase <> 'ended' RETURNING *`,
  );
  return row;
}

/** A bet on a shared round, stored claimed (pending) until the wallet took its stake. */
export async function insertSharedBet(
  db: Executor,
  bet: {
    owner: RoundOwner;
    gameId: number;
    model: string;
    currency: string;
    sharedRoundId: number;
    bet: unknown;
    state: unknown;
    stake: number;
    now: Date;
    claim: string;
  },
): Promise<RoundRow> {
  const { owner, now } = bet;
  const [row] = await rows<RoundRow>(
    db,
    sql`INSERT INTO game_rounds (mode, user_id, demo_session, game_id, model, currency, shared_round_id, bet, state, status, stake, bet_count, created_at, claim, claimed_at)
        VALUES (${owner.mode}, ${owner.userId}, ${owner.demoSession}, ${bet.gameId}, ${bet.model}, ${bet.currency}, ${bet.sharedRoundId}, ${JSON.stringify(bet.bet)}::jsonb,
                ${JSON.stringify(bet.state)}::jsonb, 'open', ${String(bet.stake)}::bigint, 1, ${now}, ${bet.claim}, ${now}) RETURNING *`,
  );
  return row!;
}

/** The confirmed (unclaimed) open bets of a shared round, in the order they were placed. */
export async function openSharedBets(db: Executor, sharedRoundId: number): Promise<RoundRow[]> {
  return rows<RoundRow>(
    db,
    sql`SELECT * FROM game_rounds WHERE shared_round_id = ${sharedRoundId} AND status = 'open' AND claim IS NULL ORDER BY id`,
  );
}

/**
 * Fixes the win of a shared-round bet in its state, if no settlement fixed one yet; undefined when
 * one did (or the bet is closed).
 */
export async function fixSharedWin(db: Executor, roundId: number, state: unknown): Promise<RoundRow | undefined> {
  const [row] = await rows<RoundRow>(
    db,
    sql`UPDATE game_rounds SET state = ${JSON.stringify(state)}::jsonb
        WHERE id = ${roundId} AND status = 'open' AND state->'settled_win' IS NULL RETURNING *`,
  );
  return row;
}

/** Closes an open shared-round bet with the win paid and the balance it left. */
export async function finishSharedBet(
  db: Executor,
  roundId: number,
  done: { win: bigint; balanceAfter: number; finishedAt: Date },
): Promise<RoundRow | undefined> {
  const [row] = await rows<RoundRow>(
    db,
    sql`UPDATE game_rounds SET status = 'finished', win = ${done.win.toString()}::bigint, balance_after = ${String(done.balanceAfter)}::bigint, finished_at = ${done.finishedAt}
        WHERE id = ${roundId} AND status = 'open' RETURNING *`,
  );
  return row;
}

/** Open bets of shared rounds that ended before `cutoff` and that no one holds since then, oldest first. */
export async function interruptedSharedBets(
  db: Executor,
  cutoff: Date,
  limit: number,
): Promise<(RoundRow & { shared_result: Record<string, unknown> })[]> {
  return rows<RoundRow & { shared_result: Record<string, unknown> }>(
    db,
    sql`SELECT g.*, s.result AS shared_result FROM game_rounds g JOIN shared_rounds s ON s.id = g.shared_round_id
        WHERE g.status = 'open' AND s.phase = 'ended' AND s.ended_at < ${cutoff} AND (g.claim IS NULL OR g.claimed_at < ${cutoff})
        ORDER BY g.id LIMIT ${limit}`,
  );
}

export async function voidOpenRound(db: Executor, roundId: number, now: Date): Promise<void> {
  await db.execute(
    sql`UPDATE game_rounds SET status = 'void', finished_at = ${now} WHERE id = ${roundId} AND status = 'open'`,
  );
}

// ------------------------------------------------------------------ the player's history, winners

const historySelect = sql`SELECT r.*, g.identifier, g.title, p.title AS provider_title, g.engine, g.seo_title,
    s.server_seed, s.server_seed_hash, s.client_seed, s.active AS seed_active,
    sr.server_seed AS shared_seed, sr.server_seed_hash AS shared_seed_hash, sr.phase AS shared_phase
  FROM game_rounds r JOIN games g ON g.id = r.game_id JOIN providers p ON p.id = g.provider_id
  LEFT JOIN fairness_seeds s ON s.id = r.seed_id LEFT JOIN shared_rounds sr ON sr.id = r.shared_round_id`;

export async function playerRound(db: Executor, userId: number, roundId: number): Promise<HistoryRow | undefined> {
  const [row] = await rows<HistoryRow>(
    db,
    sql`${historySelect} WHERE r.id = ${roundId} AND r.user_id = ${userId} AND r.mode IN ('real', 'freespin')`,
  );
  return row;
}

export interface HistoryFilter {
  /** A game identifier, or part of a title. */
  game?: string | undefined;
  currency?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

/**
 * One page of the player's real-money rounds (void ones left out), newest first, with the count of
 * all that match: counted in the page's own query, or by a second one when the page is empty.
 */
export async function playerRoundsPage(
  db: Executor,
  userId: number,
  filter: HistoryFilter,
  page: { page: number; perPage: number },
): Promise<{ rows: HistoryRow[]; total: string }> {
  const filters = [sql`r.user_id = ${userId}`, sql`r.mode IN ('real', 'freespin')`, sql`r.status <> 'void'`];
  if (filter.game)
    filters.push(
      sql`(g.identifier = ${filter.game} OR g.title ILIKE ${`%${filter.game.replace(/[%_\\]/g, '\\$&')}%`})`,
    );
  if (filter.currency) filters.push(sql`r.currency = ${filter.currency}`);
  if (filter.from) filters.push(sql`r.created_at >= ${filter.from}`);
  if (filter.to) filters.push(sql`r.created_at <= ${filter.to}`);
  const where: SQL = sql.join(filters, sql` AND `);
  const found = await rows<HistoryRow>(
    db,
    sql`SELECT * FROM (${historySelect} WHERE ${where}) h, LATERAL (SELECT count(*)::text AS total FROM game_rounds r JOIN games g ON g.id = r.game_id WHERE ${where}) c
        ORDER BY h.id DESC LIMIT ${page.perPage} OFFSET ${(page.page - 1) * page.perPage}`,
  );
  let total = found[0]?.total;
  if (total === undefined) {
    total =
      (
        await rows<{ total: string }>(
          db,
          sql`SELECT count(*)::text AS total FROM game_rounds r JOIN games g ON g.id = r.game_id WHERE ${where}`,
        )
      )[0]?.total ?? '0';
  }
  return { rows: found, total };
}

export interface BigWinRow {
  finished_at: Date | string;
  stake: string;
  win: string;
  currency: string;
  identifier: string;
  title: string;
  nickname: string | null;
  user_id: number;
}

/**
 * The 20 latest real-money rounds that won more than they staked, with the player's nickname read
 * from the casino's `users`: the wallet protocol carries no nicknames.
 */
export async function latestBigWins(db: Executor): Promise<BigWinRow[]> {
  return rows<BigWinRow>(
    db,
    sql`SELECT r.finished_at, r.stake::text, r.win::text, r.currency, g.identifier, g.title, u.nickname, r.user_id
        FROM game_rounds r JOIN games g ON g.id = r.game_id JOIN users u ON u.id = r.user_id
        WHERE r.mode = 'real' AND r.status = 'finished' AND r.win > r.stake
        ORDER BY r.finished_at DESC, r.id DESC LIMIT 20`,
  );
}

// --- personal data (docs/privacy.md#what-each-module-holds) -------------------------------------

/**
 * The player's real-money rounds for their export. An open round's state is left out: a
 * multi-step game's state holds what is still hidden from the player (where the mines are).
 */
export async function roundsForExport(db: Executor, userId: number): Promise<unknown[]> {
  return jsonRows(
    db,
    sql`SELECT r.id, g.identifier AS game, r.model, r.currency, r.status, r.stake, r.win, r.balance_after,
               r.seed_id, r.nonce, r.shared_round_id, r.bet, r.actions, r.mode, r.freespin_pack_id,
               CASE WHEN r.status = 'open' THEN NULL ELSE r.state END AS state,
               r.created_at, r.finished_at
          FROM game_rounds r LEFT JOIN games g ON g.id = r.game_id
         WHERE r.user_id = ${userId} AND r.mode IN ('real', 'freespin')
         ORDER BY r.id`,
  );
}

/** The shared rounds (Rocket, live roulette) the player bet in; a seed only once the round ended. */
export async function sharedRoundsForExport(db: Executor, userId: number): Promise<unknown[]> {
  return jsonRows(
    db,
    sql`SELECT s.id, s.game, s.phase, s.server_seed_hash,
               CASE WHEN s.phase = 'ended' THEN s.server_seed END AS server_seed,
               s.result, s.started_at, s.ended_at
          FROM shared_rounds s
         WHERE s.id IN (SELECT shared_round_id FROM game_rounds WHERE user_id = ${userId} AND shared_round_id IS NOT NULL)
         ORDER BY s.id`,
  );
}

/** Whether the player has a real-money round still open (its stake is taken, its outcome unpaid). */
export async function hasOpenRealRound(db: Executor, userId: number): Promise<boolean> {
  const [row] = await rows<{ open: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM game_rounds WHERE user_id = ${userId} AND mode = 'real' AND status = 'open') AS open`,
  );
  return row?.open === true;
}
