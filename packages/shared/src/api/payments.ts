/**
 * Wire contract of the cashbox (docs/player-app.md#data-objects Payment method, §7; docs/api-shapes.md#payments): methods, the payment
 * plan, deposits, withdrawals, the history, crypto addresses and the sandbox chain controls. Amounts
 * are integer minor units (`*_cents`) except where SoftSwiss clients expect major units, which the
 * field comments say. Requests are parsed on the server with these schemas (400/422 rules: `auth.ts`).
 */
import { z } from 'zod';
import { currencyCode, minorUnitsParam, recordId, recordIdParam, text } from './primitives.ts';

const amountCents = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const PAYMENT_ACTIONS = ['deposit', 'cashout'] as const;
export const PAYMENT_STATES = ['pending', 'processing', 'succeeded', 'declined', 'recalled'] as const;

// ---------------------------------------------------------------------------------------------
// Requests

/** `GET /api/payments/methods`; docs/player-app.md#required-profile-data: the payment type must be deposit or withdrawal. */
export const PaymentMethodsQuerySchema = z.strictObject({
  currency: currencyCode,
  action: z.enum(['deposit', 'withdrawal']),
});

/** `POST /api/payments/deposits` and `/withdrawals`. */
export const PaymentRequestSchema = z.strictObject({
  payment: z.strictObject({
    currency: currencyCode,
    amount_cents: amountCents,
    method_id: text().min(1).max(80),
    fields: z.record(text().max(64), text().max(200)).default({}),
    profile_id: recordId.optional(),
  }),
});
export type PaymentRequest = z.input<typeof PaymentRequestSchema>['payment'];

/**
 * `POST /api/payments/withdrawals`: the payment, and `forfeit_bonus` once the player has seen what
 * withdrawing takes from a bonus being wagered (the `cancel_info` of a 409 `bonus_active`) and
 * confirmed it (docs/payments.md#withdrawals-and-bonuses).
 */
export const WithdrawalRequestSchema = z.strictObject({
  payment: PaymentRequestSchema.shape.payment,
  forfeit_bonus: z.boolean().optional(),
});
export type WithdrawalRequest = z.input<typeof WithdrawalRequestSchema>;

/** `GET /api/payments/plan`. Digits only, like the JSON amount of a submission (no `1e3`, `0x10`). */
export const PaymentPlanQuerySchema = z.strictObject({
  currency: currencyCode,
  action: z.enum(['deposit', 'withdrawal']),
  method_id: text().min(1).max(80),
  amount_cents: minorUnitsParam,
});

/** `POST /api/player/payments/with_pages` (docs/api-shapes.md#payments). */
export const PaymentsPageRequestSchema = z.strictObject({
  page: z.number().int().min(1).default(1),
  page_size: z.number().int().min(1).max(100).default(20),
  filter: z.strictObject({ type: z.enum(PAYMENT_ACTIONS).optional(), currency: currencyCode.optional() }).optional(),
});

export const PaymentIdParamsSchema = z.strictObject({ id: recordIdParam });

/** `POST /api/payments/crypto/addresses`. */
export const CryptoAddressRequestSchema = z.strictObject({ currency: currencyCode });

/**
 * `POST /log-payments-dep`: what the cashbox showed, for the operator's logs (docs/player-app.md#cashbox-calls). Exactly what
 * the cashbox sends: anything else is refused, so nothing unexpected reaches a log line.
 */
export const DepositMethodsLogSchema = z.strictObject({
  depositMethods: z
    .array(
      z.strictObject({
        id: text().min(1).max(80),
        brand: text().max(80).optional(),
        provider: text().max(80).optional(),
        type: text().max(40).optional(),
      }),
    )
    .max(200),
  userInfo: z
    .strictObject({
      id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
      currency: currencyCode.optional(),
      country: text().max(2).nullish(),
    })
    .optional(),
});

/** `POST /sandbox-chain/send`: the sandbox faucet. */
export const FaucetRequestSchema = z.strictObject({
  address: text().min(10).max(100),
  amount_cents: amountCents,
});

// ---------------------------------------------------------------------------------------------
// Answers

/** One form field of a payment method. */
export const MethodFieldSchema = z.strictObject({
  name: z.string(),
  type: z.enum(['card_number', 'expiry_date', 'cvv', 'card_holder', 'email', 'iban', 'crypto_address', 'text']),
  required: z.boolean(),
});
export type MethodField = z.infer<typeof MethodFieldSchema>;

/** A saved card or account (docs/player-app.md#data-objects): the title starts with the card bin and ends with the last 4 digits. */
export const SavedProfileSchema = z.strictObject({
  id: z.number().int(),
  title: z.string(),
  isRemoveAvailable: z.boolean(),
});
export type SavedProfile = z.infer<typeof SavedProfileSchema>;

/** `GET /api/payments/methods` item (docs/api-shapes.md#payments); the limits are in major units. */
export const PaymentMethodSchema = z.strictObject({
  /** `<provider>_<kind>[_<coin>]`. */
  id: z.string(),
  type: z.enum(['cards', 'crypto', 'bank_transfer', 'direct', 'voucher']),
  brand: z.string(),
  provider: z.string(),
  currency: z.string(),
  fields: z.array(MethodFieldSchema),
  savedProfiles: z.array(SavedProfileSchema),
  termsOfService: z.strictObject({
    restrictions: z.strictObject({
      minAmountValue: z.number(),
      maxAmountValue: z.number(),
      amountCurrencyCode: z.string(),
    }),
  }),
});
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

