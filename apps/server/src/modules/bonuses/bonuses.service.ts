import type { CurrencyTerms } from '@croupier/shared/bonus-terms';
import type { Db } from '../../db/client.ts';
import type { Executor } from '../../db/sql.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { breakRefusal } from '../limits/index.ts';
import { BalanceLimitError, creditCeiling, lockWallet, type WalletService } from '../wallet/index.ts';
import {
  activeBonus,
  bonusesOf,
  findBonus,
  insertBonus,
  lockBonus,
  moveStage,
  oldestWaiting,
  type BonusRow,
} from './bonuses.repository.ts';
import { canTransition, capLeft, wagerRequirement, wageringDone, type CancelReason, type Stage } from './engine.ts';

const DAY = 86_400_000;

/** A wallet's balance after a bonus movement, to publish after the commit (null: none moved). */
export type MovedBalance = Parameters<WalletService['publish']>[0];

export interface BonusesServiceDeps {
  db: Db;
  clock: Clock;
  wallet: WalletService;
}

/** A gift to issue to one player in one currency, its terms already resolved for that currency. */
export interface IssueInput {
  userId: number;
  currency: string;
  kind: string;
  campaignId?: number | null;
  /** What issues it and which one (`payment`/`<id>`, `manual`/`<operator key>`…): issued once per pair. */
  source: string;
  sourceRef: string;
  amount: bigint;
  /** 0: a wager-free gift, claimed as cash. */
  wagerMultiplier: number;
  maxBet?: bigint | null;
  maxConversion?: bigint | null;
  validityDays: number;
  /** Days the player has to activate it (null: no deadline). */
  activationDays?: number | null;
  /** What the requirement counts: the bonus, or the bonus and `depositCents` (a deposit bonus). */
  wagerBase?: 'bonus' | 'bonus_and_deposit';
  depositCents?: bigint | null;
  /** Frozen from a campaign's terms (`issueFromCampaign`); left out: every game counts 100 %. */
  weights?: Readonly<Record<string, number>>;
  defaultWeight?: number;
  excludedCollections?: readonly string[];
  terms?: CurrencyTerms | null;
}

export class BonusNotFoundError extends AppError {
  constructor() {
    super(404, 'bonus_not_found', 'Bonus not found');
  }
}

/**
 * A bonus's life (docs/bonuses.md#states): issue, activation (its money granted, or queued in `wait`
 * behind the wallet's active bonus), cancel (forfeit), the end of wagering (conversion, capped), and
 * the promotion of the next waiting bonus when the active one ends. Each request locks the wallet
 * row first and the bonus row second, and runs in one transaction with its ledger movement.
 */
export class BonusesService {
  constructor(private readonly deps: BonusesServiceDeps) {}

  /** Issues a bonus (stage `issued`, no money yet); the same source and ref returns the first one. */
  async issue(input: IssueInput): Promise<BonusRow> {
    const now = this.deps.clock.now();
    return this.deps.db.transaction(async (tx) => (await this.issueIn(tx, input, now)).bonus);
  }

  /**
   * `issue` in the caller's transaction (an event consumer's, so the gift and the consumer's cursor
   * commit together). `created` is false when the source and ref were issued before.
   */
  async issueIn(tx: Executor, input: IssueInput, now: Date): Promise<{ bonus: BonusRow; created: boolean }> {
    if (input.amount <= 0n) throw new AppError(422, 'bonus_amount_invalid', 'A bonus amount must be positive');
    await this.lockWalletAndAsk(tx, input.userId, input.currency, now);
    return insertBonus(tx, {
      userId: input.userId,
      campaignId: input.campaignId ?? null,
      kind: input.kind,
      currency: input.currency,
      source: input.source,
      sourceRef: input.sourceRef,
      amount: input.amount,
      maxBet: input.maxBet ?? null,
      maxConversion: input.maxConversion ?? null,
      wagerMultiplier: input.wagerMultiplier,
      wagerRequirement: wagerRequirement(
        input.amount,
        input.wagerMultiplier,
        input.wagerBase ?? 'bonus',
        input.depositCents ?? 0n,
      ),
      validityDays: input.validityDays,
      issuedAt: now,
      activatableUntil: input.activationDays == null ? null : new Date(now.getTime() + input.activationDays * DAY),
      ...(input.weights ? { weights: input.weights } : {}),
      ...(input.defaultWeight !== undefined ? { defaultWeight: input.defaultWeight } : {}),
      ...(input.excludedCollections ? { excludedCollections: input.excludedCollections } : {}),
      terms: input.terms ?? null,
      deposit: input.depositCents ?? null,
    });
  }

