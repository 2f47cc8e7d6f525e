import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { GENERIC_LOGO, logoPath, paymentLogoSource, PaymentLogo } from './payment-logo';

afterEach(cleanup);

describe('payment logos (docs/player-app.md#data-objects)', () => {
  it('derives crypto logos from the currency, others from provider and brand', () => {
    expect(logoPath({ type: 'crypto', currency: 'BTC', brand: 'btc', provider: 'sandbox' })).toBe(
      '/images/payments/crypto-btc.svg',
    );
    expect(logoPath({ type: 'cards', currency: 'EUR', brand: 'visa', provider: 'sandbox' })).toBe(
      '/images/payments/sandbox-visa.svg',
    );
    expect(logoPath({ type: 'bank_transfer', currency: 'EUR', brand: 'Bank Transfer/../x', provider: 'sandbox' })).toBe(
      '/images/payments/sandbox-banktransferx.svg',
    );
    expect(logoPath({ type: 'cards', currency: 'EUR', brand: '', provider: 'sandbox' })).toBe(GENERIC_LOGO);
  });

  it('reads a history payment’s method id', () => {
    expect(paymentLogoSource({ payment_system: 'sandbox_crypto_eth', brand: 'eth', currency: 'ETH' })).toEqual({
      type: 'crypto',
      currency: 'ETH',
      brand: 'eth',
      provider: 'sandbox',
    });
    expect(logoPath(paymentLogoSource({ payment_system: 'sandbox_card', brand: 'visa', currency: 'EUR' }))).toBe(
      '/images/payments/sandbox-visa.svg',
    );
  });

  it('is decorative and falls back to the generic picture once when a logo is missing', () => {
    const { container } = render(
      <PaymentLogo method={{ type: 'cards', currency: 'EUR', brand: 'unknown', provider: 'psp' }} />,
    );
    const img = container.querySelector('img')!;
    expect(img).toHaveAttribute('alt', '');
    expect(img).toHaveAttribute('aria-hidden', 'true');
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe(GENERIC_LOGO);
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe(GENERIC_LOGO);
  });
});
