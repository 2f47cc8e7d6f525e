import { describe, expect, it } from 'vitest';
import {
  amountDecimals,
  amountLimits,
  amountProblem,
  formatCardNumberInput,
  formatExpiryInput,
  isExpiryInFuture,
  isPaymentAction,
  keyForSubmission,
  mayRetrySameKey,
  newIdempotencyKey,
  nextStep,
  normaliseFields,
  parseAmount,
  plainAmount,
  prevStep,
  splitExpiry,
  subunitsOf,
  toCents,
  validatePaymentFields,
} from './cashbox-logic';

const limits = (min?: number, max?: number) => ({
  termsOfService: { restrictions: { minAmountValue: min, maxAmountValue: max } },
});

describe('cashbox steps (docs/player-app.md#deposit-and-withdrawal-steps)', () => {
  it('moves forward to at most step 3 and back to at least step 1', () => {
    expect(nextStep(1)).toBe(2);
    expect(nextStep(2)).toBe(3);
    expect(nextStep(3)).toBe(3);
    expect(prevStep(3)).toBe(2);
    expect(prevStep(2)).toBe(1);
    expect(prevStep(1)).toBe(1);
  });

  it('knows the two payment types', () => {
    expect(isPaymentAction('deposit')).toBe(true);
    expect(isPaymentAction('withdrawal')).toBe(true);
    expect(isPaymentAction('cashout')).toBe(false);
  });
});

describe('amount limits (docs/player-app.md#amounts-and-expiry)', () => {
  it('falls back to the lowest min and the highest max across the methods', () => {
    expect(amountLimits([limits(10, 5000), limits(5, 2000), limits(20, 20000)])).toEqual({ min: 5, max: 20000 });
  });

  it('is 0 when there are no methods or no stated limits', () => {
    expect(amountLimits([])).toEqual({ min: 0, max: 0 });
    expect(amountLimits([{}, { termsOfService: {} }])).toEqual({ min: 0, max: 0 });
  });

  it('checks an amount against the limits (max 0 = no upper limit)', () => {
    expect(amountProblem(50, { min: 10, max: 100 })).toBeNull();
    expect(amountProblem(5, { min: 10, max: 100 })).toBe('too_small');
    expect(amountProblem(500, { min: 10, max: 100 })).toBe('too_large');
    expect(amountProblem(500, { min: 0, max: 0 })).toBeNull();
    expect(amountProblem(Number.NaN, { min: 0, max: 0 })).toBe('invalid');
    expect(amountProblem(0, { min: 0, max: 0 })).toBe('invalid');
  });

  it('parses typed amounts and turns them into cents without float drift', () => {
    expect(parseAmount('12,5')).toBe(12.5);
    expect(parseAmount(' 50 ')).toBe(50);
    expect(parseAmount('1e3')).toBeNaN();
    expect(parseAmount('1.234')).toBeNaN();
    expect(toCents(12.3)).toBe(1230);
    expect(toCents(0.29)).toBe(29);
  });

  it('takes up to 8 decimals and 10^8 minor units for a crypto wallet (docs/player-app.md#currencies)', () => {
    expect(subunitsOf('BTC')).toBe(100_000_000);
    expect(subunitsOf('EUR')).toBe(100);
    expect(amountDecimals('ETH')).toBe(8);
    expect(amountDecimals('NOK')).toBe(2);
    expect(parseAmount('0.00012345', amountDecimals('BTC'))).toBe(0.00012345);
    expect(parseAmount('0.000123456', amountDecimals('BTC'))).toBeNaN();
    expect(toCents(0.005, subunitsOf('BTC'))).toBe(500_000);
    expect(toCents(0.00012345, subunitsOf('LTC'))).toBe(12_345);
  });
});

