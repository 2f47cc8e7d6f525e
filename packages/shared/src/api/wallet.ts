/**
 * Wire contract of the seamless-wallet protocol `/wallet/v1/{action}` (docs/wallet-protocol.md) and
 * of the operator credit API. The protocol answers in its own shape (`{ status, … }`, not the API's
 * error body): game providers retry on it. Amounts are integer minor units of `currency`; ids are
 * the provider's.
 */
import { z } from 'zod';
import { AccountSchema } from './player.ts';
import { currencyCode, recordId, text } from './primitives.ts';

/** Strict objects: an unknown field is a malformed request. */
const Id = text()
  .min(1)
  .max(128)
  .regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces');
const Amount = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const SessionToken = text().min(1).max(256);
const Game = text().min(1).max(200);

export const BalanceRequestSchema = z.strictObject({
  session_token: SessionToken,
  user_id: Id,
  currency: currencyCode,
});

export const BetRequestSchema = z.strictObject({
  session_token: SessionToken,
  user_id: Id,
  currency: currencyCode,
  game: Game,
  round_id: Id,
  transaction_id: Id,
  amount: Amount.refine((n) => n > 0, 'must be positive'),
});

export const WinRequestSchema = z.strictObject({
  /** Optional and never checked for expiry: wins are accepted after the session ended (W10). */
  session_token: SessionToken.optional(),
  user_id: Id,
  currency: currencyCode,
  game: Game,
  round_id: Id,
  transaction_id: Id,
  amount: Amount,
  /** The round is over: no more bets, and a rollback of its bets is refused. */
  round_closed: z.boolean().default(true),
});

export const RollbackRequestSchema = z.strictObject({
  session_token: SessionToken.optional(),
  user_id: Id,
  currency: currencyCode,
  game: Game,
  round_id: Id,
  transaction_id: Id,
  /** The bet being cancelled. */
  reference_transaction_id: Id,
});

/**
 * What the wallet holds of one of the provider's rounds: its accepted bets and paid wins. A read,
 * for a provider that lost track (a crash between a call and its answer) and must settle the round
 * as the wallet saw it; no session needed, since it comes after the session ended.
 */
export const RoundRequestSchema = z.strictObject({
  user_id: Id,
  round_id: Id,
});

const RoundEntrySchema = z.strictObject({ transaction_id: z.string(), amount: z.number().int().nonnegative() });

export const WalletRoundSchema = z.strictObject({
  round_id: z.string(),
  /** Bets the wallet took and still holds (refused and rolled-back ones are not listed). */
  bets: z.array(RoundEntrySchema),
  /** Wins the wallet paid. */
  wins: z.array(RoundEntrySchema),
  /** A closing win settled the round: no more bets, wins or rollbacks. */
  closed: z.boolean(),
});
export type WalletRound = z.infer<typeof WalletRoundSchema>;

export type BalanceRequest = z.infer<typeof BalanceRequestSchema>;
export type BetRequest = z.infer<typeof BetRequestSchema>;
export type WinRequest = z.infer<typeof WinRequestSchema>;
export type RollbackRequest = z.infer<typeof RollbackRequestSchema>;
export type RoundRequest = z.infer<typeof RoundRequestSchema>;

export type WalletAction = 'balance' | 'bet' | 'win' | 'rollback' | 'round';

export const WALLET_STATUSES = [
  'OK',
  'NOT_ENOUGH_MONEY',
  'WRONG_CURRENCY',
  'USER_DISABLED',
  'GAMBLING_BLOCKED',
  'SESSION_EXPIRED',
  'BET_NOT_FOUND',
  'BET_ROLLED_BACK',
  'BET_ALREADY_SETTLED',
  'ROUND_CLOSED',
  'BALANCE_LIMIT',
  'DUPLICATE_TRANSACTION_CONFLICT',
  'INVALID_SIGNATURE',
  'BAD_REQUEST',
] as const;

/**
 * Every answer carries one of these. HTTP status is 200 for every definite business answer, the
 * BALANCE_LIMIT refusal included (the provider must not retry those: many retry any non-2xx), 400
 * for a malformed request (including text with control characters or unpaired surrogates), 401 for
 * a bad signature, 409 for a reused transaction id with different content, 5xx only for a transient
 * failure worth retrying.
 */
export type WalletStatus = (typeof WALLET_STATUSES)[number];

export const WalletResponseSchema = z.strictObject({
  status: z.enum(WALLET_STATUSES),
  /** The wallet's total balance after this request (also on NOT_ENOUGH_MONEY: the actual balance). */
  balance: z.number().int().optional(),
  currency: z.string().optional(),
  transaction_id: z.string().optional(),
  /** Our ledger transaction id for a request that moved money. */
  reference: z.number().int().nullable().optional(),
  message: z.string().optional(),
  /**
   * GAMBLING_BLOCKED: what refused the bet (`code`: `loss_limit_reached`, `cooling_off`, a bonus
   * rule…) and, for a money limit, the room it leaves in its own currency, so a client can say it in
   * the player's language (docs/limits.md#enforcement).
   */
  block: z
    .looseObject({ code: z.string(), currency: z.string().optional(), left_cents: z.number().int().optional() })
    .optional(),
  /** The `round` action's answer. */
  round: WalletRoundSchema.optional(),
});
export type WalletResponse = z.infer<typeof WalletResponseSchema>;

/** `POST /api/admin/wallet/credits`: a manual credit from the payment-clearing account. */
export const AdminCreditRequestSchema = z.strictObject({
  email: text().pipe(z.email()).optional(),
  user_id: recordId.optional(),
  currency: currencyCode,
  amount_cents: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  idempotency_key: text().min(8).max(128),
  reason: text().min(1).max(200),
});

/** Its answer: 201 for a new credit, 200 for a repeated key. */
export const AdminCreditResponseSchema = z.strictObject({
  transaction_id: z.number().int(),
  duplicate: z.boolean(),
  account: AccountSchema.nullable(),
});

export const SIGNATURE_HEADER = 'x-croupier-signature';
export const PROVIDER_HEADER = 'x-croupier-provider';
