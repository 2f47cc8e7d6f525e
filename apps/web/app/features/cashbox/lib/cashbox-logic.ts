/**
 * Pure rules of the cashbox flow (docs/player-app.md#deposit-and-withdrawal-steps, #amounts-and-expiry, #constants).
 * Kept apart from the components so each rule is tested on its own.
 */
// The amount-input helpers are shared with the limits page (lib/amount-input.ts).
export { amountDecimals, parseAmount, plainAmount, subunitsOf, toCents } from '../../../lib/amount-input';

/** docs/player-app.md#paging: the amount step starts at 50 (major units). */
export const DEFAULT_DEPOSIT_AMOUNT = 50;
/** docs/player-app.md#cashbox-flow: amount, method, payment details. */
export const CASHBOX_LAST_STEP = 3;
export const CASHBOX_FIRST_STEP = 1;
/** Fallback re-read of the history while a deposit waits for the bank (ms). */
export const PAYMENT_POLL_MS = 4000;

export type CashboxStep = 1 | 2 | 3;
export type PaymentAction = 'deposit' | 'withdrawal';

/** docs/player-app.md#deposit-and-withdrawal-steps: forward moves to at most step 3. */
export function nextStep(step: number): CashboxStep {
  return Math.min(CASHBOX_LAST_STEP, Math.max(CASHBOX_FIRST_STEP, step + 1)) as CashboxStep;
}

/** docs/player-app.md#deposit-and-withdrawal-steps: back moves to at least step 1. */
export function prevStep(step: number): CashboxStep {
  return Math.max(CASHBOX_FIRST_STEP, Math.min(CASHBOX_LAST_STEP, step - 1)) as CashboxStep;
}

/** docs/player-app.md#amounts-and-expiry: only deposit and withdrawal are payment types. */
export function isPaymentAction(value: unknown): value is PaymentAction {
  return value === 'deposit' || value === 'withdrawal';
}

interface WithRestrictions {
  termsOfService?: { restrictions?: { minAmountValue?: number | null; maxAmountValue?: number | null } | null } | null;
}

/**
 * docs/player-app.md#amounts-and-expiry: the amount limits fall back to the lowest min and the highest max across the available
 * methods, 0 when there are none (or none states a limit).
 */
export function amountLimits(methods: readonly WithRestrictions[]): { min: number; max: number } {
  const mins: number[] = [];
  const maxes: number[] = [];
  for (const m of methods) {
    const r = m.termsOfService?.restrictions;
    if (r && typeof r.minAmountValue === 'number' && Number.isFinite(r.minAmountValue)) mins.push(r.minAmountValue);
    if (r && typeof r.maxAmountValue === 'number' && Number.isFinite(r.maxAmountValue)) maxes.push(r.maxAmountValue);
  }
  return { min: mins.length ? Math.min(...mins) : 0, max: maxes.length ? Math.max(...maxes) : 0 };
}

/** The limits of one method, falling back to the overall limits for what it leaves out. */
export function methodLimits(
  method: WithRestrictions,
  fallback: { min: number; max: number },
): { min: number; max: number } {
  const r = method.termsOfService?.restrictions;
  return {
    min: typeof r?.minAmountValue === 'number' ? r.minAmountValue : fallback.min,
    max: typeof r?.maxAmountValue === 'number' ? r.maxAmountValue : fallback.max,
  };
}

/** Why an amount cannot be used, or null. A max of 0 means "no known limit". */
export function amountProblem(
  amount: number,
  limits: { min: number; max: number },
): 'invalid' | 'too_small' | 'too_large' | null {
  if (!Number.isFinite(amount) || amount <= 0) return 'invalid';
  if (amount < limits.min) return 'too_small';
  if (limits.max > 0 && amount > limits.max) return 'too_large';
  return null;
}

/**
 * docs/player-app.md#amounts-and-expiry: the expiry date is split on the slash into year, then month ("12/29" → { year: "29",
 * month: "12" }). Returns null unless both parts are there and the month is 1–12.
 */
