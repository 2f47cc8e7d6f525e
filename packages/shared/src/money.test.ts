import { describe, expect, it } from 'vitest';
import { formatMoney, toMajorString } from './money.ts';

describe('money', () => {
  it('turns minor units into exact decimal strings', () => {
    expect(toMajorString(12345, 'EUR')).toBe('123.45');
    expect(toMajorString(-5, 'EUR')).toBe('-0.05');
    expect(toMajorString(1n, 'BTC')).toBe('0.00000001');
    expect(toMajorString(2_100_000_000_000_000n, 'BTC')).toBe('21000000.00000000');
  });

  it('formats fiat with the locale and crypto in its display unit', () => {
    expect(formatMoney(123456, 'EUR', 'en')).toBe('€1,234.56');
    expect(formatMoney(123456, 'EUR', 'de')).toBe('1.234,56\u00a0€');
    // 1 BTC = 1,000,000 μBTC
    expect(formatMoney(100_000_000, 'BTC', 'en')).toBe('1,000,000 μBTC');
    // 0.5 ETH = 500 mETH
    expect(formatMoney(50_000_000, 'ETH', 'en')).toBe('500 mETH');
    expect(formatMoney(1, 'USDT', 'en')).toBe('0.00000001 USDT');
  });
});

describe('currency symbols', () => {
  it('keeps dollar currencies apart unless the locale is their home', () => {
    expect(formatMoney(500, 'AUD', 'en')).toBe('A$5.00');
    expect(formatMoney(500, 'AUD', 'en-AU')).toBe('$5.00');
    expect(formatMoney(500, 'CAD', 'en-CA')).toBe('$5.00');
    expect(formatMoney(500, 'USD', 'en-CA')).toBe('US$5.00');
  });
});
