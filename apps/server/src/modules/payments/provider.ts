/**
 * The payment-provider contract (ARCHITECTURE "payments"): what the cashbox needs from a PSP. The
 * built-in sandbox implements it offline; a real PSP is another adapter with the same methods.
 * Money is integer minor units; amounts and currencies of a settled payment come from the
 * provider's verified webhook, never from the client.
 */
export type PaymentAction = 'deposit' | 'cashout';

export type MethodType = 'cards' | 'crypto' | 'bank_transfer' | 'direct' | 'voucher';

export interface MethodField {
  name: string;
  type: 'card_number' | 'expiry_date' | 'cvv' | 'card_holder' | 'email' | 'iban' | 'crypto_address' | 'text';
  required: boolean;
}

/** A method as the cashbox lists it (docs/api-shapes.md#payments, docs/player-app.md#data-objects). */
export interface ProviderMethod {
  /** `<provider>_<kind>[_<coin>]`: crypto ids carry the coin as the third underscore-separated part. */
  id: string;
  type: MethodType;
  brand: string;
  provider: string;
  currency: string;
  fields: MethodField[];
  /** Minor units of `currency`. */
  min: bigint;
  max: bigint;
}

export interface StartPayment {
  /** Our payment id: the provider echoes it in its webhooks. */
  reference: string;
  action: PaymentAction;
  amountCents: bigint;
  currency: string;
  methodId: string;
  /** The method's form fields, as typed by the player (never stored by us as they are). */
  fields: Record<string, string>;
  /** A saved profile's provider token (one-click deposits, payouts to a saved card). */
  profileToken?: string | undefined;
}

export type StartOutcome =
  /** Accepted: the final state arrives by webhook. `redirectUrl`: the player must act first (3-D Secure). */
  | {
      kind: 'accepted';
      providerPaymentId: string;
      accountTitle: string | null;
      redirectUrl?: string;
      /**
       * A reusable profile of what the player paid with. `fingerprint`: the provider's opaque name
       * for the card or account itself, the same each time it is used, so it is saved only once.
       */
      profile?: { token: string; title: string; fingerprint?: string };
    }
  /** Refused at once (bad card number, declined card); nothing will follow. */
  | { kind: 'refused'; reason: string; field?: string };

/** A verified provider notification about one payment. */
export interface WebhookEvent {
  eventId: string;
  providerPaymentId: string;
  reference: string;
  /** `pending`: seen but not final (a crypto deposit waiting for confirmations). */
  status: 'pending' | 'succeeded' | 'declined';
  amountCents: bigint;
  currency: string;
  reason?: string | undefined;
  /** Crypto deposits: the receiving address, which identifies the player (no payment exists before). */
  address?: string | undefined;
  /** Crypto deposits: confirmations so far, and how many the chain needs before it settles. */
  confirmations?: number | undefined;
  confirmationsRequired?: number | undefined;
}

/**
 * How a payment by one method will go, told before the player submits (docs/player-app.md#cashbox-calls: the payments
 * library's "payment plan"). The provider knows its own timing; the casino adds its own review.
 */
export interface ProviderPlan {
  /** Seconds from the provider taking the payment to its final state: 0 = at once. */
  settleSeconds: number;
  /** The player may have to confirm on another page first (3-D Secure, a bank's login). */
  mayRedirect: boolean;
  /** Crypto deposits: the network confirmations before the coins are credited. */
  confirmations?: number | undefined;
}

export interface PaymentProvider {
  readonly id: string;
  methods(currency: string, action: PaymentAction): ProviderMethod[];
  plan(method: ProviderMethod, action: PaymentAction): ProviderPlan;
  start(payment: StartPayment): Promise<StartOutcome>;
  /** Null when the signature does not match the raw bytes (nothing may be written then). */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): WebhookEvent | null;
}
