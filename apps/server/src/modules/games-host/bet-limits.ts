import { CURRENCIES, isCurrencyCode } from '@croupier/shared/currencies';

export interface BetLimits {
  min_cents: number;
  max_cents: number;
  default_cents: number;
  step_cents: number;
}

/**
 * Stake limits per currency, in minor units. Fiat: 0.10 to 100.00 (JPY 10 to 10,000, it being
 * worth about a hundredth). Crypto amounts are in 1e-8 units and sized to roughly the same value.
 * FUN (demo) mirrors EUR. An operator would move these to configuration per brand.
 */
const TABLE: Record<string, BetLimits> = {
  FUN: { min_cents: 10, max_cents: 10_000, default_cents: 100, step_cents: 10 },
  JPY: { min_cents: 1_000, max_cents: 1_000_000, default_cents: 10_000, step_cents: 1_000 },
  BTC: { min_cents: 200, max_cents: 200_000, default_cents: 2_000, step_cents: 100 },
  ETH: { min_cents: 5_000, max_cents: 5_000_000, default_cents: 50_000, step_cents: 1_000 },
  BCH: { min_cents: 50_000, max_cents: 50_000_000, default_cents: 500_000, step_cents: 10_000 },
  LTC: { min_cents: 200_000, max_cents: 200_000_000, default_cents: 2_000_000, step_cents: 100_000 },
  DOG: { min_cents: 100_000_000, max_cents: 100_000_000_000, default_cents: 1_000_000_000, step_cents: 10_000_000 },
  USDT: { min_cents: 10_000_000, max_cents: 10_000_000_000, default_cents: 100_000_000, step_cents: 1_000_000 },
};

const FIAT: BetLimits = { min_cents: 10, max_cents: 10_000, default_cents: 100, step_cents: 10 };

export function betLimits(currency: string): BetLimits {
  return TABLE[currency] ?? FIAT;
}

export function subunitsToUnit(currency: string): number {
  return isCurrencyCode(currency) ? CURRENCIES[currency].subunitsToUnit : 100;
}
