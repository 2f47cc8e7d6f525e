/**
 * Deposits and withdrawals (docs/player-app.md#cashbox-flow, #payment-history; docs/reliability.md#w12-two-phase-withdrawals, #w13-verified-deposits). Every state change is one
 * guarded UPDATE (`WHERE state = <the state it leaves>`) in the same database transaction as its
 * ledger movement, so a replayed webhook, a retried job or a recall racing an approval resolves
 * exactly one way. Money moves only through the wallet's ledger:
 *   deposit succeeded:  payment clearing → player cash   (amount and currency from the webhook)
 *   withdrawal request: player cash → payout reserve      (only the cash part can be withdrawn)
 *   payout succeeded:   payout reserve → payment clearing
 *   payout failed / recalled: payout reserve → player cash (once)
 */
import { findUnsafeText } from '@croupier/shared/api/primitives';
import { isCurrencyCode, maxBalanceMinor } from '@croupier/shared/currencies';
import { toMajorString } from '@croupier/shared/money';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { hmacSha256, safeEqual, sha256 } from '../../lib/crypto.ts';
import { appendEvent } from '../../events/event-log.ts';
import type { EventType } from '@croupier/shared/events';
import { AppError, conflict, errorBody, notFound, unprocessable } from '../../lib/errors.ts';
import { depositRefusal } from '../limits/index.ts';
import { BalanceLimitError } from '../wallet/index.ts';
import type { Executor } from '../../db/sql.ts';
import type { Wallet } from '../wallet/index.ts';
import type { MethodField, PaymentAction, PaymentProvider, ProviderMethod, StartOutcome } from './provider.ts';
import {
  advanceConfirmations,
  attachProviderPaymentId,
  cashAndBalanceOf,
  claimIdempotencyKey,
  conflictingProfiles,
  countPayments,
  cryptoAddressOwner,
  declineDepositOverBalanceLimit,
  declinePendingPayment,
  declineProcessingPayout,
  deleteProfileOf,
  duePayouts,
  findIdempotencyKey,
  findPaymentOf,
  findProfileOf,
  hasPaidOutTo,
  insertCryptoDeposit,
  insertDeposit,
  insertProfileIfNew,
  insertWithdrawal,
  lockDepositNumbering,
  lockPaymentByProviderId,
  lockPaymentByReference,
  markDepositSucceeded,
  markPayoutPaid,
  paymentHistory,
  profilesOf,
  recallPendingWithdrawal,
  recordDepositStart,
  recordPayoutStart,
  recordWebhookOnce,
  renameProfile,
  retakeStuckPayout,
  storeIdempotentAnswer,
  succeededDepositNumber,
  stuckPayouts,
  takePayout,
  withdrawalNeedsVerification,
  type PaymentRow,
} from './payments.repository.ts';

export type { PaymentRow } from './payments.repository.ts';

/** Group 631 removes the Sofort brand from deposit methods (docs/player-app.md#groups-and-restrictions). */
export const NO_SOFORT_GROUP = 631;
/**
 * How long a withdrawal may stay taken by the payout job without a provider's id before it counts
 * as lost in a crash and is sent again (a provider answers a payout start in seconds).
 */
export const PAYOUT_REDRIVE_MS = 2 * 60_000;

/**
 * A payment as the history and `payments_changes` show it (docs/api-shapes.md#payments, #payloads).
 * `recallAllowed`: whether this deployment lets players recall pending withdrawals.
 */
export function presentPayment(p: PaymentRow, recallAllowed = true) {
  return {
    id: Number(p.id),
    amount_cents: Number(p.amount_cents),
    amount: toMajorString(BigInt(p.amount_cents), p.currency),
    currency: p.currency,
    action: p.action,
    state: p.state,
    success: p.state === 'succeeded',
    recallable: recallAllowed && p.action === 'cashout' && p.state === 'pending',
    payment_system: p.method_id,
    system_name: p.brand,
    brand: p.brand,
    account: p.account_title,
    created_at: new Date(p.created_at).toISOString(),
    finished_at: p.finished_at ? new Date(p.finished_at).toISOString() : null,
    cancellation_reason: p.cancellation_reason,
    confirmations: p.confirmations === null ? null : Number(p.confirmations),
    confirmations_required: p.confirmations_required === null ? null : Number(p.confirmations_required),
  };
}

export type PaymentView = ReturnType<typeof presentPayment>;