/** A payment as the history and the `payments_changes` channel show it (docs/api-shapes.md#payments, §15.4). */
export const PaymentSchema = z.strictObject({
  id: z.number().int(),
  amount_cents: z.number().int(),
  /** Major units as a decimal string. */
  amount: z.string(),
  currency: z.string(),
  action: z.enum(PAYMENT_ACTIONS),
  state: z.enum(PAYMENT_STATES),
  success: z.boolean(),
  recallable: z.boolean(),
  payment_system: z.string(),
  system_name: z.string(),
  brand: z.string(),
  account: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  cancellation_reason: z.string().nullable(),
  /** Crypto deposits: confirmations so far and how many credit it; null for other methods. */
  confirmations: z.number().int().nullable(),
  confirmations_required: z.number().int().nullable(),
});
export type Payment = z.infer<typeof PaymentSchema>;

/** `GET /api/payments/plan`: when the money arrives, told before the player submits (docs/player-app.md#cashbox-calls). */
export const PaymentPlanSchema = z.strictObject({
  method_id: z.string(),
  action: z.enum(PAYMENT_ACTIONS),
  currency: z.string(),
  amount_cents: z.number().int(),
  amount: z.string(),
  /** The provider's time plus, for a withdrawal, the review during which it can be cancelled. */
  arrives_in_seconds: z.number().int(),
  recallable_for_seconds: z.number().int(),
  /** The player may have to confirm with the bank (3-D Secure). */
  may_redirect: z.boolean(),
  confirmations: z.number().int().nullable(),
  saved_profile_required: z.boolean(),
  /** Withdrawals: the cash that can be withdrawn (minor units). */
  available_cents: z.number().int().nullable(),
});
export type PaymentPlan = z.infer<typeof PaymentPlanSchema>;
export const PaymentPlanResponseSchema = z.strictObject({ plan: PaymentPlanSchema });

/** `POST /api/payments/deposits` (201): `redirect_url` when the player must confirm with the bank first. */
export const DepositResponseSchema = z.strictObject({ payment: PaymentSchema, redirect_url: z.string().nullable() });
export type DepositResponse = z.infer<typeof DepositResponseSchema>;

/** `POST /api/payments/withdrawals` (201) and `POST /api/player/payments/{id}/recall`. */
export const PaymentResponseSchema = z.strictObject({ payment: PaymentSchema });
export type PaymentResponse = z.infer<typeof PaymentResponseSchema>;

/** `GET /api/player/payments`: every payment, newest first. */
export const PaymentListSchema = z.array(PaymentSchema);

/** `POST /api/player/payments/with_pages`. */
export const PaymentsPageSchema = z.strictObject({
  data: z.array(PaymentSchema),
  pagination: z.strictObject({ page: z.number().int(), per_page: z.number().int(), total_count: z.number().int() }),
});
export type PaymentsPage = z.infer<typeof PaymentsPageSchema>;

/** `GET /api/player/stats` (docs/api-shapes.md#info): lifetime sums per currency, in major units. */
export const PlayerStatsSchema = z.strictObject({
  deposits_count: z.number().int(),
  deposits_sum: z.record(z.string(), z.number()),
  cashouts_sum: z.record(z.string(), z.number()),
  bets_sum: z.record(z.string(), z.number()),
  messages: z.strictObject({ notice: z.string() }),
});
export type PlayerStats = z.infer<typeof PlayerStatsSchema>;

/** A deposit address of the player for one coin. */
export const CryptoAddressSchema = z.strictObject({ currency: z.string(), address: z.string() });
export type CryptoAddress = z.infer<typeof CryptoAddressSchema>;
export const CryptoAddressListSchema = z.array(CryptoAddressSchema);

/** `GET /api/payments/crypto/onramp` item: the card-to-crypto entry (docs/player-app.md#data-objects "Crypto card entry"). */
export const OnrampEntrySchema = z.strictObject({
  provider: z.string(),
  brand: z.string(),
  /** Percent. */
  fee: z.number(),
  /** Minutes. */
  processing_time: z.string(),
  verification: z.number().int(),
  paymentMethods: z.array(z.string()),
});
export type OnrampEntry = z.infer<typeof OnrampEntrySchema>;
export const OnrampListSchema = z.array(OnrampEntrySchema);

/** `GET /api/info/crypto_exchange_rates` (docs/api-shapes.md#info): `{ FROM: { TO: rate } }`. */
export const CryptoRatesSchema = z.record(
  z.string(),
  z.record(z.string(), z.strictObject({ exchange_rate: z.number(), fee: z.number(), total_exchange_rate: z.number() })),
);
export type CryptoRates = z.infer<typeof CryptoRatesSchema>;

/** `POST /api/users/transaction` (201): the risk payload was stored. */
export const RiskTransactionResponseSchema = z.strictObject({ status: z.literal('ok') });

/** `POST /sandbox-chain/send` (201). */
export const FaucetResponseSchema = z.strictObject({ tx_id: z.string() });
/** `POST /sandbox-chain/mine`: how many transactions the block settled. */
export const MineResponseSchema = z.strictObject({ settled: z.number().int() });

export const PaymentMethodListSchema = z.array(PaymentMethodSchema);
