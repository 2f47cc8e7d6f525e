import type { Db } from '../../db/client.ts';
import type { Executor } from '../../db/sql.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { breakRefusal } from '../limits/index.ts';
import type { WalletBalance } from '../wallet/index.ts';
import type { BonusesService } from './bonuses.service.ts';
import {
  addPackWin,
  duePacks,
  findPack,
  insertPack,
  lockPack,
  movePack,
  openPacksOf,
  takeSpin,
  type PackRow,
} from './freespins.repository.ts';

const DAY = 86_400_000;

export type { PackRow } from './freespins.repository.ts';

/** A pack to issue to one player in one currency, its terms resolved for that currency. */
export interface PackInput {
  userId: number;
  currency: string;
  campaignId?: number | null;
  /** What issues it and which one: a pack is issued once per pair. */
  source: string;
  sourceRef: string;
  /** Identifiers of our own slots its spins may be played on. */
  games: readonly string[];
  /** The stake of each spin, paid by the casino. */
  betLevel: bigint;
  spins: number;
  winningsWagerMultiplier: number;
  winningsMaxConversion?: bigint | null;
  activationDays?: number | null;
  /** Days to play the spins once activated. */
  validityDays: number;
  title?: string | null;
}

export interface FreespinsDeps {
  db: Db;
  clock: Clock;
  bonuses: BonusesService;
  /** After a commit that changed a pack: `freespins_changes` to its player. */
  onChanged?: (pack: PackRow) => void;
  /** After a commit that moved money (a winnings bonus granted). */
  onBalance?: (balance: WalletBalance | null) => void;
}

/** What one spin of a pack did, in the round's transaction. */
export interface SpinOutcome {
  pack: PackRow;
  /** The winnings bonus issued when this was the pack's last spin and it had won something. */
  winningsBonusId: number | null;
  balance: WalletBalance | null;
}

const notFound = () => new AppError(404, 'freespins_not_found', 'Free spins not found');

/**
 * Free-spin packs (docs/bonuses.md#free-spin-packs-codes): issued, activated by the player, played
 * one spin at a time inside the games host's round transaction, and finished with their winnings
 * issued as one bonus with its own wagering. A pack never plays more spins than it holds: each spin
 * is a guarded update of its counter, in the same transaction as the round it pays for.
 */
export class FreespinsService {
  constructor(private readonly deps: FreespinsDeps) {}

  async issue(input: PackInput): Promise<PackRow> {
    const now = this.deps.clock.now();
    const { pack } = await this.deps.db.transaction((tx) => this.issueIn(tx, input, now));
    this.deps.onChanged?.(pack);
    return pack;
  }

  /**
   * `issue` in the caller's transaction (a coupon's, so the pack and the code's use commit
   * together); the caller announces the pack after its commit (`announcePack`). `created` is false
   * when the source and ref were issued before: the pack is answered as it is.
   */
  async issueIn(tx: Executor, input: PackInput, now: Date): Promise<{ pack: PackRow; created: boolean }> {
    if (input.spins < 1 || input.betLevel <= 0n || input.games.length === 0)
      throw new AppError(422, 'freespins_invalid', 'A pack needs spins, a stake and at least one game');
    const refusal = await breakRefusal(tx, input.userId, now, 'bonuses');
    if (refusal) throw new AppError(403, 'bonuses_blocked', refusal.message);
    return insertPack(tx, {
      userId: input.userId,
      campaignId: input.campaignId ?? null,
      currency: input.currency,
      games: input.games,
      betLevel: input.betLevel,
      spins: input.spins,
      winningsWagerMultiplier: input.winningsWagerMultiplier,
      winningsMaxConversion: input.winningsMaxConversion ?? null,
      validityDays: input.validityDays,
      source: input.source,
      sourceRef: input.sourceRef,
      title: input.title ?? null,
      issuedAt: now,
      activatableUntil: input.activationDays == null ? null : new Date(now.getTime() + input.activationDays * DAY),
    });
  }

  /** After the commit of a pack issued in a caller's transaction: `freespins_changes` to its player. */
  announcePack(pack: PackRow) {
    this.deps.onChanged?.(pack);
  }

  /** The player's packs a list shows: issued, and being played. */
  list(userId: number): Promise<PackRow[]> {
    return openPacksOf(this.deps.db, userId);
  }

  /** The player activates an issued pack: its spins can be played until `valid_until`. */
  async activate(userId: number, packId: number): Promise<PackRow> {
    const now = this.deps.clock.now();
    const pack = await this.deps.db.transaction((tx) => this.activateIn(tx, userId, packId, now));
    this.deps.onChanged?.(pack);
    return pack;
  }

  /**
   * `activate` in the caller's transaction (a coupon's whose campaign says `auto_activate`); the
   * caller announces the pack after its commit.
   */
  async activateIn(tx: Executor, userId: number, packId: number, now: Date): Promise<PackRow> {
    const pack = await lockPack(tx, packId);
    if (!pack || pack.userId !== userId) throw notFound();
    const refusal = await breakRefusal(tx, userId, now, 'bonuses');
    if (refusal) throw new AppError(403, 'bonuses_blocked', refusal.message);
    if (pack.stage !== 'issued' || (pack.activatableUntil && pack.activatableUntil <= now))
      throw new AppError(422, 'freespins_not_activatable', 'These free spins cannot be activated now');
    await movePack(tx, pack.id, 'issued', 'handle_bets', {
      now,
      activated: true,
      validUntil: new Date(now.getTime() + pack.validityDays * DAY),
    });
    return (await findPack(tx, pack.id))!;
  }