export interface PaymentsDeps {
  db: Db;
  clock: Clock;
  wallet: Wallet;
  providers: ReadonlyMap<string, PaymentProvider>;
  /** Milliseconds a withdrawal stays recallable before the payout job sends it (sandbox auto-approval). */
  payoutDelayMs: number;
  /**
   * Players may recall a pending withdrawal (docs/player-app.md#payment-history). False where reverse withdrawals are banned
   * (UKGC; docs/reliability.md#w12-two-phase-withdrawals): a recall is then refused and nothing moves.
   */
  recallAllowed: boolean;
  /** After commit: the player's `payments_changes` channel. */
  publish: (userId: number, payment: PaymentView) => void;
  onError?: (message: string, error: unknown) => void;
  /** Key of the HMAC that stands for a request behind an Idempotency-Key. */
  requestHashKey: string;
  /**
   * KYC_WITHDRAWAL_THRESHOLDS: by currency, the running total of withdrawals (minor units) above
   * which the player must be verified (docs/verification.md#withdrawal-threshold). Empty: off.
   */
  verificationThresholds?: ReadonlyMap<string, bigint>;
  /**
   * Asked inside a withdrawal's transaction, before the reserve (docs/bonuses.md#limits-withdrawals-privacy):
   * the bonuses module refuses (409 `bonus_active`) while a bonus is being wagered in that currency,
   * unless the player confirmed with `forfeitBonus`; then it cancels the bonus in this transaction.
   */
  beforeWithdrawal?: (
    tx: Executor,
    input: { userId: number; currency: string; amount: bigint; forfeit: boolean; now: Date },
  ) => Promise<void>;
  /**
   * Before a withdrawal's transaction: the bonuses module issues the bonuses of deposits its
   * consumer has not reached yet, so a refusal names bonuses that exist (`beforeWithdrawal` asks
   * again inside the transaction).
   */
  prepareWithdrawal?: (userId: number, currency: string) => Promise<void>;
}

export interface RequestInput {
  currency: string;
  amountCents: bigint;
  methodId: string;
  fields: Record<string, string>;
  profileId?: number | undefined;
}

/**
 * What a deposit or withdrawal answers: the HTTP status and the exact JSON body, which is what an
 * Idempotency-Key keeps and a retry gets again (`replayed`).
 */
export interface PaymentAnswer {
  status: number;
  body: string;
  replayed: boolean;
}

export interface SubmitOptions {
  /** The client's Idempotency-Key (already validated by the route). */
  idempotencyKey?: string | undefined;
}

interface Idempotency {
  key: string;
  action: PaymentAction;
  hash: string;
}

export interface WithdrawOptions extends SubmitOptions {
  /**
   * Called before anything is written when no payout of the player to this destination succeeded
   * (decision 015); throwing refuses the withdrawal. The route asks for a step-up here.
   */
  onNewDestination?: () => void;
  /**
   * The player saw what cancelling their bonus takes and confirmed (`forfeit_bonus`). Consent, not
   * part of the request an Idempotency-Key stands for: a refused attempt keeps nothing for the key,
   * so the confirmed one may send the same key again.
   */
  forfeitBonus?: boolean;
}

class Declined extends Error {}
/** Another request claimed the Idempotency-Key first: our transaction is rolled back. */
class KeyTaken extends Error {}
/** A verified event for a payment we do not know: the webhook's transaction is rolled back. */
class UnknownPayment extends Error {}

export class PaymentsService {
  constructor(readonly deps: PaymentsDeps) {}

  private present(row: PaymentRow): PaymentView {
    return presentPayment(row, this.deps.recallAllowed);
  }

  private provider(methodId: string): PaymentProvider {
    const provider = this.deps.providers.get(methodId.split('_')[0] ?? '');
    if (!provider) throw new AppError(422, 'method_unavailable', 'This payment method is not available');
    return provider;
  }

  /** The methods a player may use for a currency and action, with their saved profiles. */
  async methods(user: { id: number; groups: number[] }, currency: string, action: PaymentAction) {
    const profiles = await profilesOf(this.deps.db, user.id);
    const out: (ProviderMethod & { savedProfiles: { id: number; title: string; isRemoveAvailable: boolean }[] })[] = [];
    for (const provider of this.deps.providers.values()) {
      for (const m of provider.methods(currency, action)) {
        if (action === 'deposit' && m.brand === 'sofort' && user.groups.includes(NO_SOFORT_GROUP)) continue;
        out.push({
          ...m,
          savedProfiles: profiles
            .filter((p) => p.method_id === m.id)
            .map((p) => ({ id: Number(p.id), title: p.title, isRemoveAvailable: true })),
        });
      }
    }
    return out;
  }

  private async method(user: { id: number; groups: number[] }, input: RequestInput, action: PaymentAction) {
    if (!isCurrencyCode(input.currency)) throw new AppError(422, 'currency_unavailable', 'Unknown currency');
    const method = (await this.methods(user, input.currency, action)).find((m) => m.id === input.methodId);
    if (!method)
      throw new AppError(422, 'method_unavailable', 'This payment method is not available for this currency');
    if (input.amountCents < method.min)
      throw new AppError(422, 'amount_too_small', `The minimum is ${money(method.min, input.currency)}`, {
        amount: [`The minimum is ${money(method.min, input.currency)}`],
      });
    if (input.amountCents > method.max)
      throw new AppError(422, 'amount_too_large', `The maximum is ${money(method.max, input.currency)}`, {
        amount: [`The maximum is ${money(method.max, input.currency)}`],
      });
    const account = await cashAndBalanceOf(this.deps.db, user.id, input.currency);
    if (!account) throw new AppError(422, 'currency_unavailable', `You have no ${input.currency} account`);
    // Told before the player pays: the credit itself would be refused (decision 016).
    const ceiling = maxBalanceMinor(input.currency);
    if (action === 'deposit' && BigInt(account.balance) + input.amountCents > ceiling) {
      const text = `Your ${input.currency} balance cannot go above ${money(ceiling, input.currency)}`;
      throw new AppError(422, 'balance_limit', text, { amount: [text] });
    }
    let profileToken: string | undefined;
    if (input.profileId !== undefined) {
      const profile = await findProfileOf(this.deps.db, user.id, input.profileId);
      if (!profile || profile.method_id !== method.id)
        throw new AppError(422, 'profile_unavailable', 'This saved payment method is not available', {
          profile_id: ['is not available'],
        });
      profileToken = profile.token;
    }
    return { method, profileToken, cash: BigInt(account.cash) };
  }

