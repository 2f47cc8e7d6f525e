import { createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import type { Executor } from '../../db/sql.ts';
import type { Clock } from '../../lib/clock.ts';
import { safeEqual, sha256 } from '../../lib/crypto.ts';
import { pgCode, UNIQUE_VIOLATION } from '../../lib/pg-errors.ts';
import { findUnsafeText } from '@croupier/shared/api/primitives';
import { creditCeiling } from './balances.ts';
import { creditWallet, lockWallet, readBalance, type WalletBalance } from './balances.repository.ts';
import { appendTransaction, type LedgerAccounts } from './ledger.repository.ts';
import {
  callWalletBet,
  callWalletWin,
  findProviderSession,
  findStoredReply,
  insertWalletRequest,
  lockReferencedRequest,
  markRolledBack,
  roundHasWin,
  roundRequests,
  routeBonusPart,
  runRollbackEffects,
  type WalletFunctionOut,
} from './wallet.repository.ts';
import {
  BalanceRequestSchema,
  BetRequestSchema,
  RollbackRequestSchema,
  RoundRequestSchema,
  type BalanceRequest,
  type RoundRequest,
  WinRequestSchema,
  type BetRequest,
  type RollbackRequest,
  type WalletAction,
  type WalletResponse,
  type WinRequest,
} from '@croupier/shared/api/wallet';

export interface WalletReply {
  httpStatus: number;
  /** Exact bytes to send: duplicates get the first answer byte for byte (W5). */
  body: string;
}

/** What happened, for after-commit listeners (realtime balance, jackpots, feeds). */
export interface WalletEvent {
  action: 'bet' | 'win' | 'rollback';
  provider: string;
  game: string;
  roundId: string;
  transactionId: string;
  userId: number;
  currency: string;
  amount: bigint;
  balance: WalletBalance;
}

export interface WalletProtocolDeps {
  db: Db;
  clock: Clock;
  accounts: LedgerAccounts;
  /** provider id → HMAC secret. */
  secrets: ReadonlyMap<string, string>;
  /** Called after the transaction committed, never before (ARCHITECTURE "publish after commit"). */
  onCommitted?: (event: WalletEvent) => void;
  /** Where a failing after-commit step is reported: it never changes the answer. */
  logError?: (message: string, error: unknown) => void;
}

const RETRYABLE = new Set(['40001', '40P01']);

function outBalance(out: WalletFunctionOut, userId: number, currency: string): WalletBalance {
  return {
    playerAccountId: Number(out.o_account),
    userId,
    currency,
    active: Boolean(out.o_active),
    amount: BigInt(out.o_balance ?? 0),
    cash: BigInt(out.o_cash ?? 0),
    version: Number(out.o_version),
    createdAt: new Date(out.o_created ?? 0),
  };
}

/** The after-commit event of a bet or win the wallet function took; none when it refused it. */
function committedEvent(
  action: 'bet' | 'win',
  provider: string,
  req: BetRequest | WinRequest,
  userId: number,
  amount: bigint,
  out: WalletFunctionOut,
): WalletEvent | undefined {
  if (!out.o_ok) return undefined;
  return {
    action,
    provider,
    game: req.game,
    roundId: req.round_id,
    transactionId: req.transaction_id,
    userId,
    currency: req.currency,
    amount,
    balance: outBalance(out, userId, req.currency),
  };
}

const MAX_ATTEMPTS = 5;

const json = (httpStatus: number, response: WalletResponse): WalletReply => ({
  httpStatus,
  body: JSON.stringify(response),
});
const num = (v: bigint) => Number(v);

/** The user id in the protocol is our player id as a decimal string. */
function parseUserId(raw: string): number | null {
  return /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : null;
}

/**
 * The seamless-wallet protocol (docs/wallet-protocol.md): a game provider asks us to take a bet,
 * pay a win or cancel a bet; we answer with the balance. Every request is authenticated by an
 * HMAC-SHA256 of its raw body before anything is parsed (W11) and is idempotent on the provider's
 * transaction id (W5–W9). This class is the whole contract; the HTTP route only moves bytes.
 */
export class WalletProtocol {
  constructor(private readonly deps: WalletProtocolDeps) {}

  /** Signature the provider sends: hex HMAC-SHA256 of the raw body with its secret. */
  static sign(secret: string, rawBody: string | Buffer): string {
    return hmacSha256Bytes(secret, rawBody);
  }

  /** A call that came over HTTP: only configured third-party providers may make one. */
  handleExternal(
    provider: string | undefined,
    action: string,
    rawBody: Buffer,
    signature: string | undefined,
  ): Promise<WalletReply> {
    if (provider === OWN_PROVIDER)
      return Promise.resolve(json(401, { status: 'INVALID_SIGNATURE', message: 'Signature does not match the body' }));
    return this.handle(provider, action, rawBody, signature);
  }

  async handle(
    provider: string | undefined,
    action: string,
    rawBody: Buffer,
    signature: string | undefined,
  ): Promise<WalletReply> {
    const secret = provider ? this.deps.secrets.get(provider) : undefined;
    if (!secret || !signature || !safeEqual(hmacSha256Bytes(secret, rawBody), signature.replace(/^sha256=/, ''))) {
      return json(401, { status: 'INVALID_SIGNATURE', message: 'Signature does not match the body' });
    }
    let body: unknown;
    try {
      body = JSON.parse(rawBody.toString('utf8'));
    } catch {
      return json(400, { status: 'BAD_REQUEST', message: 'Body is not JSON' });
    }
    // Before any schema: the same body is hashed and stored, and PostgreSQL cannot hold NUL or an
    // unpaired surrogate. A definite 400, so the provider stops retrying it.
    const unsafe = findUnsafeText(body);
    if (unsafe !== null)
      return json(400, {
        status: 'BAD_REQUEST',
        message: `${unsafe}: control characters and unpaired surrogates are not allowed`,
      });
    const bad = (issues: { path: PropertyKey[]; message: string }[]) =>
      json(400, {
        status: 'BAD_REQUEST',
        message: issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '),
      });
    switch (action as WalletAction) {
      case 'balance': {
        const r = BalanceRequestSchema.safeParse(body);
        if (!r.success) return bad(r.error.issues);
        return this.balance(provider!, r.data);
      }
      case 'bet': {
        const r = BetRequestSchema.safeParse(body);
        return r.success ? this.withRetry(provider!, () => this.bet(provider!, r.data)) : bad(r.error.issues);
      }
      case 'win': {
        const r = WinRequestSchema.safeParse(body);
        return r.success ? this.withRetry(provider!, () => this.win(provider!, r.data)) : bad(r.error.issues);
      }
      case 'rollback': {
        const r = RollbackRequestSchema.safeParse(body);
        return r.success ? this.withRetry(provider!, () => this.rollback(provider!, r.data)) : bad(r.error.issues);
      }
      case 'round': {
        const r = RoundRequestSchema.safeParse(body);
        return r.success ? this.round(provider!, r.data) : bad(r.error.issues);
      }
      default:
        return json(404, { status: 'BAD_REQUEST', message: `Unknown action ${action}` });
    }
  }

  /**
   * Serialization failures and deadlocks are retried here, never shown to the provider as 5xx
   * (W4). A duplicate transaction id rolls our attempt back and answers from the stored row.
   */
  private async withRetry(
    provider: string,
    run: () => Promise<{ reply: WalletReply; event?: WalletEvent | undefined }>,
  ): Promise<WalletReply> {
    for (let attempt = 1; ; attempt++) {
      let outcome: { reply: WalletReply; event?: WalletEvent | undefined };
      try {
        outcome = await run();
      } catch (error) {
        if (error instanceof DuplicateOf) {
          const { txId, hash } = error;
          const existing = await findStoredReply(this.deps.db, provider, txId);
          if (existing) {
            if (existing.status === 'tombstone') {
              return json(200, {
                status: 'BET_ROLLED_BACK',
                transaction_id: txId,
                message: 'This bet was rolled back before it arrived',
              });
            }
            if (existing.payload_hash !== hash) {
              return json(409, {
                status: 'DUPLICATE_TRANSACTION_CONFLICT',
                transaction_id: txId,
                message: 'Transaction id already used with different content',
              });
            }
            return { httpStatus: existing.response_status, body: existing.response_body };
          }
        }
        if (attempt < MAX_ATTEMPTS && (error instanceof DuplicateOf || RETRYABLE.has(pgCode(error) ?? ''))) continue;
        throw error;
      }
      // Committed: the answer is decided, and nothing that runs now can change it into an error.
      if (outcome.event) {
        try {
          this.deps.onCommitted?.(outcome.event);
        } catch (error) {
          this.deps.logError?.('wallet: after-commit step failed', error);
        }
      }
      return outcome.reply;
    }
  }

  /**
   * What the wallet holds of one of this provider's rounds for this player: the bets it took and
   * still holds, the wins it paid, and whether a closing win settled it. A provider that lost track
   * (cut between a call and its answer) settles the round from this rather than from its own
   * records. Another provider's or player's round reads as empty: nothing is told about it.
   */
  private async round(provider: string, req: RoundRequest): Promise<WalletReply> {
    const userId = parseUserId(req.user_id);
    const found = userId === null ? [] : await roundRequests(this.deps.db, provider, userId, req.round_id);
    const entry = (r: (typeof found)[number]) => ({ transaction_id: r.tx_id, amount: num(BigInt(r.amount)) });
    return json(200, {
      status: 'OK',
      round: {
        round_id: req.round_id,
        bets: found.filter((r) => r.action === 'bet').map(entry),
        wins: found.filter((r) => r.action === 'win').map(entry),
        closed: found.some((r) => r.action === 'win' && r.status === 'closed'),
      },
    });
  }

  /**
   * The balance of the player behind a game session, checked like a bet: the token must be a live
   * session of this provider for this player, else nothing is told (SESSION_EXPIRED); a disabled
   * player is USER_DISABLED and another currency than the session's WRONG_CURRENCY.
   */
  private async balance(provider: string, req: BalanceRequest): Promise<WalletReply> {
    const userId = parseUserId(req.user_id);
    const session = await findProviderSession(this.deps.db, provider, sha256(req.session_token));
    if (
      !session ||
      userId === null ||
      Number(session.user_id) !== userId ||
      new Date(session.expires_at) <= this.deps.clock.now()
    ) {
      return json(200, {
        status: 'SESSION_EXPIRED',
        currency: req.currency,
        message: 'Game session is unknown or expired; relaunch the game',
      });
    }
    if (session.disabled_at !== null)
      return json(200, { status: 'USER_DISABLED', currency: req.currency, message: 'Player account is disabled' });
    const balance = session.currency === req.currency ? await readBalance(this.deps.db, userId, req.currency) : null;
    if (!balance)
      return json(200, {
        status: 'WRONG_CURRENCY',
        currency: req.currency,
        message: `Session currency is ${session.currency}`,
      });
    return json(200, { status: 'OK', balance: num(balance.amount), currency: balance.currency });
  }

  /**
   * Records the request and its answer as the LAST statement of the transaction. If the id is
   * already taken (a duplicate, a conflict or a tombstone) the whole transaction — including any
   * money it moved — rolls back and the stored row answers instead.
   */
  private async record(
    tx: Executor,
    r: {
      provider: string;
      txId: string;
      action: string;
      status: string;
      roundId: string;
      userId: number;
      currency: string;
      amount: bigint;
      hash: string;
      reply: WalletReply;
      ledgerId: number | null;
      cashAmount?: bigint | null;
      referenceTxId?: string | null;
      game: string;
    },
  ) {
    const inserted = await insertWalletRequest(tx, {
      provider: r.provider,
      txId: r.txId,
      action: r.action,
      status: r.status,
      roundId: r.roundId,
      userId: r.userId,
      currency: r.currency,
      amount: r.amount,
      referenceTxId: r.referenceTxId ?? null,
      payloadHash: r.hash,
      responseStatus: r.reply.httpStatus,
      responseBody: r.reply.body,
      ledgerTransactionId: r.ledgerId,
      cashAmount: r.cashAmount ?? null,
      createdAt: this.deps.clock.now(),
      game: r.game,
    });
    if (!inserted) throw new DuplicateOf(r.txId, r.hash);
  }

  private hash(action: string, fields: (string | number | bigint)[]): string {
    return sha256([action, ...fields.map(String)].join('\u0000'));
  }

  /**
   * `bet` and `win` run as one database function each (migration 0004, decision 009): one round
   * trip, with the same rules and answers the TypeScript below documents for rollback. `wallet_bet`
   * runs every module's bet check (responsible gambling first) inside that call, with the player's
   * account row locked, so no check can race the debit (docs/bet-checks.md).
   */
  private async bet(provider: string, req: BetRequest) {
    const amount = BigInt(req.amount);
    const hash = this.hash('bet', [req.user_id, req.currency, req.round_id, req.amount]);
    const userId = parseUserId(req.user_id);
    const now = this.deps.clock.now();
    if (userId === null) {
      const reply = await this.deps.db.transaction(async (tx) => {
        const reply = json(200, {
          transaction_id: req.transaction_id,
          currency: req.currency,
          status: 'SESSION_EXPIRED',
          message: 'Unknown player',
        });
        await this.record(tx, {
          provider,
          txId: req.transaction_id,
          action: 'bet',
          status: 'refused',
          roundId: req.round_id,
          userId: 0,
          currency: req.currency,
          amount,
          hash,
          reply,
          ledgerId: null,
          game: req.game,
        });
        return reply;
      });
      return { reply };
    }
    const clearing = await this.deps.accounts.system(this.deps.db, 'provider_clearing', req.currency, provider);
    const out = await this.call(req.transaction_id, hash, () =>
      callWalletBet(this.deps.db, {
        provider,
        txId: req.transaction_id,
        userId,
        currency: req.currency,
        roundId: req.round_id,
        game: req.game,
        amount,
        payloadHash: hash,
        sessionTokenHash: sha256(req.session_token),
        now,
        clearingAccountId: clearing,
      }),
    );
    return {
      reply: { httpStatus: 200, body: out.o_body },
      event: committedEvent('bet', provider, req, userId, amount, out),
    };
  }

  private async win(provider: string, req: WinRequest) {
    const amount = BigInt(req.amount);
    const hash = this.hash('win', [req.user_id, req.currency, req.round_id, req.amount]);
    const userId = parseUserId(req.user_id) ?? 0;
    const clearing = await this.deps.accounts.system(this.deps.db, 'provider_clearing', req.currency, provider);
    const out = await this.call(req.transaction_id, hash, () =>
      callWalletWin(this.deps.db, {
        provider,
        txId: req.transaction_id,
        userId,
        currency: req.currency,
        roundId: req.round_id,
        game: req.game,
        amount,
        payloadHash: hash,
        now: this.deps.clock.now(),
        roundClosed: Boolean(req.round_closed),
        clearingAccountId: clearing,
        ceiling: creditCeiling(req.currency, 'new'),
      }),
    );
    return {
      reply: { httpStatus: out.o_http ?? 200, body: out.o_body },
      event: committedEvent('win', provider, req, userId, amount, out),
    };
  }

  /** One wallet function call; a duplicate transaction id (unique violation) becomes DuplicateOf. */
  private async call(
    txId: string,
    hash: string,
    run: () => Promise<WalletFunctionOut | undefined>,
  ): Promise<WalletFunctionOut> {
    try {
      const out = await run();
      if (!out) throw new Error('wallet function returned no row');
      return out;
    } catch (error) {
      if (pgCode(error) === UNIQUE_VIOLATION) throw new DuplicateOf(txId, hash);
      throw error;
    }
  }

  private async rollback(provider: string, req: RollbackRequest) {
    const { db } = this.deps;
    const hash = this.hash('rollback', [req.user_id, req.currency, req.round_id, req.reference_transaction_id]);
    const userId = parseUserId(req.user_id) ?? 0;
    let event: WalletEvent | undefined;
    const reply = await db.transaction(async (tx) => {
      const answer = async (response: WalletResponse, status: string, amount = 0n, ledgerId: number | null = null) => {
        // Every rollback answer is definite, a refusal included: HTTP 200 (docs/wallet-protocol.md).
        const reply = json(200, { transaction_id: req.transaction_id, currency: req.currency, ...response });
        await this.record(tx, {
          provider,
          txId: req.transaction_id,
          action: 'rollback',
          status,
          roundId: req.round_id,
          userId,
          currency: req.currency,
          amount,
          hash,
          reply,
          ledgerId,
          referenceTxId: req.reference_transaction_id,
          game: req.game,
        });
        return reply;
      };
      const balanceNow = async () => num((await readBalance(tx, userId, req.currency))?.amount ?? 0n);
      const bet = await lockReferencedRequest(tx, provider, req.reference_transaction_id);
      if (!bet) {
        // W9: remember that this bet is cancelled, so that if it arrives late it is refused. If the
        // bet lands between our read and this insert, the insert conflicts and we start over.
        const tomb = json(200, { status: 'BET_ROLLED_BACK', transaction_id: req.reference_transaction_id });
        await this.record(tx, {
          provider,
          txId: req.reference_transaction_id,
          action: 'bet',
          status: 'tombstone',
          roundId: req.round_id,
          userId,
          currency: req.currency,
          amount: 0n,
          hash: '',
          reply: tomb,
          ledgerId: null,
          game: req.game,
        }).catch((error) => {
          if (error instanceof DuplicateOf) throw new Retry();
          throw error;
        });
        return answer(
          {
            status: 'BET_NOT_FOUND',
            balance: await balanceNow(),
            message: 'Unknown bet: nothing refunded; a late bet with this id will be refused',
          },
          'ok',
        );
      }
      if (
        bet.action !== 'bet' ||
        bet.user_id !== userId ||
        bet.currency !== req.currency ||
        bet.round_id !== req.round_id
      ) {
        return answer(
          {
            status: 'BET_NOT_FOUND',
            balance: await balanceNow(),
            message: 'Reference is not a bet of this player, currency and round',
          },
          'refused',
        );
      }
      if (bet.status === 'tombstone' || bet.status === 'rolled_back')
        return answer({ status: 'OK', balance: await balanceNow(), message: 'Already rolled back' }, 'ok');
      if (bet.status !== 'ok')
        return answer(
          { status: 'BET_NOT_FOUND', balance: await balanceNow(), message: 'The bet was refused; nothing to refund' },
          'ok',
        );
      if (await roundHasWin(tx, provider, req.round_id, userId))
        return answer(
          {
            status: 'BET_ALREADY_SETTLED',
            balance: await balanceNow(),
            message: 'The round has a win; the bet stands',
          },
          'refused',
        );
      const amount = BigInt(bet.amount);
      const cash = BigInt(bet.cash_amount ?? bet.amount);
      const route = {
        userId,
        currency: req.currency,
        provider,
        roundId: req.round_id,
        betTxId: req.reference_transaction_id,
      };
      const part = amount - cash;
      let routed = { toBonus: part, toCash: 0n, toFunding: 0n };
      if (part > 0n) {
        // The bonus part goes where the fate of the bonus that funded it says (docs/bonuses.md#movements).
        // Lock order of every bonus movement: the wallet row, then the bonus rows the route locks.
        await lockWallet(tx, userId, req.currency);
        routed = await routeBonusPart(tx, { ...route, part, apply: false });
      }
      // The stake was the player's own money: only the JSON-safe ceiling applies, never the business maximum.
      const credited = await creditWallet(
        tx,
        userId,
        req.currency,
        cash + routed.toCash,
        routed.toBonus,
        creditCeiling(req.currency, 'returned'),
      );
      if (!credited.ok && credited.reason === 'balance_limit') {
        return answer(
          {
            status: 'BALANCE_LIMIT',
            balance: await balanceNow(),
            message: 'The refund would take the balance past what can be held',
          },
          'refused',
        );
      }
      if (!credited.ok) throw new Error('wallet of an accepted bet disappeared');
      if (part > 0n) await routeBonusPart(tx, { ...route, part, apply: true });
      const { balance } = credited;
      const ledger = await this.deps.accounts.player(tx, balance.playerAccountId, userId, req.currency);
      const clearing = await this.deps.accounts.system(tx, 'provider_clearing', req.currency, provider);
      const funding = routed.toFunding > 0n ? await this.deps.accounts.system(tx, 'bonus_funding', req.currency) : null;
      const ledgerId = await appendTransaction(tx, {
        kind: 'rollback',
        idempotencyKey: `wallet:${provider}:${req.transaction_id}`,
        payloadHash: hash,
        userId,
        currency: req.currency,
        reversesId: bet.ledger_transaction_id === null ? null : Number(bet.ledger_transaction_id),
        postings: [
          { accountId: clearing, amount: -amount },
          { accountId: ledger.cashId, amount: cash + routed.toCash },
          { accountId: ledger.bonusId, amount: routed.toBonus },
          ...(funding === null ? [] : [{ accountId: funding, amount: routed.toFunding }]),
        ],
        metadata: { provider, game: req.game, round_id: req.round_id, bet: req.reference_transaction_id },
      });
      if (ledgerId === null) throw new DuplicateOf(req.transaction_id, hash);
      await runRollbackEffects(tx, { ...route, now: this.deps.clock.now() });
      await markRolledBack(tx, provider, req.reference_transaction_id);
      const reply = await answer(
        { status: 'OK', balance: num(balance.amount), reference: ledgerId },
        'ok',
        amount,
        ledgerId,
      );
      event = {
        action: 'rollback',
        provider,
        game: req.game,
        roundId: req.round_id,
        transactionId: req.transaction_id,
        userId,
        currency: req.currency,
        amount,
        balance,
      };
      return reply;
    });
    return { reply, event, txId: req.transaction_id, hash };
  }
}

class DuplicateOf extends Error {
  constructor(
    readonly txId: string,
    readonly hash: string,
  ) {
    super(`duplicate transaction ${txId}`);
  }
}

/** A race lost to a concurrent request: start the transaction over. */
class Retry extends Error {
  readonly code = '40001';
}

/** Over the exact bytes received: a re-serialised body would not verify (W11). */
function hmacSha256Bytes(secret: string, body: string | Buffer): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/**
 * Provider secrets: configured third-party providers, plus our own in-process games host with 256
 * random bits made at start-up that never leave the process (its calls never cross HTTP, and
 * `/wallet/v1` refuses its id: see `handleExternal`). Nothing here derives from a configured value,
 * so no configuration mistake can let a player sign the host's bets and wins.
 */
export function walletSecrets(configured: string): Map<string, string> {
  const map = new Map<string, string>([[OWN_PROVIDER, randomBytes(32).toString('hex')]]);
  for (const pair of configured
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const i = pair.indexOf(':');
    const id = pair.slice(0, i);
    const secret = pair.slice(i + 1);
    if (i <= 0 || secret.length < 32)
      throw new Error(`WALLET_PROVIDERS: "${id || pair}" needs id:secret with a secret of 32+ characters`);
    if (id === OWN_PROVIDER)
      throw new Error(
        `WALLET_PROVIDERS: "${OWN_PROVIDER}" is Croupier's own in-process games host and cannot be configured`,
      );
    map.set(id, secret);
  }
  return map;
}

/** Provider id of Croupier's own games host on the wallet protocol. */
export const OWN_PROVIDER = 'croupier';