  /**
   * The player gives a pack up: the spins not played are lost; what the played ones won is issued
   * as the pack's winnings bonus, as after a last spin.
   */
  async cancel(userId: number, packId: number): Promise<PackRow> {
    const now = this.deps.clock.now();
    const outcome = await this.deps.db.transaction(async (tx) => {
      const pack = await lockPack(tx, packId);
      if (!pack || pack.userId !== userId) throw notFound();
      if (pack.stage !== 'issued' && pack.stage !== 'handle_bets')
        throw new AppError(422, 'freespins_not_cancelable', 'These free spins have already ended');
      return this.end(tx, pack, 'canceled', now);
    });
    this.announce(outcome);
    return outcome.pack;
  }

  /**
   * Takes one spin of a pack for a round the games host is opening in `tx`: the stake to play it at.
   * 409 `freespins_used` when there is no spin left to take for this player, game and currency.
   */
  async takeSpinIn(
    tx: Executor,
    spin: { packId: number; userId: number; currency: string; game: string; now: Date },
  ): Promise<PackRow> {
    const pack = await takeSpin(tx, spin);
    if (pack) return pack;
    const current = await findPack(tx, spin.packId);
    if (!current || current.userId !== spin.userId) throw notFound();
    if (!current.games.includes(spin.game) || current.currency !== spin.currency)
      throw new AppError(422, 'freespins_wrong_game', 'These free spins are for other games');
    throw new AppError(409, 'freespins_used', 'No free spins are left in this pack');
  }

  /**
   * Adds a spin's win to its pack, in the round's transaction. The last spin finishes the pack and
   * issues what it won as a bonus with the pack's wagering (started at once unless the player is on
   * a break); a pack that won nothing just finishes.
   */
  async settleSpinIn(tx: Executor, packId: number, win: bigint, now: Date): Promise<SpinOutcome> {
    const pack = win > 0n ? await addPackWin(tx, packId, win) : (await findPack(tx, packId))!;
    if (pack.spinsPerformed < pack.spinsTotal) return { pack, winningsBonusId: null, balance: null };
    return this.end(tx, pack, 'finished', now);
  }

  /**
   * Ends a locked pack (its last spin, a cancel, its deadline) and issues what its spins won as one
   * bonus with the pack's wagering, started at once unless the player is on a break or the grant
   * would pass the maximum balance (then it waits, issued, on the gifts page). The pack's row is
   * locked before the wallet's, in every path that ends a pack.
   */
  private async end(
    tx: Executor,
    pack: PackRow,
    stage: 'finished' | 'canceled' | 'expired',
    now: Date,
  ): Promise<SpinOutcome> {
    let winningsBonusId: number | null = null;
    let balance: WalletBalance | null = null;
    if (pack.win > 0n) {
      const issued = await this.deps.bonuses.issueStartedIn(
        tx,
        {
          userId: pack.userId,
          currency: pack.currency,
          kind: 'freespins',
          campaignId: pack.campaignId,
          source: 'freespins',
          sourceRef: String(pack.id),
          amount: pack.win,
          wagerMultiplier: pack.winningsWagerMultiplier,
          maxConversion: pack.winningsMaxConversion,
          validityDays: pack.validityDays,
        },
        now,
      );
      winningsBonusId = issued.bonus.id;
      balance = issued.balance;
    }
    if (
      !(await movePack(tx, pack.id, pack.stage, stage, {
        now,
        ended: true,
        winningsBonusId: winningsBonusId ?? undefined,
      }))
    )
      throw new AppError(409, 'freespins_changed', 'These free spins changed meanwhile; try again');
    return { pack: (await findPack(tx, pack.id))!, winningsBonusId, balance };
  }

  /** After the spin's transaction committed: tell the player. */
  announce(outcome: SpinOutcome) {
    this.deps.onChanged?.(outcome.pack);
    if (outcome.balance) this.deps.onBalance?.(outcome.balance);
  }

  /**
   * Ends packs past their deadline (the expiry job): issued ones past `activatable_until`, played ones
   * past `valid_until`, each in its own transaction; what a played one won is issued as its winnings
   * bonus. Safe to repeat: a pack is locked and its move guarded by the stage it leaves.
   */
  async expireDue(limit = 500): Promise<number> {
    const now = this.deps.clock.now();
    const due = await duePacks(this.deps.db, now, limit);
    let expired = 0;
    for (const candidate of due) {
      const outcome = await this.deps.db.transaction(async (tx) => {
        const pack = await lockPack(tx, candidate.id);
        if (!pack || (pack.stage !== 'issued' && pack.stage !== 'handle_bets')) return null;
        return this.end(tx, pack, 'expired', now);
      });
      if (!outcome) continue;
      expired++;
      this.announce(outcome);
    }
    return expired;
  }
}