  /**
   * The payment plan (docs/player-app.md#cashbox-calls): what happens if the player submits this amount by this method —
   * checked like a submission (method, limits and, for a withdrawal, the cash available), changing
   * nothing. A withdrawal adds the casino's own step: it waits `payoutDelayMs`, recallable, before it
   * goes to the provider.
   */
  async plan(
    user: { id: number; groups: number[] },
    input: Omit<RequestInput, 'fields' | 'profileId'>,
    action: PaymentAction,
  ) {
    const { method, cash } = await this.method(user, { ...input, fields: {} }, action);
    const provider = this.provider(method.id).plan(method, action);
    if (action === 'cashout' && input.amountCents > cash) throw insufficientFunds(cash, input.currency);
    const review = action === 'cashout' ? Math.ceil(this.deps.payoutDelayMs / 1000) : 0;
    return {
      method_id: method.id,
      action,
      currency: input.currency,
      amount_cents: Number(input.amountCents),
      amount: toMajorString(input.amountCents, input.currency),
      arrives_in_seconds: review + provider.settleSeconds,
      recallable_for_seconds: action === 'cashout' && this.deps.recallAllowed ? review : 0,
      may_redirect: provider.mayRedirect,
      confirmations: provider.confirmations ?? null,
      saved_profile_required: action === 'cashout' && payoutNeedsProfile(method),
      available_cents: action === 'cashout' ? Number(cash) : null,
    };
  }

  /**
   * Starts a deposit. The balance changes only when the provider's verified webhook says it
   * succeeded. With an Idempotency-Key, the key is claimed in the transaction that creates the
   * payment and the answer is kept with it, so a retry gets this answer and never a second payment.
   */
  async deposit(
    user: { id: number; groups: number[] },
    input: RequestInput,
    options: SubmitOptions = {},
  ): Promise<PaymentAnswer> {
    const idem = this.idempotency('deposit', input, options.idempotencyKey);
    const earlier = idem && (await this.replay(user.id, idem));
    if (earlier) return earlier;
    const { method, profileToken } = await this.method(user, input, 'deposit');
    const now = this.deps.clock.now();
    const payment = await this.deps.db
      .transaction(async (tx) => {
        // The player's limits and breaks are asked first, in this transaction, before any provider
        // is (docs/limits.md#enforcement): a refused deposit records nothing.
        const refusal = await depositRefusal(tx, {
          userId: user.id,
          currency: input.currency,
          amountCents: input.amountCents,
          now,
        });
        if (refusal) throw unprocessable(refusal.code, refusal.message);
        const created = await insertDeposit(tx, {
          userId: user.id,
          currency: input.currency,
          amountCents: input.amountCents,
          method,
          destination: destinationOf(method, input.fields, profileToken),
          now,
        });
        if (idem) await this.claim(tx, user.id, idem, created.id, now);
        return created;
      })
      .catch((error: unknown) => this.lostClaim(error, user.id, idem));
    if (!('id' in payment)) return payment;
    let outcome: StartOutcome;
    try {
      outcome = await this.provider(method.id).start({
        reference: String(payment.id),
        action: 'deposit',
        amountCents: input.amountCents,
        currency: input.currency,
        methodId: method.id,
        fields: input.fields,
        profileToken,
      });
    } catch (error) {
      // No answer from the provider: we cannot know whether it took the payment, so the payment
      // stays pending and its webhook, if one comes, still settles it (matched by our reference);
      // declining it here would lose the money of a payment the provider did take. The key gets a
      // definite answer, so a retry with it is told so instead of "in use" forever.
      this.deps.onError?.(`payments: deposit ${payment.id} failed to start`, error);
      const failure = new AppError(
        502,
        'provider_unavailable',
        'The payment provider did not answer. If it took the payment, your balance is credited when it confirms it; otherwise nothing was charged.',
      );
      const answer: PaymentAnswer = {
        status: failure.status,
        body: JSON.stringify(errorBody(failure)),
        replayed: false,
      };
      if (idem) await this.deps.db.transaction((tx) => this.remember(tx, user.id, idem, answer));
      return answer;
    }
    if (outcome.kind === 'refused') {
      const refusal = new AppError(
        422,
        'payment_declined',
        outcome.reason,
        outcome.field ? { [outcome.field]: [outcome.reason] } : undefined,
      );
      return this.declineStart(user.id, payment.id, idem, refusal, outcome.reason);
    }
    const accepted = outcome;
    const { view, answer } = await this.deps.db.transaction(async (tx) => {
      const profile = accepted.profile
        ? await this.saveProfile(tx, user.id, method, accepted.profile, payment.id, now)
        : undefined;
      const started = await recordDepositStart(tx, payment.id, {
        providerPaymentId: accepted.providerPaymentId,
        accountTitle: accepted.accountTitle,
        // A new card is known by the profile the provider just made of it.
        destination: profile ? destinationOf(method, {}, profile.token) : null,
      });
      const view = this.present(started!);
      const answer: PaymentAnswer = {
        status: 201,
        body: JSON.stringify({ payment: view, redirect_url: accepted.redirectUrl ?? null }),
        replayed: false,
      };
      if (idem) await this.remember(tx, user.id, idem, answer);
      return { view, answer };
    });
    this.notify(user.id, view);
    return answer;
  }

