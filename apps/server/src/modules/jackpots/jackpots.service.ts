import { CURRENCY_CODES } from '@croupier/shared/currencies';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RandomSource } from '../../lib/random.ts';
import { betLimits } from '../games-host/index.ts';
import type { Executor } from '../../db/sql.ts';
import type { WalletService } from '../wallet/index.ts';
import {
  activeJackpots,
  activeTotalsByCurrency,
  addToLevel,
  allLevels,
  findActiveJackpot,
  findJackpot,
  insertJackpot,
  insertLevel,
  insertWin,
  ledgerHasKey,
  levelsOf,
  lockLevels,
  recentWins,
  reseedLevel,
  type JackpotRow,
  type LevelRow,
} from './jackpots.repository.ts';

/** Levels of every jackpot, as multiples of the currency's default stake. Contributions total 1 %. */
const LEVELS = [
  { identifier: 'mini', name: 'Mini', bp: 50, seed: 200n, max: 1_000n },
  { identifier: 'major', name: 'Major', bp: 30, seed: 2_000n, max: 10_000n },
  { identifier: 'mega', name: 'Mega', bp: 20, seed: 20_000n, max: 100_000n },
] as const;

/** Key of the whole pool in `/api/games/jackpots` (one pool per currency, run by our games host). */
export const JACKPOT_PROVIDER_KEY = 'croupier';

export interface JackpotWin {
  userId: number;
  jackpot: JackpotRow;
  level: LevelRow;
  amount: bigint;
}

/** A secret drop threshold in [seed, max], from the random source (the CSPRNG in production). */
function drawDropAt(random: RandomSource, seed: bigint, max: bigint): bigint {
  return seed + BigInt(random.int(Number(max - seed) + 1));
}

/**
 * Progressive "must drop by" jackpots, one per currency with three levels. Qualifying real-money
 * bets (games of the `jackpot` collection) contribute from the house account to each level's pool
 * account; the contribution that reaches a level's secret threshold wins the whole level, paid from
 * the pool through the ledger, and the level is reseeded from the house. Every step is a ledger
 * transaction with an idempotency key, so a replayed bet event changes nothing.
 */
export class JackpotsService {
  private seeded: Promise<void> | null = null;

  constructor(private readonly deps: { db: Db; clock: Clock; random: RandomSource; wallet: WalletService }) {}

  ensureSeeded(): Promise<void> {
    this.seeded ??= this.seed().catch((error: unknown) => {
      this.seeded = null;
      throw error;
    });
    return this.seeded;
  }

  private async seed() {
    const { db } = this.deps;
    for (const currency of CURRENCY_CODES) {
      const identifier = `croupier-progressive-${currency.toLowerCase()}`;
      await db.transaction(async (tx) => {
        const jackpot = await insertJackpot(tx, { identifier, name: 'Croupier Progressive', currency });
        if (!jackpot) return;
        const unit = BigInt(betLimits(currency).default_cents);
        for (const [index, level] of LEVELS.entries()) {
          const seedAmount = level.seed * unit;
          const max = level.max * unit;
          const row = await insertLevel(tx, {
            jackpotId: jackpot.id,
            identifier: level.identifier,
            index,
            name: level.name,
            contributionBp: level.bp,
            seedAmount,
            maxAmount: max,
            dropAt: drawDropAt(this.deps.random, seedAmount, max),
          });
          await this.deps.wallet.systemTransfer(tx, {
            from: 'house',
            to: 'jackpot_pool',
            toRef: String(row.id),
            currency,
            amount: seedAmount,
            kind: 'jackpot_seed',
            idempotencyKey: `jackpot-seed:${row.id}:0`,
          });
        }
      });
    }
  }

  /**
   * Feeds the pools from one qualifying real-money bet inside the caller's transaction (the event
   * log's, so the contribution and the consumer's cursor commit together). A level whose threshold
   * the contribution reaches is paid to the player and reseeded in the same transaction. The ledger
   * keys make a repeat of the same bet change nothing.
   */
  async contributeIn(
    tx: Executor,
    input: { provider: string; transactionId: string; userId: number; currency: string; stake: bigint },
  ): Promise<{ wins: JackpotWin[]; jackpotId: number | null }> {
    const wins: JackpotWin[] = [];
    const jackpot = await findActiveJackpot(tx, input.currency);
    if (!jackpot) return { wins, jackpotId: null };
    const levels = await lockLevels(tx, jackpot.id);
    for (const level of levels) {
      const part = (input.stake * BigInt(level.contribution_bp)) / 10_000n;
      if (part <= 0n) continue;
      const key = `jackpot-contrib:${input.provider}:${input.transactionId}:${level.id}`;
      if (await ledgerHasKey(tx, key)) continue;
      await this.deps.wallet.systemTransfer(tx, {
        from: 'house',
        to: 'jackpot_pool',
        toRef: String(level.id),
        currency: input.currency,
        amount: part,
        kind: 'jackpot_contribution',
        idempotencyKey: key,
      });
      const after = await addToLevel(tx, level.id, part);
      if (BigInt(after.amount) >= BigInt(after.drop_at)) {
        await this.award(tx, jackpot, after, input.userId, `${input.provider}:${input.transactionId}`);
        wins.push({ userId: input.userId, jackpot, level: after, amount: BigInt(after.amount) });
      }
    }
    return { wins, jackpotId: jackpot.id };
  }

