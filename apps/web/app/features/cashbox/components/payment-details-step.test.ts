import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../i18n/create-i18n';
import { formatDate } from '../../../i18n/format';
import cashbox from '../../../i18n/locales/en/cashbox.json';
import common from '../../../i18n/locales/en/common.json';
import { ApiError } from '../../../lib/api-client';
import { submitErrorToForm } from './payment-details-step';

describe('a refused payment in the cashbox', () => {
  it('shows the server’s text with its date written as the app writes dates', () => {
    const refusal = new ApiError(
      422,
      { code: 'cooling_off', error: 'You are taking a break until 2026-11-29 19:53 UTC: no deposits until then.' },
      '/api/payments/deposits',
    );
    const when = formatDate('2026-11-29T19:53:00Z', 'en', { dateStyle: 'medium', timeStyle: 'short' });
    expect(submitErrorToForm(refusal, [], createI18n('en', { cashbox, common })).general).toBe(
      `You are taking a break until ${when}: no deposits until then.`,
    );
  });
});
