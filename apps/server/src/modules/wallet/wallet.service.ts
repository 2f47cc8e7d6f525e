import type { Account } from '@croupier/shared/api/player';
import type { Db } from '../../db/client.ts';
import type { Executor } from '../../db/sql.ts';
import type { Clock } from '../../lib/clock.ts';
import { sha256 } from '../../lib/crypto.ts';
import { presentAccount } from '../player/index.ts';
import { BalanceLimitError, creditCeiling, toAccountRow } from './balances.ts';
import {
  creditWallet,
  debitCash,
  debitWallet,
  readBalance,
  settleBonusBalance,
  type WalletBalance,
} from './balances.repository.ts';
import {
  appendTransaction,
  findTransactionByKey,
  LedgerError,
  type LedgerAccounts,
  type SystemAccountKind,
} from './ledger.repository.ts';

/** The outcome of a bonus movement (docs/bonuses.md#movements). */
export type BonusMoveResult =
  | {
      ok: true;
      /** The key was already posted: nothing moved this time. */
      duplicate: boolean;
      /** Null when there was nothing to move (no bonus money left to convert or forfeit). */
      transactionId: number | null;
      balance: WalletBalance | null;
      /** What reached the player's cash, and what went back to `bonus_funding`. */
      toCash: bigint;
      toFunding: bigint;
    }
  | { ok: false; reason: 'balance_limit' | 'no_account' };

export type BalancePublisher = (userId: number, account: Account) => void;

export interface WalletServiceDeps {
  db: Db;
  clock: Clock;
  accounts: LedgerAccounts;
  publishBalance: BalancePublisher;
  /** After-commit failures are logged here: they never turn a committed call into an error. */
  logError?: (message: string, error: unknown) => void;
}

export interface TransferResult {
  /** The ledger transaction id; the existing one for a repeated idempotency key. */
  transactionId: number;
  duplicate: boolean;
  balance: WalletBalance | null;
}

/**
 * Money movements that are not seamless-wallet calls: crediting a player from a system account
 * (deposits, prizes, jackpot wins) and system-to-system transfers (jackpot contributions). Each is
 * one ledger transaction keyed by an idempotency key; the balance event goes out after commit.
 */
export class WalletService {
  constructor(private readonly deps: WalletServiceDeps) {}

  presentBalance(balance: WalletBalance): Account {
    return presentAccount(toAccountRow(balance));
  }

  /** After commit: the money has moved, so nothing here may fail the call that moved it. */
  publish(balance: WalletBalance | null) {
    if (!balance) return;
    try {
      this.deps.publishBalance(balance.userId, this.presentBalance(balance));
    } catch (error) {
      this.deps.logError?.('wallet: balance publish failed', error);
    }
  }

  /**
   * Credits a player's cash from a system account. A repeated key with the same content is a no-op
   * that returns the first transaction; with different content it throws (docs/reliability.md#w6-conflicts). New money
   * past the currency's maximum balance throws BalanceLimitError and moves nothing; `money:
   * 'returned'` (the player's own money coming back, e.g. a released withdrawal) is exempt.
   */
  async creditPlayer(input: {
    userId: number;
    currency: string;
    amount: bigint;
    from: SystemAccountKind;
    fromRef?: string;
    kind: string;
    idempotencyKey: string;
    metadata?: Record<string, unknown>;
    tx?: Executor;
    money?: 'new' | 'returned';
  }): Promise<TransferResult> {
    if (input.amount <= 0n) throw new LedgerError('credit amount must be positive');
    const hash = sha256(
      ['credit', input.userId, input.currency, input.amount, input.from, input.fromRef ?? 'main', input.kind].join(
        '\u0000',
      ),
    );
    const run = async (tx: Executor): Promise<TransferResult> => {
      const existing = await this.existing(tx, input.idempotencyKey, hash);
      if (existing) return existing;
      const ceiling = creditCeiling(input.currency, input.money ?? 'new');
      const credited = await creditWallet(tx, input.userId, input.currency, input.amount, 0n, ceiling);
      if (!credited.ok && credited.reason === 'balance_limit') throw new BalanceLimitError(input.currency, ceiling);
      if (!credited.ok) throw new LedgerError(`player ${input.userId} has no ${input.currency} wallet`);
      const { balance } = credited;
      const ledger = await this.deps.accounts.player(tx, balance.playerAccountId, input.userId, input.currency);
      const source = await this.deps.accounts.system(tx, input.from, input.currency, input.fromRef);
      const id = await appendTransaction(tx, {
        kind: input.kind,
        idempotencyKey: input.idempotencyKey,
        payloadHash: hash,
        userId: input.userId,
        currency: input.currency,
        postings: [
          { accountId: source, amount: -input.amount },
          { accountId: ledger.cashId, amount: input.amount },
        ],
        metadata: input.metadata ?? null,
      });
      // Lost a race with the same key: undo our credit by failing the transaction.
      if (id === null) throw new LedgerError(`idempotency key ${input.idempotencyKey} taken concurrently`);
      return { transactionId: id, duplicate: false, balance };
    };
    if (input.tx) return run(input.tx);
    const result = await this.deps.db.transaction((tx) => run(tx));
    if (!result.duplicate) this.publish(result.balance);
    return result;
  }

