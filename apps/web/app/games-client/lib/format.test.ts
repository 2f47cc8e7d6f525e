import { describe, expect, it } from 'vitest';
import { formatMaxMultiplier, formatMultiplier, formatPercent } from './format';

describe('display formats', () => {
  it('shows the exact RTP without float noise', () => {
    expect(formatPercent(96.4523, 'en')).toBe('96.4523 %');
    expect(formatPercent(99.53999999999999, 'en')).toBe('99.54 %');
    expect(formatPercent(97.2972973, 'de')).toBe('97,2972973 %');
  });
  it('shows crash multipliers with two decimals in the UI locale', () => {
    expect(formatMultiplier(2, 'en')).toBe('2.00×');
    expect(formatMultiplier(1234.5, 'de')).toBe('1.234,50×');
    expect(formatMaxMultiplier(5000, 'en')).toBe('5,000×');
    expect(formatMaxMultiplier(null, 'en')).toBe('∞');
  });
});
