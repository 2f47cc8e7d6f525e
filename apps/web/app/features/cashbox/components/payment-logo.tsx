import type { SyntheticEvent } from 'react';
import type { Payment } from '../api/payments';

/** What a logo is derived from (docs/player-app.md#data-objects). */
export interface LogoSource {
  type: string;
  currency: string;
  brand: string;
  provider: string;
}

const BASE = '/images/payments';
export const GENERIC_LOGO = `${BASE}/generic.svg`;

/** A file-name part from provider or brand text: lower case, nothing but letters, digits, `_` and `-`. */
const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9_-]+/g, '');

/**
 * docs/player-app.md#data-objects: the logo of a crypto method comes from its currency (and brand), any other from its
 * provider and brand. A method we have no picture for falls back to the generic one at load time.
 */
export function logoPath(method: LogoSource): string {
  if (method.type === 'crypto') return `${BASE}/crypto-${slug(method.currency)}.svg`;
  const provider = slug(method.provider);
  const brand = slug(method.brand);
  return provider && brand ? `${BASE}/${provider}-${brand}.svg` : GENERIC_LOGO;
}

/** The logo source of a payment in the history: its method id is `<provider>_<kind>[_<coin>]`. */
export function paymentLogoSource(payment: Pick<Payment, 'payment_system' | 'brand' | 'currency'>): LogoSource {
  const [provider = '', kind = ''] = (payment.payment_system ?? '').split('_');
  return {
    type: kind === 'crypto' ? 'crypto' : kind,
    currency: payment.currency,
    brand: payment.brand ?? '',
    provider,
  };
}

function fallBackToGeneric(event: SyntheticEvent<HTMLImageElement>) {
  const img = event.currentTarget;
  // Once only: a missing generic picture must not loop.
  if (!img.src.endsWith(GENERIC_LOGO)) img.src = GENERIC_LOGO;
}

/** A method's logo: decorative (the method's name is always written next to it). */
export function PaymentLogo({ method }: { method: LogoSource }) {
  return (
    <img
      className="payment-logo"
      src={logoPath(method)}
      alt=""
      aria-hidden="true"
      width={48}
      height={32}
      loading="lazy"
      decoding="async"
      onError={fallBackToGeneric}
    />
  );
}