  /**
   * The player activates an issued bonus: a wager-free one is credited as cash (`finished`); else
   * its money is granted (`handle_bets`), or it waits when the wallet already wagers another.
   */
  async activate(userId: number, bonusId: number): Promise<BonusRow> {
    const now = this.deps.clock.now();
    const result = await this.deps.db.transaction((tx) => this.activateIn(tx, userId, bonusId, now));
    this.deps.wallet.publish(result.balance);
    return this.reread(result.id);
  }

  /**
   * `activate` in the caller's transaction (an event consumer's): the new balance, if money moved,
   * is for the caller to publish after its commit.
   */
  async activateIn(
    tx: Executor,
    userId: number,
    bonusId: number,
    now: Date,
  ): Promise<{ id: number; balance: MovedBalance }> {
    const bonus = await this.lockOwn(tx, userId, bonusId, now);
    if (bonus.stage !== 'issued') {
      throw new AppError(409, 'bonus_not_activatable', 'This bonus cannot be activated now');
    }
    if (bonus.activatableUntil && bonus.activatableUntil <= now) {
      throw new AppError(409, 'bonus_not_activatable', 'This bonus can no longer be activated');
    }
    if (bonus.wagerMultiplier === 0) {
      const moved = await this.deps.wallet.creditBonus(tx, {
        bonusId: bonus.id,
        userId,
        currency: bonus.currency,
        amount: bonus.amount,
        movement: 'cash',
      });
      this.refuseUnless(moved, bonus.currency);
      await this.move(tx, bonus, 'finished', { now, activatedAt: now, ended: true });
      return { id: bonus.id, balance: moved.ok ? moved.balance : null };
    }
    if (await activeBonus(tx, userId, bonus.currency)) {
      await this.move(tx, bonus, 'wait', { now, activatedAt: now });
      return { id: bonus.id, balance: null };
    }
    const balance = await this.start(tx, bonus, now, now);
    return { id: bonus.id, balance };
  }

  /**
   * Cancels an open bonus: one being wagered forfeits the wallet's bonus money (never its cash) and
   * the next waiting bonus is promoted.
   */
  async cancel(userId: number, bonusId: number, reason: CancelReason = 'player'): Promise<BonusRow> {
    const now = this.deps.clock.now();
    const balance = await this.deps.db.transaction(async (tx) => {
      const bonus = await this.lockOwn(tx, userId, bonusId, null);
      if (!canTransition(bonus.stage, 'canceled')) {
        throw new AppError(409, 'bonus_not_cancelable', 'This bonus has already ended');
      }
      let balance = null;
      if (bonus.stage === 'handle_bets') {
        const moved = await this.deps.wallet.settleBonus(tx, {
          bonusId: bonus.id,
          userId,
          currency: bonus.currency,
          movement: 'forfeit',
          cap: null,
        });
        if (!moved.ok) throw new Error(`bonus ${bonus.id}: wallet missing for its forfeit`);
        balance = moved.balance;
      }
      await this.move(tx, bonus, 'canceled', { now, ended: true, cancelReason: reason });
      if (bonus.stage === 'handle_bets') balance = (await this.promote(tx, userId, bonus.currency, now)) ?? balance;
      return balance;
    });
    this.deps.wallet.publish(balance);
    return this.reread(bonusId);
  }

  /**
   * Ends the wagering of a bonus whose requirement is met: the wallet's bonus money converts to
   * cash up to the cap left, the rest returns to `bonus_funding`, and the next waiting bonus is
   * promoted. Null when the bonus is not (or no longer) a finished wagering: a re-run does nothing.
   */
  async finishWagering(bonusId: number): Promise<BonusRow | null> {
    const now = this.deps.clock.now();
    const found = await this.deps.db.transaction(async (tx) => {
      const peek = await findBonus(tx, bonusId);
      if (!peek) return null;
      await lockWallet(tx, peek.userId, peek.currency);
      const bonus = await lockBonus(tx, bonusId);
      if (!bonus || bonus.stage !== 'handle_bets' || !wageringDone(bonus.wagered, bonus.wagerRequirement)) return null;
      const moved = await this.deps.wallet.settleBonus(tx, {
        bonusId: bonus.id,
        userId: bonus.userId,
        currency: bonus.currency,
        movement: 'convert',
        cap: capLeft(bonus.maxConversion, bonus.converted),
      });
      if (!moved.ok) throw new Error(`bonus ${bonus.id}: wallet missing for its conversion`);
      await this.move(tx, bonus, 'wager_done', { now, ended: true, converted: moved.toCash });
      const promoted = await this.promote(tx, bonus.userId, bonus.currency, now);
      return { balance: promoted ?? moved.balance };
    });
    if (!found) return null;
    this.deps.wallet.publish(found.balance);
    return this.reread(bonusId);
  }

