/**
 * The built-in sandbox payment provider: an offline stand-in for a PSP with test cards, an
 * e-wallet and bank transfers (including the Sofort brand). It keeps its own books
 * (`sandbox_psp_payments`) and tells the casino the outcome only through signed webhooks, exactly as
 * an external PSP would — so the casino side is the same code a real adapter would drive.
 *
 * Test cards (any future expiry, any 3-digit CVV):
 *   4242 4242 4242 4242  succeeds
 *   4000 0000 0000 0002  is declined
 *   4000 0000 0000 3220  needs a 3-D Secure challenge (a page at /sandbox-psp/3ds/{id})
 *   4000 0000 0000 0341  succeeds as a deposit, but payouts to it fail
 * E-wallet: any e-mail; one containing "decline" is declined, "fail" makes payouts fail.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { isCrypto, isCurrencyCode } from '@croupier/shared/currencies';
import { CRYPTO_LIMITS, cryptoUnits } from './crypto.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { safeEqual } from '../../lib/crypto.ts';
import type {
  MethodField,
  PaymentAction,
  PaymentProvider,
  ProviderMethod,
  ProviderPlan,
  StartOutcome,
  StartPayment,
  WebhookEvent,
} from './provider.ts';
import {
  decideSandboxPayment,
  expiredChallenges,
  findCardToken,
  findSandboxDeposit,
  findSandboxPayout,
  insertCardToken,
  insertSandboxPayment,
  markSandboxDelivered,
  undeliveredSandboxPayments,
  type SandboxOutcomeRow,
} from './sandbox.repository.ts';

export const SANDBOX_PROVIDER = 'sandbox';
/**
 * How long the 3-D Secure page waits for the player. After it the sandbox declines the payment
 * (`expired`) and says so by webhook, as a PSP ends an abandoned authentication.
 */
export const SANDBOX_CHALLENGE_MINUTES = 15;
const PSP_ID = /^psp_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const CHALLENGE_EXPIRED_REASON = 'The 3-D Secure check was not completed in time';
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  challenge: '4000000000003220',
  payoutFails: '4000000000000341',
} as const;

const CARD_FIELDS: MethodField[] = [
  { name: 'card_number', type: 'card_number', required: true },
  { name: 'expiry_date', type: 'expiry_date', required: true },
  { name: 'cvv', type: 'cvv', required: true },
  { name: 'card_holder', type: 'card_holder', required: true },
];

interface MethodSpec {
  kind: string;
  type: ProviderMethod['type'];
  brand: string;
  fields: MethodField[];
  /** Whole units of a fiat currency: [deposit min, deposit max, payout min, payout max]. */
  limits: [number, number, number, number];
  payouts: boolean;
}

const METHODS: MethodSpec[] = [
  { kind: 'card', type: 'cards', brand: 'visa', fields: CARD_FIELDS, limits: [10, 5_000, 20, 5_000], payouts: true },
  {
    kind: 'ewallet',
    type: 'direct',
    brand: 'sandpay',
    fields: [{ name: 'email', type: 'email', required: true }],
    limits: [5, 2_000, 10, 2_000],
    payouts: true,
  },
  {
    kind: 'bank',
    type: 'bank_transfer',
    brand: 'bank_transfer',
    fields: [{ name: 'iban', type: 'iban', required: true }],
    limits: [20, 20_000, 50, 20_000],
    payouts: true,
  },
  {
    kind: 'sofort',
    type: 'bank_transfer',
    brand: 'sofort',
    fields: [{ name: 'iban', type: 'iban', required: true }],
    limits: [10, 5_000, 0, 0],
    payouts: false,
  },
];

export interface SandboxDeps {
  db: Db;
  clock: Clock;
  /** Signs and checks the sandbox's webhooks. */
  secret: string;
  /** Keys the card fingerprints: another purpose, another key (decision 012). */
  fingerprintKey: string;
  /** Delivers a signed webhook to the casino (in process: the webhook route with these exact bytes). */
  deliver: (rawBody: Buffer, signature: string) => Promise<void>;
  onError?: (message: string, error: unknown) => void;
  /** The simulated chain's pace, for the plan of crypto deposits (CRYPTO_CONFIRMATIONS, CRYPTO_BLOCK_SECONDS). */
  chain: { confirmations: number; blockSeconds: number };
  /** Milliseconds a 3-D Secure challenge stays open (SANDBOX_CHALLENGE_MINUTES). */
  challengeExpiryMs: number;
}

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** "MM/YY" or "MM/YYYY" → the last instant of that month, or null when malformed. */
export function parseExpiry(text: string): Date | null {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!m) return null;
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) return null;
  return new Date(Date.UTC(year, month, 1) - 1);
}