  /**
   * Requests a withdrawal: reserves the amount from the player's cash at once (W12), stays
   * recallable until the payout job sends it. Card payouts go to a card the player deposited with.
   * With an Idempotency-Key, the key, the payment, the reserve and the answer are one transaction.
   */
  async withdraw(
    user: { id: number; groups: number[] },
    input: RequestInput,
    options: WithdrawOptions = {},
  ): Promise<PaymentAnswer> {
    const idem = this.idempotency('cashout', input, options.idempotencyKey);
    const earlier = idem && (await this.replay(user.id, idem));
    if (earlier) return earlier;
    const { method, profileToken } = await this.method(user, input, 'cashout');
    if (payoutNeedsProfile(method) && !profileToken) {
      throw new AppError(422, 'profile_required', 'Card payouts go to a card you deposited with: choose a saved card', {
        profile_id: ['is required'],
      });
    }
    const details: Record<string, string> = profileToken
      ? { profile_token: profileToken }
      : Object.fromEntries(method.fields.map((f) => [f.name, input.fields[f.name] ?? '']));
    const missing = method.fields.filter((f) => f.required && !profileToken && !details[f.name]?.trim());
    if (missing.length > 0)
      throw new AppError(
        422,
        'validation_error',
        'Fill in the payment details',
        Object.fromEntries(missing.map((f) => [f.name, ['is required']])),
      );
    const destination = destinationOf(method, input.fields, profileToken);
    if (options.onNewDestination && !(await this.usedDestination(user.id, destination))) options.onNewDestination();
    await this.deps.prepareWithdrawal?.(user.id, input.currency);
    const now = this.deps.clock.now();
    const payment = await this.deps.db
      .transaction(async (tx) => {
        const threshold = this.deps.verificationThresholds?.get(input.currency);
        if (
          threshold !== undefined &&
          (await withdrawalNeedsVerification(tx, user.id, input.currency, input.amountCents, threshold))
        )
          throw verificationRequired(threshold, input.currency);
        const row = await insertWithdrawal(tx, {
          userId: user.id,
          currency: input.currency,
          amountCents: input.amountCents,
          method,
          accountTitle: profileToken ? null : maskDetails(details),
          payoutDetails: details,
          destination,
          now,
        });
        if (idem) await this.claim(tx, user.id, idem, row.id, now);
        await this.deps.beforeWithdrawal?.(tx, {
          userId: user.id,
          currency: input.currency,
          amount: input.amountCents,
          forfeit: options.forfeitBonus === true,
          now,
        });
        const reserved = await this.deps.wallet.service.debitPlayer({
          tx,
          userId: user.id,
          currency: input.currency,
          amount: input.amountCents,
          to: 'payout_reserve',
          kind: 'withdrawal_reserve',
          idempotencyKey: `payment:${row.id}:reserve`,
          cashOnly: true,
        });
        if (!reserved.ok) throw insufficientFunds(reserved.balance?.cash ?? 0n, input.currency);
        await logPayment(tx, 'payment.withdrawal.requested', row);
        const view = this.present(row);
        const answer: PaymentAnswer = { status: 201, body: JSON.stringify({ payment: view }), replayed: false };
        if (idem) await this.remember(tx, user.id, idem, answer);
        return { view, answer, balance: reserved.balance };
      })
      .catch((error: unknown) => this.lostClaim(error, user.id, idem));
    if (!('view' in payment)) return payment;
    this.deps.wallet.service.publish(payment.balance);
    this.notify(user.id, payment.view);
    return payment.answer;
  }

  /** The key and request hash of a submission that carries an Idempotency-Key, else null. */
  private idempotency(action: PaymentAction, input: RequestInput, key: string | undefined): Idempotency | null {
    if (key === undefined) return null;
    const fields = Object.entries(input.fields).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    // Keyed: the fields may hold a card number, and a plain hash of one is easy to reverse.
    const hash = hmacSha256(
      this.deps.requestHashKey,
      JSON.stringify([
        action,
        input.currency,
        input.amountCents.toString(),
        input.methodId,
        input.profileId ?? null,
        fields,
      ]),
    );
    return { key, action, hash };
  }

  /**
   * The first answer to this key, for a retry with the same request. The same key with another
   * request is a 409 (`idempotency_key_reused`); a first request still running (or that died before
   * it answered) is a 409 (`idempotency_key_in_use`): nothing is started twice.
   */
  private async replay(userId: number, idem: Idempotency): Promise<PaymentAnswer | null> {
    const row = await findIdempotencyKey(this.deps.db, userId, idem.key);
    if (!row) return null;
    if (row.action !== idem.action || !safeEqual(row.request_hash, idem.hash)) {
      throw conflict('idempotency_key_reused', 'This Idempotency-Key was already used for a different payment request');
    }
    if (row.response_status === null || row.response_body === null) {
      throw conflict('idempotency_key_in_use', 'A payment request with this Idempotency-Key is still being processed');
    }
    return { status: Number(row.response_status), body: row.response_body, replayed: true };
  }

