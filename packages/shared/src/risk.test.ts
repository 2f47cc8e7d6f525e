import { describe, expect, it } from 'vitest';
import { buildRiskTransaction, RiskPayloadSchema } from './risk.ts';

const base = {
  player: { id: 7, email: 'ada@example.com', first_name: 'Ada', last_name: '', country: 'DE' },
  dateTime: '2026-11-24T10:00:00Z',
  currency: 'EUR',
  amount: 50,
  paymentSystem: 'sandbox_card',
};

describe('risk transaction payload', () => {
  it('drops falsy values, keeps bin and last 4 only, splits the expiry and marks deposits as transactions', () => {
    const payload = buildRiskTransaction({
      ...base,
      type: 'deposit',
      fields: { card_number: '4242 4242 4242 4242', expiry_date: '12/29', card_holder: 'Ada Player', cvv: '123' },
    });
    expect(payload).toEqual({
      country: 'DE',
      firstname: 'Ada',
      email: 'ada@example.com',
      merchant_user_id: '7',
      card_expiration_month: '12',
      card_expiration_year: '29',
      card_holder_name: 'Ada Player',
      card_last_4: '4242',
      card_bin: '424242',
      date_time: '2026-11-24T10:00:00Z',
      transaction_currency: 'EUR',
      transaction_amount: 50,
      payment_system: 'sandbox_card',
      type: 'transaction',
    });
    expect(JSON.stringify(payload)).not.toContain('4242424242424242');
    expect(RiskPayloadSchema.safeParse(payload).success).toBe(true);
  });

  it('takes the payment account id from the first present field of the fallback chain; payouts are "payout"', () => {
    expect(
      buildRiskTransaction({
        ...base,
        type: 'withdrawal',
        fields: { account_number: 'AC-1', address: 'bc1q', id: '9' },
      }),
    ).toMatchObject({ payment_account_id: 'AC-1', type: 'payout' });
    expect(
      buildRiskTransaction({
        ...base,
        type: 'withdrawal',
        fields: { email: '', voucher_number: 'V-9', account_number: 'AC-1' },
      }),
    ).toMatchObject({ payment_account_id: 'V-9' });
    expect(
      buildRiskTransaction({ ...base, type: 'withdrawal', fields: { customer_purse: 'P-1', id: '3' } }),
    ).toMatchObject({ payment_account_id: 'P-1' });
    expect(buildRiskTransaction({ ...base, type: 'withdrawal', fields: {} })).not.toHaveProperty('payment_account_id');
  });

  it('the server schema refuses a full card number', () => {
    expect(
      RiskPayloadSchema.safeParse({
        ...buildRiskTransaction({ ...base, type: 'deposit' }),
        card_bin: '4242424242424242',
      }).success,
    ).toBe(false);
  });
});