/** The masked title of a card: its 6-digit bin and last 4 digits (never the full number). */
export function maskCard(digits: string): string {
  return `${digits.slice(0, 6)}••••${digits.slice(-4)}`;
}

export class SandboxProvider implements PaymentProvider {
  readonly id = SANDBOX_PROVIDER;
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(private readonly deps: SandboxDeps) {}

  methods(currency: string, action: PaymentAction): ProviderMethod[] {
    if (!isCurrencyCode(currency)) return [];
    if (isCrypto(currency)) {
      // Deposits arrive on the player's address (the simulated chain); payouts go to an address.
      const limits = CRYPTO_LIMITS[currency]!;
      return [
        {
          id: `${SANDBOX_PROVIDER}_crypto_${currency.toLowerCase()}`,
          type: 'crypto',
          brand: currency.toLowerCase(),
          provider: SANDBOX_PROVIDER,
          currency,
          fields: action === 'deposit' ? [] : [{ name: 'address', type: 'crypto_address', required: true }],
          min: cryptoUnits(currency, limits.min),
          max: cryptoUnits(currency, limits.max),
        },
      ];
    }
    return METHODS.filter((m) => action === 'deposit' || m.payouts).map((m) => {
      const [dMin, dMax, pMin, pMax] = m.limits;
      const [min, max] = action === 'deposit' ? [dMin, dMax] : [pMin, pMax];
      return {
        id: `${SANDBOX_PROVIDER}_${m.kind}`,
        type: m.type,
        brand: m.brand,
        provider: SANDBOX_PROVIDER,
        currency,
        fields: m.fields,
        min: BigInt(min) * 100n,
        max: BigInt(max) * 100n,
      };
    });
  }

  /**
   * The sandbox settles card, e-wallet and bank payments as soon as it has them (a card may first
   * need the 3-D Secure page); crypto deposits wait for the chain's confirmations.
   */
  plan(method: ProviderMethod, action: PaymentAction): ProviderPlan {
    if (method.type === 'crypto' && action === 'deposit') {
      const { chain } = this.deps;
      return {
        settleSeconds: chain.confirmations * chain.blockSeconds,
        mayRedirect: false,
        confirmations: chain.confirmations,
      };
    }
    return { settleSeconds: 0, mayRedirect: method.type === 'cards' && action === 'deposit' };
  }