  /** Claims the key for a new payment; a concurrent request that claimed it first wins. */
  private async claim(tx: Executor, userId: number, idem: Idempotency, paymentId: number, now: Date) {
    const claimed = await claimIdempotencyKey(tx, {
      userId,
      key: idem.key,
      action: idem.action,
      requestHash: idem.hash,
      paymentId,
      now,
    });
    if (!claimed) throw new KeyTaken();
  }

  private async remember(tx: Executor, userId: number, idem: Idempotency, answer: PaymentAnswer) {
    await storeIdempotentAnswer(tx, userId, idem.key, answer);
  }

  /** A deposit the provider refused or never answered: declined, and its answer kept for the key, in one transaction. */
  private async declineStart(
    userId: number,
    paymentId: number,
    idem: Idempotency | null,
    error: AppError,
    reason: string,
  ): Promise<PaymentAnswer> {
    const answer: PaymentAnswer = { status: error.status, body: JSON.stringify(errorBody(error)), replayed: false };
    const declined = await this.deps.db.transaction(async (tx) => {
      const row = await declinePendingPayment(tx, paymentId, reason, this.deps.clock.now());
      if (idem) await this.remember(tx, userId, idem, answer);
      return row;
    });
    if (declined) this.notify(userId, this.present(declined));
    return answer;
  }

  /**
   * Saves what the player paid with. The same card again (its fingerprint) or a token the provider
   * hands back again is the profile this player already has, so the profile, and the token later
   * payouts use, stay the ones the player knows. A token saved for another player is never attached
   * to this one: no profile, and an operator is told.
   */
  private async saveProfile(
    tx: Executor,
    userId: number,
    method: ProviderMethod,
    saved: { token: string; title: string; fingerprint?: string },
    paymentId: number,
    now: Date,
  ): Promise<{ token: string } | undefined> {
    const fingerprint = saved.fingerprint ?? null;
    const inserted = await insertProfileIfNew(tx, {
      userId,
      provider: method.provider,
      methodId: method.id,
      title: saved.title,
      token: saved.token,
      fingerprint,
      now,
    });
    if (inserted) return inserted;
    const existing = await conflictingProfiles(tx, method.provider, userId, saved.token, fingerprint);
    const mine = existing.find((p) => Number(p.user_id) === userId);
    const foreign = existing.find((p) => Number(p.user_id) !== userId && p.token === saved.token);
    if (foreign) {
      this.deps.onError?.(
        `payments: deposit ${paymentId}: provider ${method.provider} returned a token saved for another player; not attached`,
        new Error('profile_token_of_another_player'),
      );
    }
    if (!mine) return undefined;
    return renameProfile(tx, mine.id, saved.title, method.id);
  }

  /** Our transaction, and its payment, rolled back because another request holds the key: its answer. */
  private async lostClaim(error: unknown, userId: number, idem: Idempotency | null): Promise<PaymentAnswer> {
    if (!(error instanceof KeyTaken) || !idem) throw error;
    const earlier = await this.replay(userId, idem);
    if (!earlier) throw error;
    return earlier;
  }

  /** After commit: a failing listener or presenter is logged, never the caller's error. */
  private notify(userId: number, view: PaymentView) {
    try {
      this.deps.publish(userId, view);
    } catch (error) {
      this.deps.onError?.('payments: publish failed', error);
    }
  }

  /**
   * Whether a payout of the player to this destination succeeded. Deposits never count: anyone
   * holding the session can pay in a few euros from their own account, so only a payout (whose
   * first time needed the step-up) proves the player chose it. Pending, declined and recalled
   * payouts prove nothing.
   */
  private async usedDestination(userId: number, destination: string | null): Promise<boolean> {
    if (!destination) return false;
    return hasPaidOutTo(this.deps.db, userId, destination);
  }

  /** Cancels a pending withdrawal and returns the money; refused once the payout job took it. */
  async recall(userId: number, paymentId: number): Promise<PaymentView> {
    if (!this.deps.recallAllowed) throw conflict('recall_disabled', 'Withdrawals cannot be cancelled once requested');
    const result = await this.deps.db.transaction(async (tx) => {
      const row = await recallPendingWithdrawal(tx, userId, paymentId, this.deps.clock.now());
      if (!row) return null;
      const released = await this.release(tx, row, 'recall');
      await logPayment(tx, 'payment.withdrawal.recalled', row);
      return { row, balance: released.balance };
    });
    if (!result) {
      const existing = await findPaymentOf(this.deps.db, userId, paymentId);
      if (!existing) throw notFound('payment_not_found', 'Payment not found');
      throw conflict('not_recallable', 'This payment can no longer be recalled');
    }
    if (result.balance) this.deps.wallet.service.publish(result.balance);
    const view = this.present(result.row);
    this.notify(userId, view);
    return view;
  }

