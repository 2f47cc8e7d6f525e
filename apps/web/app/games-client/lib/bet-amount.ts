import type { BetLimits } from '../api/types';

/**
 * Bet amounts live on the grid the host advertises: `min + k·step`, never above `max`. Every
 * value the control produces passes through `snapBet`, so the host never sees an amount it would
 * refuse as off-grid, too small or too large.
 */
export function snapBet(value: number, limits: BetLimits): number {
  const { min_cents: min, max_cents: max } = limits;
  const step = Math.max(1, limits.step_cents);
  if (!Number.isFinite(value) || value <= min) return min;
  if (value >= max) return max;
  // Round down: a typed 1.99 with a step of 1.00 must not become 2.00 the player did not ask for.
  return min + Math.floor((value - min) / step) * step;
}

export function stepBet(value: number, limits: BetLimits, direction: 1 | -1): number {
  const current = snapBet(value, limits);
  const step = Math.max(1, limits.step_cents);
  if (direction === 1) {
    // From an off-grid max (max − min not a multiple of step) there is nowhere further to go.
    const next = current + step;
    return next > limits.max_cents ? limits.max_cents : next;
  }
  if (current === limits.max_cents && (limits.max_cents - limits.min_cents) % step !== 0) {
    return snapBet(current - 1, limits);
  }
  return snapBet(current - step, limits);
}

export function doubleBet(value: number, limits: BetLimits): number {
  return snapBet(value * 2, limits);
}

export function halveBet(value: number, limits: BetLimits): number {
  return snapBet(Math.floor(value / 2), limits);
}

/**
 * Parses what the player typed in major units ("2.5", "2,50") into minor units without passing
 * through a float, so 0.29 is 29 and not 28.999…; null when it is not an amount.
 */
export function parseMajorAmount(text: string, subunitsToUnit: number): number | null {
  const cleaned = text.trim().replace(/\s/g, '').replace(',', '.');
  const match = /^(\d+)(?:\.(\d*))?$/.exec(cleaned);
  if (!match) return null;
  const digits = Math.max(0, Math.round(Math.log10(subunitsToUnit)));
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return null;
  const minor = BigInt(match[1]!) * BigInt(subunitsToUnit) + BigInt(fraction.padEnd(digits, '0') || '0');
  return minor > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(minor);
}

/** The inverse of parseMajorAmount for the input field: exact, dot-separated, no grouping. */
export function toMajorInput(minor: number, subunitsToUnit: number): string {
  const digits = Math.max(0, Math.round(Math.log10(subunitsToUnit)));
  const unit = BigInt(subunitsToUnit);
  const value = BigInt(minor);
  const whole = value / unit;
  if (digits === 0) return whole.toString();
  return `${whole}.${(value % unit).toString().padStart(digits, '0')}`;
}
