import type {
  PlayerBonus,
  BonusCancelInfo,
  WageringResponse,
  WithdrawalBonusRefusal,
  WithdrawalForfeit,
} from '@croupier/shared/api/bonuses';
import { formatMoney } from '@croupier/shared/money';
import type { CurrencyTerms } from '@croupier/shared/bonus-terms';
import type { Db } from '../../db/client.ts';
import type { Executor } from '../../db/sql.ts';
import { appendEvent } from '../../events/event-log.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { breakRefusal } from '../limits/index.ts';
import { emailConfirmed } from './campaigns.repository.ts';
import {
  BalanceLimitError,
  creditCeiling,
  lockWallet,
  readBalance,
  type WalletBalance,
  type WalletService,
} from '../wallet/index.ts';
import {
  activeBonus,
  bonusesOf,
  depositBonusesNotStarted,
  bonusRoundOpen,
  findBonus,
  insertBonus,
  lockBonus,
  moveStage,
  oldestWaiting,
  type BonusRow,
} from './bonuses.repository.ts';
import { canTransition, capLeft, wagerRequirement, wageringDone, type CancelReason, type Stage } from './engine.ts';
import {
  bonusesPastDeadline,
  gameWeight,
  openBonusesOfSelfExcluded,
  presentableBonuses,
  waitingWithoutActive,
  type BonusRef,
  type PresentableBonus,
} from './player-bonuses.repository.ts';
import { bonusMoneyOf, presentBonus, presentCancelInfo } from './presenter.ts';

const DAY = 86_400_000;

/** A wallet's balance after a bonus movement, to publish after the commit (null: none moved). */
export type MovedBalance = Parameters<WalletService['publish']>[0];

export interface BonusesServiceDeps {
  db: Db;
  clock: Clock;
  wallet: WalletService;
  /** After a commit that appended `bonus.changed`: the event log's consumers catch up (`events.wake`). */
  onCommitted?: () => void;
  /** Sends the bonus object to its player's pages (`bonuses_changes`), after commit. */
  publish?: (userId: number, bonus: PlayerBonus) => void;
  /**
   * Applies, in the caller's transaction, the player's deposits in that currency that the
   * `bonuses.deposits` consumer has not reached yet (`applyDepositsAhead`); what it returns runs
   * after the commit. A withdrawal asks first, so a deposit's bonus is bound to it from the start.
   */
  depositsAhead?: (tx: Executor, userId: number, currency: string) => Promise<(() => void)[]>;
}

/** What the expiry job did in one run. */
export interface ExpiryRun {
  /** Bonuses past their activation or wagering deadline, now `expired`. */
  expired: number;
  /** Open bonuses of self-excluded players, now `canceled` (reason `self_exclusion`). */
  canceled: number;
  /** Waiting bonuses started in wallets that wagered none (their promotion had been refused). */
  promoted: number;
}

/** How many bonuses of each kind the expiry job takes per run; the rest wait for the next minute. */
const EXPIRY_BATCH = 500;

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
  /** A cashback: the week's net cash loss it pays a share of. */
  lossCents?: bigint | null;
  /** Collection id → percent a bet there counts (docs/bonuses.md#inside-the-bet-atomic-with-it). */
  weights?: Readonly<Record<string, number>>;
  /** What a bet counts in a collection without a weight (100 unless said). */
  defaultWeight?: number;
  /** Collections bonus money may not be staked in (cash may). */
  excludedCollections?: readonly string[];
  /** Frozen from a campaign's terms (`issueFromCampaign`), for the rule texts. */
  terms?: CurrencyTerms | null;
}

/** What the wagering settlement after a wallet event did (`settleWageringIn`). */
export interface WageringOutcome {
  /** The bonus the event concerned, to tell the player about (its counter or its end). */
  bonusId: number;
  /** Whether it ended (converted or lost) in this transaction. */
  ended: boolean;
  /** The wallet after a movement, to publish; null when no money moved. */
  balance: WalletBalance | null;
}

/**
 * 403 `email_not_confirmed`: nothing is issued or started before the player's e-mail address is
 * confirmed (docs/bonuses.md#confirmed-addresses-only). `what` completes "Confirm your e-mail address to …".
 */