  /**
   * Forgets a saved profile. Withdrawals already requested to it keep their own copy of the token
   * (payout_details), so removing it never strands money on its way out.
   */
  async removeProfile(userId: number, profileId: number): Promise<void> {
    const removed = await deleteProfileOf(this.deps.db, userId, profileId);
    if (!removed) throw notFound('profile_not_found', 'This saved payment method does not exist');
  }

  private release(tx: Executor, row: PaymentRow, why: string) {
    return this.deps.wallet.service.creditPlayer({
      tx,
      userId: row.user_id,
      currency: row.currency,
      amount: BigInt(row.amount_cents),
      from: 'payout_reserve',
      kind: 'withdrawal_release',
      idempotencyKey: `payment:${row.id}:release`,
      // The player's own money coming back: never refused for the balance maximum.
      money: 'returned',
      metadata: { payment_id: Number(row.id), reason: why },
    });
  }

  /**
   * The payout job: withdrawals older than `payoutDelayMs` leave `pending` (no longer recallable)
   * and are sent to their provider. Claiming is the guarded UPDATE, so two jobs, or a job and a
   * recall, never both take the same withdrawal. Returns how many it sent.
   */
  async processPayouts(limit = 50): Promise<number> {
    const now = this.deps.clock.now();
    const cutoff = new Date(now.getTime() - this.deps.payoutDelayMs);
    const due = await duePayouts(this.deps.db, cutoff, limit);
    let sent = 0;
    for (const { id } of due) {
      const row = await takePayout(this.deps.db, id, now);
      if (!row) continue;
      this.notify(row.user_id, this.present(row));
      if (await this.sendPayout(row)) sent++;
    }
    return sent;
  }

  /**
   * Withdrawals the payout job took but never got a provider's answer for — the process died
   * between taking one and recording the provider's id — are sent again after
   * PAYOUT_REDRIVE_MS with the same reference, which the provider answers with the payout it
   * already has (or starts it). Each is retaken with a guarded UPDATE, so two instances never send
   * one twice at once; a provider that refuses it releases the reserve once. Returns how many it
   * sent. (A payout the provider has is finished by the provider's webhook, redelivered until
   * acknowledged.)
   */
  async redrivePayouts(limit = 50): Promise<number> {
    const now = this.deps.clock.now();
    const cutoff = new Date(now.getTime() - PAYOUT_REDRIVE_MS);
    const stuck = await stuckPayouts(this.deps.db, cutoff, limit);
    let sent = 0;
    for (const { id } of stuck) {
      const row = await retakeStuckPayout(this.deps.db, id, cutoff, now);
      if (!row) continue;
      this.deps.onError?.(
        `payments: payout ${id} had no provider answer; sending it again`,
        new Error('payout re-driven'),
      );
      if (await this.sendPayout(row)) sent++;
    }
    return sent;
  }

  /** Starts a taken withdrawal at its provider; a refusal or failure releases the reserve once. */
  private async sendPayout(row: PaymentRow): Promise<boolean> {
    const id = row.id;
    try {
      const details = row.payout_details ?? {};
      const outcome = await this.provider(row.method_id).start({
        reference: String(row.id),
        action: 'cashout',
        amountCents: BigInt(row.amount_cents),
        currency: row.currency,
        methodId: row.method_id,
        fields: details,
        profileToken: details.profile_token,
      });
      if (outcome.kind === 'refused') throw new Declined(outcome.reason);
      await recordPayoutStart(this.deps.db, id, outcome.providerPaymentId, outcome.accountTitle);
      return true;
    } catch (error) {
      await this.failPayout(row, error instanceof Declined ? error.message : 'The payout could not be sent');
      if (!(error instanceof Declined)) this.deps.onError?.(`payments: payout ${id} failed to start`, error);
      return false;
    }
  }

  private async failPayout(row: PaymentRow, reason: string) {
    const result = await this.deps.db.transaction(async (tx) => {
      const failed = await declineProcessingPayout(tx, row.id, reason, this.deps.clock.now());
      if (!failed) return null;
      const released = await this.release(tx, failed, 'payout_failed');
      await logPayment(tx, 'payment.withdrawal.failed', failed);
      return { row: failed, balance: released.balance };
    });
    if (!result) return;
    if (result.balance) this.deps.wallet.service.publish(result.balance);
    this.notify(row.user_id, this.present(result.row));
  }