export function splitExpiry(value: string): { year: string; month: string } | null {
  const [month, year] = value.split('/').map((p) => p.trim());
  if (!month || !year || !/^\d{1,2}$/.test(month) || !/^\d{2}(\d{2})?$/.test(year)) return null;
  const m = Number(month);
  if (m < 1 || m > 12) return null;
  return { year, month: month.padStart(2, '0') };
}

/** True when the MM/YY expiry is this month or later. */
export function isExpiryInFuture(value: string, now: Date = new Date()): boolean {
  const parts = splitExpiry(value);
  if (!parts) return false;
  const year = parts.year.length === 2 ? 2000 + Number(parts.year) : Number(parts.year);
  const month = Number(parts.month);
  return year > now.getUTCFullYear() || (year === now.getUTCFullYear() && month >= now.getUTCMonth() + 1);
}

/** Formats typing into MM/YY: digits only, slash after the month ("1229" → "12/29"). */
export function formatExpiryInput(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** Card number typed in groups of four ("4242424242424242" → "4242 4242 4242 4242"). */
export function formatCardNumberInput(raw: string): string {
  return raw
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Field values as the server wants them: card numbers without spaces. */
export function normaliseFields(
  fields: readonly { name: string; type: string }[],
  values: Record<string, string>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fields) {
    const v = (values[f.name] ?? '').trim();
    out[f.name] = f.type === 'card_number' ? v.replace(/\s/g, '') : v;
  }
  return out;
}

/** Client checks for the payment-details step; keys are error codes of the `cashbox:errors` namespace. */
export function validatePaymentFields(
  fields: readonly { name: string; type: string; required?: boolean }[],
  values: Record<string, string>,
  now: Date = new Date(),
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const f of fields) {
    const v = (values[f.name] ?? '').trim();
    if (!v) {
      if (f.required) errors[f.name] = 'required';
      continue;
    }
    if (f.type === 'card_number' && !/^\d{12,19}$/.test(v.replace(/\s/g, ''))) errors[f.name] = 'card_number';
    else if (f.type === 'expiry_date' && !isExpiryInFuture(v, now)) errors[f.name] = 'expiry_date';
    else if (f.type === 'cvv' && !/^\d{3,4}$/.test(v)) errors[f.name] = 'cvv';
    else if (f.type === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v)) errors[f.name] = 'email';
    else if (f.type === 'iban' && !/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/i.test(v.replace(/\s/g, '')))
      errors[f.name] = 'iban';
  }
  return errors;
}

/** A payment in a final state (the wait for the bank is over). */
export function isFinalState(state: string): boolean {
  return !['pending', 'processing', 'reserved'].includes(state);
}

/**
 * An `Idempotency-Key` for one submission (decision 016): 128 random bits. `crypto.randomUUID` is
 * only there in secure contexts; `getRandomValues` is everywhere.
 */
export function newIdempotencyKey(
  crypto: Pick<Crypto, 'getRandomValues'> & Partial<Pick<Crypto, 'randomUUID'>> = globalThis.crypto,
): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The key of the submission in flight, and the exact request it was made for. */
export interface SubmissionKey {
  key: string;
  request: string;
}

/**
 * The key to send: the previous one when this is the same request again (a retry of a submission
 * whose answer never came), a new one for anything else.
 */
export function keyForSubmission(
  previous: SubmissionKey | null,
  request: string,
  makeKey: () => string = newIdempotencyKey,
): SubmissionKey {
  return previous && previous.request === request ? previous : { key: makeKey(), request };
}

/**
 * Whether a retry should carry the same key: only when no answer came (network error, timeout, or
 * a gateway's 5xx without our error code), so the first request, if it did reach the server, is
 * answered instead of paid twice. Every answer of ours is definite, a 5xx included (the server keeps
 * `provider_unavailable` for the key) and `idempotency_key_in_use` too: sending that key again would
 * only be told "in use" again, so the next press is a new submission with a new key (decision 016).
 */
export function mayRetrySameKey(
  error: { kind: 'network' } | { kind: 'api'; status: number; code?: string | null | undefined },
): boolean {
  if (error.kind === 'network') return true;
  return error.status >= 500 && !error.code;
}