export function emailNotConfirmed(what: string): AppError {
  return new AppError(
    403,
    'email_not_confirmed',
    `Confirm your e-mail address to ${what}: open the link we sent you, or ask for a new one from your profile.`,
  );
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
    const issued = await this.deps.db.transaction((tx) => this.issueIn(tx, input, now));
    if (issued.created) this.committed();
    return issued.bonus;
  }

  /**
   * `issue` in the caller's transaction (an event consumer's, so the gift and the consumer's cursor
   * commit together). `created` is false when the source and ref were issued before.
   */
  async issueIn(tx: Executor, input: IssueInput, now: Date): Promise<{ bonus: BonusRow; created: boolean }> {
    if (input.amount <= 0n) throw new AppError(422, 'bonus_amount_invalid', 'A bonus amount must be positive');
    await this.lockWalletAndAsk(tx, input.userId, input.currency, now);
    const { bonus, created } = await insertBonus(tx, this.newBonus(input, now));
    if (created) await logChange(tx, bonus, null, 'issued', now);
    return { bonus, created };
  }

  /**
   * Issues a bonus inside the caller's transaction and activates it at once, by the player's own
   * activation path (free-spin winnings, earned by spins already played): wager-free money becomes
   * cash, else it is granted or waits behind the wallet's active bonus. On a break, or when the grant
   * would pass the maximum balance, it stays issued for the gifts page. The caller holds no wallet
   * lock yet (this takes it, then the bonus rows: the usual order).
   */
  async issueStartedIn(
    tx: Executor,
    input: IssueInput,
    now: Date,
  ): Promise<{ bonus: BonusRow; balance: MovedBalance }> {
    if (!(await lockWallet(tx, input.userId, input.currency))) {
      throw new AppError(409, 'wallet_missing', `No ${input.currency} wallet for this bonus`);
    }
    const { bonus, created } = await insertBonus(tx, this.newBonus(input, now));
    if (!created) return { bonus, balance: null };
    await logChange(tx, bonus, null, 'issued', now);
    try {
      const { balance } = await this.activateIn(tx, input.userId, bonus.id, now);
      return { bonus, balance };
    } catch (error) {
      // Both refusals come before anything is written (a guarded credit that matched no row).
      if (error instanceof BalanceLimitError || (error instanceof AppError && error.code === 'bonuses_blocked'))
        return { bonus, balance: null };
      throw error;
    }
  }

  private newBonus(input: IssueInput, now: Date) {
    return {
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
      weights: input.weights,
      defaultWeight: input.defaultWeight,
      excludedCollections: input.excludedCollections,
      terms: input.terms ?? null,
      deposit: input.depositCents ?? null,
      loss: input.lossCents ?? null,
      issuedAt: now,
      activatableUntil: input.activationDays == null ? null : new Date(now.getTime() + input.activationDays * DAY),
    };
  }

  /**
   * The player activates an issued bonus: a wager-free one is credited as cash (`finished`); else
   * its money is granted (`handle_bets`), or it waits when the wallet already wagers another.
   */
  async activate(userId: number, bonusId: number): Promise<BonusRow> {
    const now = this.deps.clock.now();
    const result = await this.deps.db.transaction((tx) => this.activateIn(tx, userId, bonusId, now));
    this.deps.wallet.publish(result.balance);
    this.committed();
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
      throw new AppError(422, 'bonus_not_activatable', 'This bonus cannot be activated now');
    }
    if (bonus.activatableUntil && bonus.activatableUntil <= now) {
      throw new AppError(422, 'bonus_not_activatable', 'This bonus can no longer be activated');
    }
    // A deposit bonus waits for the player's confirmed address (docs/bonuses.md#confirmed-addresses-only);
    // the confirmation starts it.
    if (bonus.source === 'payment' && !(await emailConfirmed(tx, userId))) throw emailNotConfirmed('start this bonus');
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
        throw new AppError(422, 'bonus_not_cancelable', 'This bonus has already ended');
      }
      return this.end(tx, bonus, 'canceled', now, reason);
    });
    this.deps.wallet.publish(balance);
    this.committed();
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
      return { balance: await this.convert(tx, bonus, now) };
    });
    if (!found) return null;
    this.deps.wallet.publish(found.balance);
    this.committed();
    return this.reread(bonusId);
  }

  /**
   * What a bet, win or refund of a wallet means for its active bonus (the `bonuses.wagering`
   * consumer, in its transaction; docs/bonuses.md#through-the-event-log-exactly-once): once the
   * requirement is met the bonus converts; once its money is gone and no open round holds any, it
   * is lost; either way the next waiting bonus is promoted. The counter itself moved inside the
   * bet. Locks are taken only when the bonus may end, so a plain bet's event costs one read.
   */
  async settleWageringIn(tx: Executor, userId: number, currency: string): Promise<WageringOutcome | null> {
    const peek = await activeBonus(tx, userId, currency);
    if (!peek) return null;
    const quiet: WageringOutcome = { bonusId: peek.id, ended: false, balance: null };
    const done = wageringDone(peek.wagered, peek.wagerRequirement);
    if (!done) {
      const wallet = await readBalance(tx, userId, currency);
      if (!wallet || wallet.amount > wallet.cash) return quiet;
    }
    const now = this.deps.clock.now();
    const wallet = await lockWallet(tx, userId, currency);
    const bonus = await lockBonus(tx, peek.id);
    if (!wallet || !bonus || bonus.stage !== 'handle_bets') return quiet;
    if (wageringDone(bonus.wagered, bonus.wagerRequirement)) {
      return { bonusId: bonus.id, ended: true, balance: await this.convert(tx, bonus, now) };
    }
    if (wallet.amount > wallet.cash || (await bonusRoundOpen(tx, bonus.id))) return quiet;
    await this.move(tx, bonus, 'lost', { now, ended: true });
    return { bonusId: bonus.id, ended: true, balance: await this.promote(tx, userId, currency, now) };
  }

  /** Converts a locked bonus whose wagering is done, and promotes the next; the wallet after. */
  private async convert(tx: Executor, bonus: BonusRow, now: Date): Promise<WalletBalance | null> {
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
    return promoted ?? moved.balance;
  }

  async list(userId: number): Promise<BonusRow[]> {
    return bonusesOf(this.deps.db, userId);
  }

  /** `GET /api/player/bonuses`: the player's bonuses as the API shows them, newest first. */
  async playerBonuses(userId: number): Promise<PlayerBonus[]> {
    const now = this.deps.clock.now();
    return (await presentableBonuses(this.deps.db, { userId })).map((p) => presentBonus(p, now));
  }

  /** One of the player's bonuses as the API shows it; another player's is not found. */
  async playerBonus(userId: number, bonusId: number): Promise<PlayerBonus> {
    return presentBonus(await this.presentable(userId, bonusId), this.deps.clock.now());
  }

  /** `GET /api/player/bonuses/{id}/cancel_info`: what cancelling would take, and the cash that stays. */
  async cancelInfo(userId: number, bonusId: number): Promise<BonusCancelInfo> {
    return presentCancelInfo(await this.presentable(userId, bonusId));
  }

  /**
   * The wagering meter's figures (`GET /api/player/bonuses/wagering`): the bonus being wagered in
   * the player's currency, and how much a bet on `game` counts towards it (null without a game or
   * without a bonus to count for).
   */
  async wagering(userId: number, currency: string, game: string | undefined): Promise<WageringResponse> {
    const [active] = await presentableBonuses(this.deps.db, { userId, currency, stage: 'handle_bets' });
    if (!active) return { bonus: null, game: null };
    const bonus = presentBonus(active, this.deps.clock.now());
    if (game === undefined) return { bonus, game: null };
    const weight = await gameWeight(this.deps.db, active, game);
    return { bonus, game: { identifier: game, weight_percent: weight.weight, excluded: weight.excluded } };
  }

  /**
   * Sends a bonus as it is now to its player's pages (`bonuses_changes`). After commit, from the
   * `bonuses.notify` consumer and whoever else changed a bonus (the wagering counter).
   */
  async publishBonus(userId: number, bonusId: number): Promise<void> {
    if (!this.deps.publish) return;
    const [found] = await presentableBonuses(this.deps.db, { userId, id: bonusId });
    if (found) this.deps.publish(userId, presentBonus(found, this.deps.clock.now()));
  }

  /**
   * The `bonuses.expiry` job (docs/bonuses.md#leased-jobs): bonuses past their deadline expire (one
   * being wagered forfeits its money, and the next waiting bonus is promoted), and self-excluded
   * players' open bonuses are canceled (reason `self_exclusion`, forfeited), and a waiting bonus
   * whose promotion was refused (a break, the maximum balance) starts once it can. Each bonus in its own
   * transaction behind a guarded update, so a run cut short, or run twice, leaves each bonus either
   * done once or untouched for the next run. A bonus that fails is left for the next run and the
   * run fails after doing the others (the scheduler logs and retries it).
   */
  async expire(): Promise<ExpiryRun> {
    const now = this.deps.clock.now();
    const failures: unknown[] = [];
    const run: ExpiryRun = { expired: 0, canceled: 0, promoted: 0 };
    const each = async (refs: BonusRef[], end: (ref: BonusRef) => Promise<boolean>, counter: keyof ExpiryRun) => {
      for (const ref of refs) {
        try {
          if (await end(ref)) run[counter] += 1;
        } catch (error) {
          failures.push(error);
        }
      }
    };
    await each(
      await bonusesPastDeadline(this.deps.db, now, EXPIRY_BATCH),
      (ref) =>
        this.endInJob(ref, now, (b) => {
          const deadline = b.stage === 'handle_bets' ? b.validUntil : b.activatableUntil;
          return canTransition(b.stage, 'expired') && deadline !== null && deadline <= now ? 'expired' : null;
        }),
      'expired',
    );
    await each(
      await openBonusesOfSelfExcluded(this.deps.db, now, EXPIRY_BATCH),
      (ref) =>
        this.endInJob(ref, now, (b) => (canTransition(b.stage, 'canceled') ? 'canceled' : null), 'self_exclusion'),
      'canceled',
    );
    await each(
      await waitingWithoutActive(this.deps.db, EXPIRY_BATCH),
      (ref) => this.promoteInJob(ref, now),
      'promoted',
    );
    if (failures.length > 0)
      throw new AggregateError(failures, `bonuses: ${failures.length} bonus(es) left for the next run`);
    return run;
  }

  /**
   * Before a withdrawal's own transaction: the player's deposits the `bonuses.deposits` consumer
   * has not reached yet get their bonuses now, committed, so a refusal names bonuses that exist.
   * The withdrawal's transaction asks again (`onWithdrawal`), for a deposit landing in between.
   */
  async applyDepositsAhead(userId: number, currency: string): Promise<void> {
    const ahead = this.deps.depositsAhead;
    if (!ahead) return;
    const after = await this.deps.db.transaction((tx) => ahead(tx, userId, currency));
    if (after.length === 0) return;
    for (const step of after) step();
    this.committed();
  }

  /**
   * Inside a withdrawal's reserve transaction (docs/bonuses.md#withdrawals-and-bonuses): the
   * withdrawal forfeits the bonus being wagered in that currency, and every deposit bonus not
   * started yet whose deposit the cash left after it no longer covers. A deposit whose bonus the
   * consumer has not issued yet counts too: its bonus is issued here first, in this transaction,
   * with the wallet locked, so no deposit can be paid out and then bring its bonus. With anything
   * to forfeit the withdrawal is refused, 409 `bonus_active` with what it would forfeit, unless
   * the player confirmed (`forfeit`); then those bonuses are canceled (reason `withdrawal`) here,
   * in the caller's transaction, and a recall of the withdrawal brings none of them back. A
   * withdrawal above the cash is left to the reserve to refuse: there is nothing to confirm for it.
   */
  async onWithdrawal(
    tx: Executor,
    input: { userId: number; currency: string; amount: bigint; forfeit: boolean; now?: Date },
  ): Promise<void> {
    const now = input.now ?? this.deps.clock.now();
    const wallet = await lockWallet(tx, input.userId, input.currency);
    if (!wallet || input.amount > wallet.cash) return;
    await this.deps.depositsAhead?.(tx, input.userId, input.currency);
    const forfeits = await this.withdrawalForfeits(tx, input.userId, input.currency, wallet.cash - input.amount, now);
    if (forfeits.length === 0) return;
    if (!input.forfeit) throw await this.withdrawalRefusal(tx, input.userId, input.currency, forfeits);
    // Those not started first: ending the wagered one promotes the oldest waiting bonus, which
    // must be one the withdrawal leaves.
    for (const bonus of forfeits.filter((b) => b.stage !== 'handle_bets'))
      await this.end(tx, bonus, 'canceled', now, 'withdrawal');
    const wagered = forfeits.find((b) => b.stage === 'handle_bets');
    if (wagered) await this.end(tx, wagered, 'canceled', now, 'withdrawal');
  }

  /**
   * What a withdrawal leaving `cashLeft` in the wallet forfeits, locked (the wallet is already):
   * the bonus being wagered, whatever the amount; and the deposit bonuses not started yet, kept in
   * the order they would start for as long as the cash left covers their deposits, the rest
   * forfeited. A bonus whose deposit is even partly taken is forfeited.
   */
  private async withdrawalForfeits(
    tx: Executor,
    userId: number,
    currency: string,
    cashLeft: bigint,
    now: Date,
  ): Promise<BonusRow[]> {
    const forfeits: BonusRow[] = [];
    const active = await activeBonus(tx, userId, currency);
    const wagered = active && (await lockBonus(tx, active.id));
    if (wagered && wagered.stage === 'handle_bets') forfeits.push(wagered);
    let covered = 0n;
    let taken = false;
    for (const bonus of await depositBonusesNotStarted(tx, userId, currency, now)) {
      covered += bonus.deposit ?? 0n;
      taken ||= covered > cashLeft;
      if (taken) forfeits.push(bonus);
    }
    return forfeits;
  }

  /** The 409 of a withdrawal that would forfeit bonuses the player has not agreed to lose. */
  private async withdrawalRefusal(tx: Executor, userId: number, currency: string, forfeits: BonusRow[]) {
    const order = forfeits.map((b) => b.id);
    // The wagered one first, then in the order they would have started.
    const views = (await presentableBonuses(tx, { userId, currency }))
      .filter((v) => order.includes(v.bonus.id))
      .sort((a, b) => order.indexOf(a.bonus.id) - order.indexOf(b.bonus.id));
    const first = views[0];
    if (!first) throw new BonusNotFoundError();
    const now = this.deps.clock.now();
    const shown = views.map((view) => ({ view, bonus: presentBonus(view, now) }));
    const refusal: WithdrawalBonusRefusal = {
      code: 'bonus_active',
      error: withdrawalWarning(shown),
      cancel_info: presentCancelInfo(first),
      forfeits: shown.map(({ view, bonus }) => ({
        id: bonus.id,
        title: bonus.title,
        stage: view.bonus.stage as WithdrawalForfeit['stage'],
        currency: bonus.currency,
        amount_cents: bonus.amount_cents,
        bonus_balance_cents: bonus.bonus_balance_cents,
      })),
      recall_restores_bonus: false,
    };
    const { code, error, ...extra } = refusal;
    return new AppError(409, code, error, undefined, extra);
  }

  /** After a commit that changed bonuses. */
  private committed() {
    this.deps.onCommitted?.();
  }

  /**
   * One bonus of the expiry job: the wallet locked, then the bonus; `decide` says, on the locked
   * row, whether it still has to end and how (null: a request or another run got there first).
   */
  private async endInJob(
    ref: BonusRef,
    now: Date,
    decide: (bonus: BonusRow) => 'expired' | 'canceled' | null,
    reason?: CancelReason,
  ): Promise<boolean> {
    const balance = await this.deps.db.transaction(async (tx) => {
      await lockWallet(tx, ref.userId, ref.currency);
      const bonus = await lockBonus(tx, ref.id);
      const to = bonus && decide(bonus);
      if (!bonus || !to) return undefined;
      let balance = await this.end(tx, bonus, to, now, reason);
      // A waiting bonus ends while nothing is wagered (its promotion was refused): the next may start.
      if (bonus.stage === 'wait' && !(await activeBonus(tx, bonus.userId, bonus.currency)))
        balance = (await this.promote(tx, bonus.userId, bonus.currency, now)) ?? balance;
      return balance;
    });
    if (balance === undefined) return false;
    this.deps.wallet.publish(balance);
    this.committed();
    return true;
  }

  /** A wallet that wagers nothing while a bonus waits: the oldest waiting one starts if it may. */
  private async promoteInJob(ref: BonusRef, now: Date): Promise<boolean> {
    const balance = await this.deps.db.transaction(async (tx) => {
      await lockWallet(tx, ref.userId, ref.currency);
      if (await activeBonus(tx, ref.userId, ref.currency)) return null;
      return this.promote(tx, ref.userId, ref.currency, now);
    });
    if (!balance) return false;
    this.deps.wallet.publish(balance);
    this.committed();
    return true;
  }

  /**
   * Ends an open bonus (canceled or expired), its wallet and the bonus locked by the caller: one
   * being wagered forfeits the wallet's bonus money (never its cash) and the next waiting bonus of
   * the wallet is promoted. The wallet's balance when money moved, else null.
   */
  private async end(tx: Executor, bonus: BonusRow, to: 'canceled' | 'expired', now: Date, reason?: CancelReason) {
    const wagered = bonus.stage === 'handle_bets';
    let balance = null;
    if (wagered) {
      const moved = await this.deps.wallet.settleBonus(tx, {
        bonusId: bonus.id,
        userId: bonus.userId,
        currency: bonus.currency,
        movement: 'forfeit',
        cap: null,
      });
      if (!moved.ok) throw new Error(`bonus ${bonus.id}: wallet missing for its forfeit`);
      balance = moved.balance;
    }
    await this.move(tx, bonus, to, {
      now,
      ended: true,
      ...(to === 'canceled' ? { cancelReason: reason ?? 'player' } : {}),
    });
    if (wagered) balance = (await this.promote(tx, bonus.userId, bonus.currency, now)) ?? balance;
    return balance;
  }

  /**
   * Starts the oldest waiting bonus of a wallet whose active one just ended, in the same
   * transaction. A waiting bonus past its activation deadline expires on the way (the next is
   * tried). The one to start stays waiting when its grant would pass the maximum balance or the
   * player is on a break: the next end tries again.
   */
  private async promote(tx: Executor, userId: number, currency: string, now: Date) {
    for (;;) {
      const next = await oldestWaiting(tx, userId, currency);
      if (!next) return null;
      if (next.activatableUntil && next.activatableUntil <= now) {
        await this.move(tx, next, 'expired', { now, ended: true });
        continue;
      }
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

  /**
   * Every stage change of a bonus passes here: a guarded update, and `bonus.changed` in the same
   * transaction (docs/events.md), so the change and its event exist together or not at all.
   */
  private async move(tx: Executor, bonus: BonusRow, to: Stage, set: Parameters<typeof moveStage>[4]) {
    if (!canTransition(bonus.stage, to)) throw new Error(`bonus ${bonus.id}: ${bonus.stage} → ${to} is not allowed`);
    if (!(await moveStage(tx, bonus.id, bonus.stage, to, set))) {
      throw new AppError(409, 'bonus_changed', 'This bonus changed meanwhile; try again');
    }
    await logChange(tx, bonus, bonus.stage, to, set.now);
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

  private async presentable(userId: number, bonusId: number): Promise<PresentableBonus> {
    const [found] = await presentableBonuses(this.deps.db, { userId, id: bonusId });
    if (!found) throw new BonusNotFoundError();
    return found;
  }

  private async reread(id: number): Promise<BonusRow> {
    const found = await findBonus(this.deps.db, id);
    if (!found) throw new BonusNotFoundError();
    return found;
  }
}

/**
 * Appends `bonus.changed` (docs/events.md) in the transaction of the change; `from` null: just
 * issued. It carries the app clock's time: the mail consumer compares it with that clock.
 */
function logChange(tx: Executor, bonus: BonusRow, from: Stage | null, to: Stage, at: Date) {
  return appendEvent(tx, {
    type: 'bonus.changed',
    userId: bonus.userId,
    at,
    payload: {
      id: bonus.id,
      campaign_id: bonus.campaignId,
      kind: bonus.kind,
      currency: bonus.currency,
      from,
      stage: to,
      amount: Number(bonus.amount),
    },
  });
}

/**
 * What a withdrawal would forfeit, in plain words (docs/bonuses.md#withdrawals-and-bonuses): each
 * bonus by its title with the bonus money it loses (or, not started yet, the amount it will never
 * grant), the cash that stays, and that a recall will not bring them back.
 */
function withdrawalWarning(shown: { view: PresentableBonus; bonus: PlayerBonus }[]): string {
  const first = shown[0]!.view;
  const show = (v: bigint) => formatMoney(v, first.bonus.currency, 'en');
  const parts = shown.map(({ view, bonus }) => {
    const title = `“${bonus.title}”`;
    if (view.bonus.stage !== 'handle_bets')
      return `${title} (${show(view.bonus.amount)}, not started yet, will never be granted)`;
    const money = bonusMoneyOf(view);
    const winnings = money > view.bonus.amount ? money - view.bonus.amount : 0n;
    return `${title} (${show(money)} of bonus money, ${show(winnings)} of it winnings, will be removed)`;
  });
  const what =
    parts.length === 1
      ? `your bonus ${parts[0]}`
      : `${parts.length} bonuses: ${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return (
    `Withdrawing cancels ${what}. Your ${show(first.wallet?.cash ?? 0n)} cash stays. ` +
    `Recalling the withdrawal will not bring ${parts.length === 1 ? 'it' : 'them'} back. ` +
    'Send the withdrawal again with forfeit_bonus: true to go ahead.'
  );
}