  /** Takes cash or bonus money from a player to a system account (e.g. a withdrawal reserve). */
  async debitPlayer(input: {
    userId: number;
    currency: string;
    amount: bigint;
    to: SystemAccountKind;
    toRef?: string;
    kind: string;
    idempotencyKey: string;
    tx: Executor;
    cashOnly?: boolean;
  }) {
    const hash = sha256(
      ['debit', input.userId, input.currency, input.amount, input.to, input.toRef ?? 'main', input.kind].join('\u0000'),
    );
    const existing = await this.existing(input.tx, input.idempotencyKey, hash);
    if (existing) return { ok: true as const, ...existing };
    const debit = await (input.cashOnly ? debitCash : debitWallet)(
      input.tx,
      input.userId,
      input.currency,
      input.amount,
    );
    if (!debit.ok) return debit;
    const ledger = await this.deps.accounts.player(
      input.tx,
      debit.balance.playerAccountId,
      input.userId,
      input.currency,
    );
    const target = await this.deps.accounts.system(input.tx, input.to, input.currency, input.toRef);
    const id = await appendTransaction(input.tx, {
      kind: input.kind,
      idempotencyKey: input.idempotencyKey,
      payloadHash: hash,
      userId: input.userId,
      currency: input.currency,
      postings: [
        { accountId: ledger.cashId, amount: -debit.cashPart },
        { accountId: ledger.bonusId, amount: -debit.bonusPart },
        { accountId: target, amount: input.amount },
      ],
    });
    if (id === null) throw new LedgerError(`idempotency key ${input.idempotencyKey} taken concurrently`);
    return { ok: true as const, transactionId: id, duplicate: false, balance: debit.balance };
  }

  /** Between two system accounts (no player balance changes), e.g. a jackpot contribution. */
  async systemTransfer(
    tx: Executor,
    input: {
      from: SystemAccountKind;
      fromRef?: string;
      to: SystemAccountKind;
      toRef?: string;
      currency: string;
      amount: bigint;
      kind: string;
      idempotencyKey: string;
      metadata?: Record<string, unknown>;
    },
  ) {
    const hash = sha256(
      [
        'system',
        input.from,
        input.fromRef ?? 'main',
        input.to,
        input.toRef ?? 'main',
        input.currency,
        input.amount,
        input.kind,
      ].join('\u0000'),
    );
    const existing = await this.existing(tx, input.idempotencyKey, hash);
    if (existing) return existing.transactionId;
    const from = await this.deps.accounts.system(tx, input.from, input.currency, input.fromRef);
    const to = await this.deps.accounts.system(tx, input.to, input.currency, input.toRef);
    const id = await appendTransaction(tx, {
      kind: input.kind,
      idempotencyKey: input.idempotencyKey,
      payloadHash: hash,
      userId: null,
      currency: input.currency,
      postings: [
        { accountId: from, amount: -input.amount },
        { accountId: to, amount: input.amount },
      ],
      metadata: input.metadata ?? null,
    });
    if (id === null) throw new LedgerError(`idempotency key ${input.idempotencyKey} taken concurrently`);
    return id;
  }