  /** Pays the whole level from its pool to the player and reseeds it from the house. */
  private async award(tx: Executor, jackpot: JackpotRow, level: LevelRow, userId: number, cause: string) {
    const amount = BigInt(level.amount);
    const paid = await this.deps.wallet.creditPlayer({
      tx,
      userId,
      currency: jackpot.currency,
      amount,
      from: 'jackpot_pool',
      fromRef: String(level.id),
      kind: 'jackpot_win',
      idempotencyKey: `jackpot-win:${level.id}:${level.cycle}`,
      metadata: { jackpot: jackpot.identifier, level: level.identifier, cause },
    });
    await insertWin(tx, {
      jackpotId: jackpot.id,
      levelId: level.id,
      userId,
      amount,
      currency: jackpot.currency,
      ledgerTransactionId: paid.transactionId,
      now: this.deps.clock.now(),
    });
    const seedAmount = BigInt(level.seed_amount);
    const cycle = level.cycle + 1;
    await this.deps.wallet.systemTransfer(tx, {
      from: 'house',
      to: 'jackpot_pool',
      toRef: String(level.id),
      currency: jackpot.currency,
      amount: seedAmount,
      kind: 'jackpot_seed',
      idempotencyKey: `jackpot-seed:${level.id}:${cycle}`,
    });
    await reseedLevel(tx, {
      id: level.id,
      seedAmount,
      cycle,
      dropAt: drawDropAt(this.deps.random, seedAmount, BigInt(level.max_amount)),
    });
  }

  /** `GET /api/jackpots` items (docs/api-shapes.md#jackpots-and-winners). */
  async list(currency?: string) {
    await this.ensureSeeded();
    const jackpots = await activeJackpots(this.deps.db, currency);
    const levels = await allLevels(this.deps.db);
    return jackpots.map((j) =>
      this.present(
        j,
        levels.filter((l) => l.jackpot_id === j.id),
      ),
    );
  }

  async byId(id: number) {
    const jackpot = await findJackpot(this.deps.db, id);
    if (!jackpot) return null;
    return this.present(jackpot, await levelsOf(this.deps.db, id));
  }

  present(j: JackpotRow, levels: LevelRow[]) {
    return {
      id: j.id,
      identifier: j.identifier,
      name: j.name,
      state: j.state,
      currency: j.currency,
      allowed_currencies: [j.currency],
      external_id: j.identifier,
      games: [] as string[],
      levels: levels.map((l) => ({
        id: l.id,
        identifier: l.identifier,
        index: l.index,
        name: l.name,
        state: 'active',
        amount_cents: Number(l.amount),
        available_amount_cents: Number(l.amount),
        total_amount_cents: Number(l.amount),
        current_award_value: Number(l.amount),
        periods: [],
        working_days: null,
      })),
    };
  }

  /** `GET /api/games/jackpots`: `{ CUR: { provider: total } }` in minor units (docs/api-shapes.md#provider-jackpots). */
  async totals(): Promise<Record<string, Record<string, number>>> {
    await this.ensureSeeded();
    const found = await activeTotalsByCurrency(this.deps.db);
    return Object.fromEntries(found.map((r) => [r.currency, { [JACKPOT_PROVIDER_KEY]: Number(r.total) }]));
  }

  /** `GET /api/jackpot_wins` (docs/api-shapes.md#jackpots-and-winners), newest first. */
  async recentWins() {
    const found = await recentWins(this.deps.db);
    return found.map((w) => ({
      amount_cents: Number(w.amount),
      jackpot_name: w.jname,
      jackpot_level_name: w.lname,
      approved_at: new Date(w.created_at).toISOString(),
      created_at: new Date(w.created_at).toISOString(),
      jackpot_level_external_code: w.lident,
      jackpot_external_code: w.jident,
      user_name: w.nickname ? `${w.nickname.slice(0, 3)}***` : `Player ***${String(w.user_id).slice(-2)}`,
      jackpot_original_currency: w.currency,
      jackpot_original_amount_cents: Number(w.amount),
    }));
  }
}
