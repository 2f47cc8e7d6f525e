import { describe, expect, it } from 'vitest';
import { doubleBet, halveBet, parseMajorAmount, snapBet, stepBet, toMajorInput } from './bet-amount';

const limits = { min_cents: 10, max_cents: 10_000, default_cents: 100, step_cents: 10 };
const odd = { min_cents: 25, max_cents: 1_000, default_cents: 100, step_cents: 50 };

describe('snapBet', () => {
  it('keeps amounts on the min + k·step grid, rounding down', () => {
    expect(snapBet(105, limits)).toBe(100);
    expect(snapBet(99, odd)).toBe(75);
    expect(snapBet(125, odd)).toBe(125);
  });
  it('clamps to the limits', () => {
    expect(snapBet(1, limits)).toBe(10);
    expect(snapBet(-50, limits)).toBe(10);
    expect(snapBet(1e9, limits)).toBe(10_000);
    expect(snapBet(Number.NaN, limits)).toBe(10);
  });
});

describe('stepBet', () => {
  it('moves one step and stops at the limits', () => {
    expect(stepBet(100, limits, 1)).toBe(110);
    expect(stepBet(100, limits, -1)).toBe(90);
    expect(stepBet(10, limits, -1)).toBe(10);
    expect(stepBet(10_000, limits, 1)).toBe(10_000);
  });
  it('reaches an off-grid maximum and steps back onto the grid from it', () => {
    expect(stepBet(975, odd, 1)).toBe(1_000);
    expect(stepBet(1_000, odd, -1)).toBe(975);
  });
  it('doubles and halves within the limits', () => {
    expect(doubleBet(6_000, limits)).toBe(10_000);
    expect(halveBet(15, limits)).toBe(10);
    expect(halveBet(300, odd)).toBe(125);
  });
});

describe('major ⇄ minor amounts', () => {
  it('parses without float error', () => {
    expect(parseMajorAmount('0.29', 100)).toBe(29);
    expect(parseMajorAmount('2,5', 100)).toBe(250);
    expect(parseMajorAmount(' 12 ', 100)).toBe(1200);
    expect(parseMajorAmount('0.00000001', 100_000_000)).toBe(1);
    expect(parseMajorAmount('150', 1)).toBe(150);
  });
  it('refuses what is not an amount in that currency', () => {
    expect(parseMajorAmount('1.234', 100)).toBeNull();
    expect(parseMajorAmount('-1', 100)).toBeNull();
    expect(parseMajorAmount('abc', 100)).toBeNull();
    expect(parseMajorAmount('', 100)).toBeNull();
    expect(parseMajorAmount('1.5', 1)).toBeNull();
  });
  it('formats the input value exactly', () => {
    expect(toMajorInput(29, 100)).toBe('0.29');
    expect(toMajorInput(1, 100_000_000)).toBe('0.00000001');
    expect(toMajorInput(150, 1)).toBe('150');
    expect(parseMajorAmount(toMajorInput(123_456, 100), 100)).toBe(123_456);
  });
});