  async start(p: StartPayment): Promise<StartOutcome> {
    if (p.action === 'cashout') {
      // A payout sent again with its reference (the casino lost its answer in a crash) is the same
      // payout: answered with the payment the sandbox already has, before any check that could
      // refuse it now (a refusal would release a reserve the sandbox is paying out).
      const known = await findSandboxPayout(this.deps.db, p.reference);
      if (known) return { kind: 'accepted', providerPaymentId: known.id, accountTitle: null };
    }
    const kind = p.methodId.slice(SANDBOX_PROVIDER.length + 1);
    const now = this.deps.clock.now();
    let title: string;
    let outcome: 'succeeded' | 'declined' | 'challenge' = 'succeeded';
    let reason: string | undefined;
    let profile: { token: string; title: string; fingerprint: string } | undefined;
    if (kind === 'card') {
      let digits: string;
      let expiry: Date | null = null;
      if (p.profileToken) {
        const saved = await findCardToken(this.deps.db, p.profileToken);
        if (!saved) return { kind: 'refused', reason: 'The saved card is not known', field: 'profile_id' };
        digits = saved.details.number;
      } else {
        digits = (p.fields.card_number ?? '').replace(/[\s-]/g, '');
        if (!luhnValid(digits)) return { kind: 'refused', reason: 'Card number is invalid', field: 'card_number' };
        expiry = parseExpiry(p.fields.expiry_date ?? '');
        if (!expiry) return { kind: 'refused', reason: 'Expiry date must be MM/YY', field: 'expiry_date' };
        if (expiry < now) return { kind: 'refused', reason: 'The card has expired', field: 'expiry_date' };
        if (!/^\d{3,4}$/.test(p.fields.cvv ?? ''))
          return { kind: 'refused', reason: 'CVV must be 3 or 4 digits', field: 'cvv' };
      }
      title = maskCard(digits);
      if (digits === TEST_CARDS.declined) return { kind: 'refused', reason: 'The card was declined by the issuer' };
      if (p.action === 'deposit' && digits === TEST_CARDS.challenge) outcome = 'challenge';
      if (p.action === 'cashout' && digits === TEST_CARDS.payoutFails) {
        outcome = 'declined';
        reason = 'The issuer refused the payout';
      }
      if (!p.profileToken && expiry) {
        // A reusable token for one-click deposits; the number stays in the sandbox's own books.
        const token = `tok_${randomUUID()}`;
        await insertCardToken(this.deps.db, {
          token,
          reference: p.reference,
          currency: p.currency,
          number: digits,
          now,
        });
        // The same card (bin, last 4, expiry) has the same fingerprint whatever token it gets.
        const fingerprint = createHmac('sha256', this.deps.fingerprintKey)
          .update(`card-fingerprint:${digits.slice(0, 6)}:${digits.slice(-4)}:${expiry.toISOString().slice(0, 7)}`)
          .digest('hex');
        profile = { token, title, fingerprint };
      }
    } else if (kind === 'ewallet') {
      const email = (p.fields.email ?? '').trim();
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
        return { kind: 'refused', reason: 'E-mail is invalid', field: 'email' };
      if (email.includes('decline')) return { kind: 'refused', reason: 'The e-wallet declined the payment' };
      if (p.action === 'cashout' && email.includes('fail')) {
        outcome = 'declined';
        reason = 'The e-wallet account cannot receive payouts';
      }
      title = email.replace(/^(.).*(@.*)$/, '$1•••$2');
    } else if (kind.startsWith('crypto_')) {
      if (p.action === 'deposit')
        return { kind: 'refused', reason: 'Send coins to your deposit address instead', field: 'address' };
      const address = (p.fields.address ?? '').trim();
      if (!/^[A-Za-z0-9:]{20,100}$/.test(address))
        return { kind: 'refused', reason: 'The address is invalid', field: 'address' };
      title = `${address.slice(0, 8)}…${address.slice(-6)}`;
    } else if (kind === 'bank' || kind === 'sofort') {
      const iban = (p.fields.iban ?? '').replace(/\s/g, '').toUpperCase();
      if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban))
        return { kind: 'refused', reason: 'IBAN is invalid', field: 'iban' };
      title = `${iban.slice(0, 4)}••••${iban.slice(-4)}`;
    } else {
      return { kind: 'refused', reason: 'Unknown payment method', field: 'method_id' };
    }

    const id = `psp_${randomUUID()}`;
    await insertSandboxPayment(this.deps.db, {
      id,
      action: p.action,
      reference: p.reference,
      amountCents: p.amountCents,
      currency: p.currency,
      status: outcome === 'challenge' ? 'challenge' : 'created',
      details: { method: p.methodId, reason: reason ?? null },
      now,
    });
    if (outcome === 'challenge') {
      return {
        kind: 'accepted',
        providerPaymentId: id,
        accountTitle: title,
        redirectUrl: `/sandbox-psp/3ds/${id}`,
        ...(profile ? { profile } : {}),
      };
    }
    this.later(() => this.complete(id, outcome === 'succeeded' ? 'succeeded' : 'declined', reason));
    return { kind: 'accepted', providerPaymentId: id, accountTitle: title, ...(profile ? { profile } : {}) };
  }

  /** The 3-D Secure page's answer (or any later completion): settles once, then notifies. */
  async complete(id: string, status: 'succeeded' | 'declined', reason?: string): Promise<boolean> {
    const row = await decideSandboxPayment(this.deps.db, id, status, reason ?? null);
    if (!row) return false;
    await this.notify(id, status, row, reason);
    return true;
  }

  /**
   * Sends the outcome's webhook and records that the casino acknowledged it. The event id is the
   * same on every attempt, so the casino applies it once however often it arrives.
   */
  private async notify(id: string, status: 'succeeded' | 'declined', row: SandboxOutcomeRow, reason?: string) {
    const event = {
      event_id: `${id}:${status}`,
      payment_id: id,
      merchant_reference: row.merchant_reference,
      status,
      amount_cents: Number(row.amount_cents),
      currency: row.currency,
      ...(reason ? { reason } : {}),
    };
    const raw = Buffer.from(JSON.stringify(event));
    await this.deps.deliver(raw, `sha256=${SandboxProvider.sign(this.deps.secret, raw)}`);
    await markSandboxDelivered(this.deps.db, id, this.deps.clock.now());
  }

  /**
   * What a PSP's retry queue does: payments accepted but never decided (the process died before
   * its outcome ran) are decided as they were going to be, and outcomes the casino never
   * acknowledged are delivered again. Only payments older than `olderThanMs`, so work this process
   * is still doing is left to it. Returns how many webhooks it sent.
   */
  async redeliver(olderThanMs = 30_000, limit = 100): Promise<number> {
    const cutoff = new Date(this.deps.clock.now().getTime() - olderThanMs);
    const due = await undeliveredSandboxPayments(this.deps.db, cutoff, limit);
    let sent = 0;
    for (const row of due) {
      const reason = row.details.reason ?? undefined;
      try {
        if (row.status === 'created') {
          if (await this.complete(row.id, reason ? 'declined' : 'succeeded', reason)) sent++;
          continue;
        }
        await this.notify(row.id, row.status as 'succeeded' | 'declined', row, reason);
        sent++;
      } catch (error) {
        // One payment the casino refuses must not hold back the others: it is tried again next time.
        this.deps.onError?.(`sandbox psp: redelivery of ${row.id} failed`, error);
      }
    }
    return sent;
  }

  /** The 3-D Secure page's view of a payment; a challenge past its time shows as `expired`. */
  async challenge(id: string): Promise<{ amountCents: bigint; currency: string; status: string } | null> {
    // Ids are ours (`psp_<uuid>`): anything else names no payment and never reaches a query.
    if (!PSP_ID.test(id)) return null;
    const row = await findSandboxDeposit(this.deps.db, id);
    if (!row) return null;
    const status = row.status === 'challenge' && this.challengeExpired(row.created_at) ? 'expired' : row.status;
    return { amountCents: BigInt(row.amount_cents), currency: row.currency, status };
  }

  /**
   * The player's answer on the 3-D Secure page. An answer after the challenge expired declines it
   * (as the job would have). Returns the payment's final status, or null for an unknown payment.
   */
  async answerChallenge(id: string, approve: boolean): Promise<'succeeded' | 'declined' | 'expired' | null> {
    const found = await this.challenge(id);
    if (!found) return null;
    if (found.status === 'expired') {
      await this.complete(id, 'declined', CHALLENGE_EXPIRED_REASON);
      return 'expired';
    }
    await this.complete(id, approve ? 'succeeded' : 'declined', approve ? undefined : 'The 3-D Secure check failed');
    return (await this.challenge(id))?.status === 'succeeded' ? 'succeeded' : 'declined';
  }

  /**
   * Declines every 3-D Secure challenge left unanswered past its time, by webhook like any
   * outcome, so the casino's payment leaves "pending" with a reason. Returns how many expired.
   */
  async expireChallenges(limit = 100): Promise<number> {
    const cutoff = new Date(this.deps.clock.now().getTime() - this.deps.challengeExpiryMs);
    const due = await expiredChallenges(this.deps.db, cutoff, limit);
    let expired = 0;
    for (const { id } of due) if (await this.complete(id, 'declined', CHALLENGE_EXPIRED_REASON)) expired++;
    return expired;
  }

  private challengeExpired(createdAt: Date | string): boolean {
    return new Date(createdAt).getTime() + this.deps.challengeExpiryMs <= this.deps.clock.now().getTime();
  }

  verifyWebhook(rawBody: Buffer, signature: string | undefined): WebhookEvent | null {
    if (!signature || !safeEqual(SandboxProvider.sign(this.deps.secret, rawBody), signature.replace(/^sha256=/, '')))
      return null;
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(rawBody.toString('utf8')) as Record<string, unknown>;
    } catch {
      return null;
    }
    const status = body.status;
    if (
      typeof body.event_id !== 'string' ||
      typeof body.payment_id !== 'string' ||
      typeof body.merchant_reference !== 'string' ||
      (status !== 'succeeded' &&
        status !== 'declined' &&
        !(status === 'pending' && typeof body.address === 'string')) ||
      typeof body.amount_cents !== 'number' ||
      !Number.isSafeInteger(body.amount_cents) ||
      typeof body.currency !== 'string'
    ) {
      return null;
    }
    return {
      eventId: body.event_id,
      providerPaymentId: body.payment_id,
      reference: body.merchant_reference,
      status,
      amountCents: BigInt(body.amount_cents),
      currency: body.currency,
      reason: typeof body.reason === 'string' ? body.reason : undefined,
      address: typeof body.address === 'string' ? body.address : undefined,
      confirmations: count(body.confirmations),
      confirmationsRequired: count(body.confirmations_required),
    };
  }

  static sign(secret: string, raw: Buffer | string): string {
    return createHmac('sha256', secret).update(raw).digest('hex');
  }

  /** Resolves when every webhook the sandbox has scheduled was delivered (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  /** Like a PSP, the outcome follows the request instead of arriving inside its answer. */
  private later(run: () => Promise<unknown>) {
    const task: Promise<unknown> = new Promise((resolve) => setImmediate(resolve))
      .then(run)
      .catch((error: unknown) => this.deps.onError?.('sandbox psp: webhook delivery failed', error))
      .finally(() => this.inFlight.delete(task));
    this.inFlight.add(task);
  }
}

/** A non-negative whole count from a webhook body, else undefined. */
function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}