  /**
   * A provider webhook: verified over the raw bytes first (nothing is written for a bad
   * signature), recorded once per provider event id, then applied with a guarded transition.
   * Answers what happened, for the provider's logs.
   */
  async webhook(
    providerId: string,
    rawBody: Buffer,
    signature: string | undefined,
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    const provider = this.deps.providers.get(providerId);
    const event = provider?.verifyWebhook(rawBody, signature);
    if (!provider || !event)
      return { status: 401, body: { code: 'invalid_signature', error: 'Signature does not match the body' } };
    // The body is stored as it came (jsonb), which cannot hold NUL or an unpaired surrogate: a
    // definite 400 the provider will not retry, instead of a 500 it would retry forever.
    const unsafe = findUnsafeText(JSON.parse(rawBody.toString('utf8')));
    if (unsafe !== null)
      return {
        status: 400,
        body: { code: 'invalid_text', error: `${unsafe}: control characters and unpaired surrogates are not allowed` },
      };
    const now = this.deps.clock.now();
    const outcome = await this.deps.db
      .transaction(async (tx) => {
        const fresh = await recordWebhookOnce(tx, {
          provider: providerId,
          eventId: event.eventId,
          providerPaymentId: event.providerPaymentId,
          rawBody: rawBody.toString('utf8'),
          now,
        });
        if (!fresh) return { result: 'duplicate' as const };
        let payment = event.address
          ? await lockPaymentByProviderId(tx, providerId, event.providerPaymentId)
          : // A webhook can overtake the answer to the call that started the payment, before our
            // side has stored the provider's id: our reference without a provider id yet is that
            // payment, and the event fills the id in.
            await lockPaymentByReference(tx, providerId, event.reference, event.providerPaymentId);
        if (payment && payment.provider_payment_id === null) {
          payment = await attachProviderPaymentId(tx, payment.id, event.providerPaymentId);
        }
        if (!payment && event.address) {
          // First sight of a crypto deposit: it belongs to whoever owns the receiving address.
          const owner = await cryptoAddressOwner(tx, event.address);
          if (!owner || owner.currency !== event.currency || event.amountCents <= 0n)
            return { result: 'unknown_address' as const };
          // Coins arrive whether or not the player may deposit: a deposit that a break or a deposit
          // limit refuses is recorded declined with the reason the player sees, and never credited.
          const refusal = await depositRefusal(tx, {
            userId: owner.user_id,
            currency: event.currency,
            amountCents: event.amountCents,
            now,
          });
          const coin = event.currency.toLowerCase();
          payment = await insertCryptoDeposit(tx, {
            userId: owner.user_id,
            currency: event.currency,
            amountCents: event.amountCents,
            provider: providerId,
            methodId: `${providerId}_crypto_${coin}`,
            brand: coin,
            providerPaymentId: event.providerPaymentId,
            address: event.address,
            confirmations: event.confirmations ?? 0,
            confirmationsRequired: event.confirmationsRequired ?? null,
            now,
          });
          if (refusal) {
            const row = await declinePendingPayment(tx, payment.id, refusal.message, now);
            return { result: 'declined' as const, row: row! };
          }
          if (event.status === 'pending') return { result: 'detected' as const, row: payment };
        }
        // Not recorded: a provider retries a refused event, and a retry may find the payment.
        if (!payment) throw new UnknownPayment();
        if (event.status === 'pending') {
          if (event.confirmations === undefined) return { result: 'already_known' as const };
          const row = await advanceConfirmations(
            tx,
            payment.id,
            event.confirmations,
            event.confirmationsRequired ?? null,
          );
          return row ? { result: 'confirming' as const, row } : { result: 'already_known' as const };
        }
        if (payment.action === 'deposit') {
          if (event.status === 'succeeded' && event.currency !== payment.currency) {
            // The provider settled in another currency than asked: credit nothing, flag it for an operator.
            const row = await declinePendingPayment(tx, payment.id, `Provider settled in ${event.currency}`, now);
            return { result: 'currency_mismatch' as const, row };
          }
          if (event.status === 'succeeded') {
            const row = await markDepositSucceeded(tx, payment.id, event.amountCents, event.confirmations ?? null, now);
            if (!row) return { result: 'already_final' as const };
            // The player's row orders their deposits: two succeeding at once are numbered 1 and 2.
            await lockDepositNumbering(tx, row.user_id);
            const credit = await this.deps.wallet.service
              .creditPlayer({
                tx,
                userId: row.user_id,
                currency: event.currency,
                amount: event.amountCents,
                from: 'payment_clearing',
                fromRef: providerId,
                kind: 'deposit',
                idempotencyKey: `payment:${row.id}:deposit`,
                metadata: { payment_id: Number(row.id), provider_payment_id: event.providerPaymentId },
              })
              .catch((error: unknown) => {
                if (error instanceof BalanceLimitError) return null;
                throw error;
              });
            if (!credit) {
              // Refused by the balance maximum (decision 016), which moved nothing: a definite answer
              // for the provider, the payment declined, and an operator refunds what the provider took.
              const refused = await declineDepositOverBalanceLimit(tx, row.id, now);
              this.deps.onError?.(
                `payments: deposit ${row.id} refused by the balance maximum; refund it at the provider`,
                new Error('balance_limit'),
              );
              return { result: 'balance_limit' as const, row: refused! };
            }
            await appendEvent(tx, {
              type: 'payment.deposit.succeeded',
              userId: row.user_id,
              payload: {
                ...paymentPayload(row),
                bonus_code: row.bonus_code,
                deposit_number: await succeededDepositNumber(tx, row.user_id),
              },
              at: now,
            });
            return { result: 'credited' as const, row, balance: credit.balance };
          }
          const row = await declinePendingPayment(tx, payment.id, event.reason ?? 'Declined by the provider', now);
          return row ? { result: 'declined' as const, row } : { result: 'already_final' as const };
        }
        if (event.status === 'succeeded') {
          const row = await markPayoutPaid(tx, payment.id, now);
          if (!row) return { result: 'already_final' as const };
          await this.deps.wallet.service.systemTransfer(tx, {
            from: 'payout_reserve',
            to: 'payment_clearing',
            toRef: providerId,
            currency: row.currency,
            amount: BigInt(row.amount_cents),
            kind: 'withdrawal_paid',
            idempotencyKey: `payment:${row.id}:paid`,
            metadata: { payment_id: Number(row.id), provider_payment_id: event.providerPaymentId },
          });
          await logPayment(tx, 'payment.withdrawal.paid', row);
          return { result: 'paid' as const, row };
        }
        const row = await declineProcessingPayout(tx, payment.id, event.reason ?? 'Declined by the provider', now);
        if (!row) return { result: 'already_final' as const };
        const released = await this.release(tx, row, 'payout_failed');
        await logPayment(tx, 'payment.withdrawal.failed', row);
        return { result: 'released' as const, row, balance: released.balance };
      })
      .catch((error: unknown) => {
        if (error instanceof UnknownPayment) return null;
        throw error;
      });
    if (!outcome) return { status: 404, body: { code: 'unknown_payment', error: 'No payment matches this event' } };
    if ('balance' in outcome && outcome.balance) this.deps.wallet.service.publish(outcome.balance);
    if ('row' in outcome && outcome.row) this.notify(outcome.row.user_id, this.present(outcome.row));
    return { status: 200, body: { result: outcome.result } };
  }