  async list(userId: number): Promise<BonusRow[]> {
    return bonusesOf(this.deps.db, userId);
  }

  /**
   * Starts the oldest waiting bonus of a wallet whose active one just ended, in the same
   * transaction. It stays waiting when its grant would pass the maximum balance or the player is on
   * a break: the next end tries again.
   */
  private async promote(tx: Executor, userId: number, currency: string, now: Date) {
    const next = await oldestWaiting(tx, userId, currency);
    if (!next) return null;
    if (next.activatableUntil && next.activatableUntil <= now) return null;
    if (await breakRefusal(tx, userId, now, 'bonuses')) return null;
    const moved = await this.deps.wallet.creditBonus(tx, {
      bonusId: next.id,
      userId,
      currency,
      amount: next.amount,
      movement: 'grant',
    });
    if (!moved.ok) return null;
    await this.move(tx, next, 'handle_bets', { now, validUntil: new Date(now.getTime() + next.validityDays * DAY) });
    return moved.balance;
  }

  /** Grants a bonus's money and starts its wagering clock. */
  private async start(tx: Executor, bonus: BonusRow, now: Date, activatedAt: Date) {
    const moved = await this.deps.wallet.creditBonus(tx, {
      bonusId: bonus.id,
      userId: bonus.userId,
      currency: bonus.currency,
      amount: bonus.amount,
      movement: 'grant',
    });
    this.refuseUnless(moved, bonus.currency);
    await this.move(tx, bonus, 'handle_bets', {
      now,
      activatedAt,
      validUntil: new Date(now.getTime() + bonus.validityDays * DAY),
    });
    return moved.ok ? moved.balance : null;
  }

  private refuseUnless(moved: Awaited<ReturnType<WalletService['creditBonus']>>, currency: string) {
    if (moved.ok) return;
    if (moved.reason === 'balance_limit') throw new BalanceLimitError(currency, creditCeiling(currency, 'new'));
    throw new AppError(409, 'wallet_missing', `No ${currency} wallet for this bonus`);
  }

  private async move(tx: Executor, bonus: BonusRow, to: Stage, set: Parameters<typeof moveStage>[4]) {
    if (!canTransition(bonus.stage, to)) throw new Error(`bonus ${bonus.id}: ${bonus.stage} → ${to} is not allowed`);
    if (!(await moveStage(tx, bonus.id, bonus.stage, to, set))) {
      throw new AppError(409, 'bonus_changed', 'This bonus changed meanwhile; try again');
    }
  }

  /**
   * Locks the player's wallet then their bonus (the order `wallet_bet` uses); with `breakAt`, a
   * running break refuses (403 `bonuses_blocked`).
   */
  private async lockOwn(tx: Executor, userId: number, bonusId: number, breakAt: Date | null): Promise<BonusRow> {
    const peek = await findBonus(tx, bonusId);
    if (!peek || peek.userId !== userId) throw new BonusNotFoundError();
    await this.lockWalletAndAsk(tx, userId, peek.currency, breakAt);
    const bonus = await lockBonus(tx, bonusId);
    if (!bonus) throw new BonusNotFoundError();
    return bonus;
  }

  private async lockWalletAndAsk(tx: Executor, userId: number, currency: string, breakAt: Date | null) {
    if (!(await lockWallet(tx, userId, currency))) {
      throw new AppError(409, 'wallet_missing', `No ${currency} wallet for this bonus`);
    }
    if (!breakAt) return;
    const refusal = await breakRefusal(tx, userId, breakAt, 'bonuses');
    if (refusal) throw new AppError(403, 'bonuses_blocked', refusal.message);
  }

  private async reread(id: number): Promise<BonusRow> {
    const found = await findBonus(this.deps.db, id);
    if (!found) throw new BonusNotFoundError();
    return found;
  }
}