  /**
   * Moves a bonus's money into a wallet from `bonus_funding` (docs/bonuses.md#movements): `grant`
   * into `player_bonus` when the bonus starts being wagered, `cash` into `player_cash` for a
   * wager-free gift. One ledger transaction keyed `bonus:<id>:<movement>`, inside the caller's
   * transaction; new money past the currency's maximum balance is refused and changes nothing.
   */
  async creditBonus(
    tx: Executor,
    input: { bonusId: number; userId: number; currency: string; amount: bigint; movement: 'grant' | 'cash' },
  ): Promise<BonusMoveResult> {
    if (input.amount <= 0n) throw new LedgerError('a bonus credit must be positive');
    const key = `bonus:${input.bonusId}:${input.movement}`;
    const hash = sha256(['bonus', input.movement, input.userId, input.currency, input.amount].join('\u0000'));
    if (await this.existing(tx, key, hash))
      return { ok: true, duplicate: true, transactionId: null, balance: null, toCash: 0n, toFunding: 0n };
    const toCash = input.movement === 'cash' ? input.amount : 0n;
    const credited = await creditWallet(
      tx,
      input.userId,
      input.currency,
      toCash,
      input.amount - toCash,
      creditCeiling(input.currency, 'new'),
    );
    if (!credited.ok) return { ok: false, reason: credited.reason };
    const ledger = await this.deps.accounts.player(tx, credited.balance.playerAccountId, input.userId, input.currency);
    const funding = await this.deps.accounts.system(tx, 'bonus_funding', input.currency);
    const id = await appendTransaction(tx, {
      kind: input.movement === 'grant' ? 'bonus_grant' : 'bonus_cash',
      idempotencyKey: key,
      payloadHash: hash,
      userId: input.userId,
      currency: input.currency,
      postings: [
        { accountId: funding, amount: -input.amount },
        { accountId: input.movement === 'grant' ? ledger.bonusId : ledger.cashId, amount: input.amount },
      ],
      metadata: { bonus_id: input.bonusId },
    });
    if (id === null) throw new LedgerError(`idempotency key ${key} taken concurrently`);
    return { ok: true, duplicate: false, transactionId: id, balance: credited.balance, toCash, toFunding: 0n };
  }

  /**
   * Ends a wallet's bonus money (docs/bonuses.md#movements), the wallet row locked: `convert` turns
   * up to `cap` of it into cash (null: no cap) and returns the rest to `bonus_funding`; `forfeit`
   * returns all of it. Never touches the player's cash. One ledger transaction keyed
   * `bonus:<id>:<movement>`; with no bonus money left nothing is posted.
   */
  async settleBonus(
    tx: Executor,
    input: { bonusId: number; userId: number; currency: string; movement: 'convert' | 'forfeit'; cap: bigint | null },
  ): Promise<BonusMoveResult> {
    const key = `bonus:${input.bonusId}:${input.movement}`;
    // The amount is whatever the wallet holds at that moment, so a replay is known by its key alone.
    const hash = sha256(['bonus', input.movement, input.userId, input.currency].join('\u0000'));
    if (await this.existing(tx, key, hash))
      return { ok: true, duplicate: true, transactionId: null, balance: null, toCash: 0n, toFunding: 0n };
    const settled = await settleBonusBalance(
      tx,
      input.userId,
      input.currency,
      input.movement === 'forfeit' ? 0n : input.cap,
    );
    if (!settled) return { ok: false, reason: 'no_account' };
    const { balance, bonus, toCash } = settled;
    const toFunding = bonus - toCash;
    if (bonus === 0n) return { ok: true, duplicate: false, transactionId: null, balance, toCash, toFunding };
    const ledger = await this.deps.accounts.player(tx, balance.playerAccountId, input.userId, input.currency);
    const funding = await this.deps.accounts.system(tx, 'bonus_funding', input.currency);
    const id = await appendTransaction(tx, {
      kind: input.movement === 'convert' ? 'bonus_convert' : 'bonus_forfeit',
      idempotencyKey: key,
      payloadHash: hash,
      userId: input.userId,
      currency: input.currency,
      postings: [
        { accountId: ledger.bonusId, amount: -bonus },
        { accountId: ledger.cashId, amount: toCash },
        { accountId: funding, amount: toFunding },
      ],
      metadata: { bonus_id: input.bonusId },
    });
    if (id === null) throw new LedgerError(`idempotency key ${key} taken concurrently`);
    return { ok: true, duplicate: false, transactionId: id, balance, toCash, toFunding };
  }

  async balanceOf(userId: number, currency: string) {
    return readBalance(this.deps.db, userId, currency);
  }

  private async existing(tx: Executor, key: string, hash: string): Promise<TransferResult | null> {
    const row = await findTransactionByKey(tx, key);
    if (!row) return null;
    if (row.payload_hash !== hash) throw new LedgerError(`idempotency key ${key} reused with different content`);
    return { transactionId: Number(row.id), duplicate: true, balance: null };
  }
}