  async history(
    userId: number,
    filter: { action?: PaymentAction | undefined; currency?: string | undefined },
    page?: { page: number; perPage: number },
  ) {
    const list = await paymentHistory(this.deps.db, userId, filter, page);
    const total = await countPayments(this.deps.db, userId, filter);
    return { items: list.map((row) => this.present(row)), total };
  }
}

type PaymentEventType = Exclude<Extract<EventType, `payment.${string}`>, 'payment.deposit.succeeded'>;

/** What every payment event says of its payment. */
function paymentPayload(row: PaymentRow) {
  return {
    payment_id: Number(row.id),
    currency: row.currency,
    amount: Number(row.amount_cents),
    provider: row.provider,
    method_id: row.method_id,
  };
}

/**
 * Appends a payment's money movement to the event log inside the transition's transaction
 * (docs/events.md): it exists exactly when the transition committed. (A credited deposit carries
 * its bonus code and number too, appended where it is credited.)
 */
function logPayment(tx: Executor, type: PaymentEventType, row: PaymentRow) {
  return appendEvent(tx, { type, userId: row.user_id, payload: paymentPayload(row) });
}

/** Field types that identify a card: never part of a destination (a card is known by its profile). */
const CARD_FIELDS: ReadonlySet<MethodField['type']> = new Set(['card_number', 'expiry_date', 'cvv', 'card_holder']);

/** The same account however it is typed: e-mails in lower case, IBANs without spaces in upper case. */
function normaliseDestinationField(type: MethodField['type'], value: string): string {
  const trimmed = value.trim();
  if (type === 'email') return trimmed.toLowerCase();
  if (type === 'iban') return trimmed.replace(/\s/g, '').toUpperCase();
  return trimmed;
}

/**
 * Where a payment's money comes from (deposit) or goes to (cashout), as the SHA-256 of a normalised
 * key scoped by provider: a saved profile's token, or the method's non-card fields (e-mail, IBAN,
 * crypto address). Null when there is none to compare: a card without a profile yet, or a crypto
 * deposit (sent to the player's own address). Hashed, so a deposit's account is never stored as typed.
 */
export function destinationOf(
  method: ProviderMethod,
  fields: Record<string, string>,
  profileToken?: string,
): string | null {
  if (profileToken) return sha256(`${method.provider}:profile:${profileToken}`);
  if (method.type === 'cards') return null;
  const parts = method.fields
    .filter((f) => !CARD_FIELDS.has(f.type))
    .map((f) => `${f.name}=${normaliseDestinationField(f.type, fields[f.name] ?? '')}`)
    .sort();
  return parts.length > 0 ? sha256(`${method.provider}:${parts.join('&')}`) : null;
}

/** Card payouts go only to a card the player deposited with: a saved profile. */
function payoutNeedsProfile(method: ProviderMethod): boolean {
  return method.type === 'cards';
}

/** A withdrawal past the threshold of an unverified player (docs/verification.md#withdrawal-threshold). */
function verificationRequired(threshold: bigint, currency: string): AppError {
  const text = `Withdrawals above ${money(threshold, currency)} in total need a verified account: upload your documents on the verification page first.`;
  return new AppError(422, 'verification_required', text, { amount: [text] });
}

/** A withdrawal (or its plan) above the cash part of the wallet. */
function insufficientFunds(cash: bigint, currency: string): AppError {
  const text = `You can withdraw up to ${money(cash, currency)}`;
  return new AppError(422, 'insufficient_funds', text, { amount: [text] });
}

/** "10.00 EUR": exact major units (crypto keeps its 8 decimals). */
function money(cents: bigint, currency: string): string {
  return `${toMajorString(cents, currency)} ${currency}`;
}

/** A payout destination as the history shows it (e-mail or IBAN, partly hidden). */
function maskDetails(details: Record<string, string>): string | null {
  if (details.email) return details.email.replace(/^(.).*(@.*)$/, '$1•••$2');
  if (details.iban) {
    const iban = details.iban.replace(/\s/g, '').toUpperCase();
    return `${iban.slice(0, 4)}••••${iban.slice(-4)}`;
  }
  return null;
}
