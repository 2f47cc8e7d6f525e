/**
 * The risk ("Covery") transaction payload the cashbox sends with every deposit and withdrawal
 * (docs/player-app.md#risk-payload; `POST /api/users/transaction`). Built in one place for the
 * browser and checked again by the server. Falsy values are dropped; the payment account id falls
 * back through the method's fields in the documented order.
 */
import { z } from 'zod';
import { currencyCode, text } from './api/primitives.ts';

export const RISK_ACCOUNT_FALLBACK = [
  'email',
  'voucher_number',
  'account_number',
  'address',
  'destination_account',
  'customer_purse',
  'id',
] as const;

export interface RiskInput {
  type: 'deposit' | 'withdrawal';
  player: {
    id: number;
    email?: string | null;
    first_name?: string | null;
    last_name?: string | null;
    country?: string | null;
  };
  deviceFingerprint?: string | null;
  websiteUrl?: string | null;
  transactionId?: string | number | null;
  dateTime: string;
  currency: string;
  /** Major units, as the cashbox form shows them. */
  amount: number;
  paymentSystem: string;
  /** The method's form fields (card fields are reduced to bin, last 4, expiry and holder here). */
  fields?: Record<string, string | null | undefined>;
}

export type RiskPayload = Record<string, string | number>;

/** `MM/YY` → month then year, split on the slash (docs/player-app.md#amounts-and-expiry). */
function expiry(value: string | null | undefined): { month?: string; year?: string } {
  if (!value || !value.includes('/')) return {};
  const [month, year] = value.split('/').map((s) => s.trim());
  return { month, year };
}

export function buildRiskTransaction(input: RiskInput): RiskPayload {
  const fields = input.fields ?? {};
  const card = (fields.card_number ?? '').replace(/[\s-]/g, '');
  const { month, year } = expiry(fields.expiry_date);
  const account = RISK_ACCOUNT_FALLBACK.map((key) => fields[key]).find((v) => v) ?? null;
  const raw: Record<string, string | number | null | undefined> = {
    country: input.player.country,
    firstname: input.player.first_name,
    lastname: input.player.last_name,
    email: input.player.email,
    device_fingerprint: input.deviceFingerprint,
    merchant_user_id: String(input.player.id),
    card_expiration_month: month,
    card_expiration_year: year,
    card_holder_name: fields.card_holder,
    card_last_4: card.length >= 10 ? card.slice(-4) : null,
    card_bin: card.length >= 10 ? card.slice(0, 6) : null,
    payment_account_id: account,
    website_url: input.websiteUrl,
    transaction_id:
      input.transactionId === null || input.transactionId === undefined ? null : String(input.transactionId),
    date_time: input.dateTime,
    transaction_currency: input.currency,
    transaction_amount: input.amount,
    payment_system: input.paymentSystem,
    type: input.type === 'deposit' ? 'transaction' : 'payout',
  };
  return Object.fromEntries(Object.entries(raw).filter(([, v]) => Boolean(v))) as RiskPayload;
}

const field = text().min(1).max(300);

/** What the server accepts at `POST /api/users/transaction`: the payload above, never a full card number. */
export const RiskPayloadSchema = z.strictObject({
  country: field.optional(),
  firstname: field.optional(),
  lastname: field.optional(),
  email: field.optional(),
  device_fingerprint: field.optional(),
  merchant_user_id: field.optional(),
  card_expiration_month: text()
    .regex(/^\d{1,2}$/)
    .optional(),
  card_expiration_year: text()
    .regex(/^\d{2,4}$/)
    .optional(),
  card_holder_name: field.optional(),
  card_last_4: text()
    .regex(/^\d{4}$/)
    .optional(),
  card_bin: text()
    .regex(/^\d{6}$/)
    .optional(),
  payment_account_id: field.optional(),
  website_url: field.optional(),
  transaction_id: field.optional(),
  date_time: field,
  transaction_currency: currencyCode,
  transaction_amount: z.number().positive(),
  payment_system: field,
  type: z.enum(['transaction', 'payout']),
});