describe('card expiry (docs/player-app.md#amounts-and-expiry)', () => {
  it('splits MM/YY on the slash into year then month', () => {
    expect(splitExpiry('12/29')).toEqual({ year: '29', month: '12' });
    expect(splitExpiry('3/2031')).toEqual({ year: '2031', month: '03' });
    expect(splitExpiry('13/29')).toBeNull();
    expect(splitExpiry('1229')).toBeNull();
    expect(splitExpiry('12/')).toBeNull();
  });

  it('accepts this month and later only', () => {
    const now = new Date('2026-11-24T00:00:00Z');
    expect(isExpiryInFuture('11/26', now)).toBe(true);
    expect(isExpiryInFuture('10/26', now)).toBe(false);
    expect(isExpiryInFuture('01/27', now)).toBe(true);
  });

  it('formats typing into MM/YY and card numbers into groups of four', () => {
    expect(formatExpiryInput('1')).toBe('1');
    expect(formatExpiryInput('12')).toBe('12');
    expect(formatExpiryInput('1229')).toBe('12/29');
    expect(formatExpiryInput('12/2')).toBe('12/2');
    expect(formatCardNumberInput('4242424242424242')).toBe('4242 4242 4242 4242');
  });
});

describe('payment fields', () => {
  const card = [
    { name: 'card_number', type: 'card_number', required: true },
    { name: 'expiry_date', type: 'expiry_date', required: true },
    { name: 'cvv', type: 'cvv', required: true },
    { name: 'card_holder', type: 'card_holder', required: false },
  ];
  const now = new Date('2026-11-24T00:00:00Z');

  it('reports missing and malformed values by field', () => {
    expect(validatePaymentFields(card, {}, now)).toEqual({
      card_number: 'required',
      expiry_date: 'required',
      cvv: 'required',
    });
    expect(validatePaymentFields(card, { card_number: '4242', expiry_date: '01/20', cvv: '12' }, now)).toEqual({
      card_number: 'card_number',
      expiry_date: 'expiry_date',
      cvv: 'cvv',
    });
    expect(
      validatePaymentFields(card, { card_number: '4242 4242 4242 4242', expiry_date: '12/29', cvv: '123' }, now),
    ).toEqual({});
    expect(validatePaymentFields([{ name: 'iban', type: 'iban', required: true }], { iban: 'nope' }, now)).toEqual({
      iban: 'iban',
    });
  });

  it('sends card numbers without spaces', () => {
    expect(normaliseFields(card, { card_number: '4242 4242 4242 4242', cvv: ' 123 ' })).toEqual({
      card_number: '4242424242424242',
      expiry_date: '',
      cvv: '123',
      card_holder: '',
    });
  });
});

describe('plainAmount', () => {
  it('writes an amount without trailing zeros, and never cuts a whole number', () => {
    expect(plainAmount(123.4, 2)).toBe('123.4');
    expect(plainAmount(100, 2)).toBe('100');
    expect(plainAmount(100, 0)).toBe('100');
    expect(plainAmount(0.025, 8)).toBe('0.025');
    expect(plainAmount(1e-7, 8)).toBe('0.0000001');
  });
});

describe('Idempotency-Key per submission (decision 016)', () => {
  it('is 128 random bits the server accepts, with or without crypto.randomUUID', () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    expect(newIdempotencyKey()).not.toBe(key);
    const insecure = { getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) };
    expect(newIdempotencyKey(insecure)).toMatch(/^[0-9a-f]{32}$/);
  });

  it('stays with the same request and changes with any other', () => {
    let n = 0;
    const make = () => `key-${++n}-padding`;
    const first = keyForSubmission(null, 'A', make);
    expect(keyForSubmission(first, 'A', make)).toBe(first);
    expect(keyForSubmission(first, 'B', make)).toEqual({ key: 'key-2-padding', request: 'B' });
  });

  it('is kept for a retry only when the first try may have done something', () => {
    expect(mayRetrySameKey({ kind: 'network' })).toBe(true);
    // A gateway that gave up waiting: our server may still have taken the payment.
    for (const status of [502, 503, 504]) expect(mayRetrySameKey({ kind: 'api', status })).toBe(true);
    // Our own answers are definite: the same key would only get them (or "in use") again.
    expect(mayRetrySameKey({ kind: 'api', status: 502, code: 'provider_unavailable' })).toBe(false);
    expect(mayRetrySameKey({ kind: 'api', status: 500, code: 'internal_error' })).toBe(false);
    expect(mayRetrySameKey({ kind: 'api', status: 409, code: 'idempotency_key_in_use' })).toBe(false);
    for (const status of [400, 401, 403, 404, 422]) expect(mayRetrySameKey({ kind: 'api', status })).toBe(false);
    expect(mayRetrySameKey({ kind: 'api', status: 409, code: 'idempotency_key_reused' })).toBe(false);
  });
});
