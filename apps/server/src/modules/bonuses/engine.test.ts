import { describe, expect, it } from 'vitest';
import {
  canTransition,
  capLeft,
  conversion,
  groupOf,
  isFinal,
  OPEN_STAGES,
  routeBonusPart,
  STAGES,
  statusOf,
  wagerRequirement,
  type Stage,
} from './engine.ts';

// The allowed transitions, written out again from docs/bonuses.md#bonus-stages.
const ALLOWED: [Stage, Stage[]][] = [
  ['issued', ['handle_bets', 'wait', 'finished', 'expired', 'canceled']],
  ['wait', ['handle_bets', 'expired', 'canceled']],
  ['handle_bets', ['wager_done', 'lost', 'expired', 'canceled']],
  ['wager_done', []],
  ['lost', []],
  ['expired', []],
  ['canceled', []],
  ['finished', []],
];

describe('stages (docs/bonuses.md#bonus-stages)', () => {
  it.each(ALLOWED)('from %s exactly the stages the table names are allowed', (from, to) => {
    for (const next of STAGES) expect([from, next, canTransition(from, next)]).toEqual([from, next, to.includes(next)]);
    expect(isFinal(from)).toBe(to.length === 0);
  });

  it('open stages are those a cancel may leave', () => {
    expect(OPEN_STAGES).toEqual(['issued', 'wait', 'handle_bets']);
  });

  it.each<[Stage, string, string]>([
    ['issued', 'available', 'received'],
    ['wait', 'active', 'activated'],
    ['handle_bets', 'active', 'activated'],
    ['wager_done', 'history', 'used'],
    ['lost', 'history', 'used'],
    ['finished', 'history', 'used'],
    ['expired', 'history', 'expired'],
    ['canceled', 'history', 'used'],
  ])('%s shows in %s with status %s', (stage, group, status) => {
    expect(groupOf(stage)).toBe(group);
    expect(statusOf(stage, stage === 'canceled' ? 'player' : null)).toBe(status);
  });

  it('a cancel caused by a withdrawal is erased_by_withdraw', () => {
    expect(statusOf('canceled', 'withdrawal')).toBe('erased_by_withdraw');
    expect(statusOf('canceled', 'self_exclusion')).toBe('used');
  });
});

describe('wagering requirement', () => {
  it.each<[bigint, number, 'bonus' | 'bonus_and_deposit', bigint, bigint]>([
    [10_00n, 35, 'bonus', 0n, 350_00n],
    [10_00n, 0, 'bonus', 0n, 0n],
    [10_00n, 10, 'bonus_and_deposit', 20_00n, 300_00n],
    [10_00n, 10, 'bonus', 20_00n, 100_00n],
    [1n, 1, 'bonus', 0n, 1n],
  ])('%s × %s on %s (deposit %s) = %s', (amount, multiplier, base, deposit, expected) => {
    expect(wagerRequirement(amount, multiplier, base, deposit)).toBe(expected);
  });

  it('refuses a fractional or negative multiplier and negative amounts', () => {
    expect(() => wagerRequirement(100n, 1.5)).toThrow(RangeError);
    expect(() => wagerRequirement(100n, -1)).toThrow(RangeError);
    expect(() => wagerRequirement(-1n, 1)).toThrow(RangeError);
  });
});

describe('conversion with its cap', () => {
  it.each<[bigint, bigint | null, bigint, bigint]>([
    [50_00n, null, 50_00n, 0n],
    [50_00n, 100_00n, 50_00n, 0n],
    [50_00n, 50_00n, 50_00n, 0n],
    [150_00n, 100_00n, 100_00n, 50_00n],
    [150_00n, 0n, 0n, 150_00n],
    [0n, 100_00n, 0n, 0n],
  ])('%s with cap %s: %s to cash, %s back to funding', (amount, cap, toCash, toFunding) => {
    expect(conversion(amount, cap)).toEqual({ toCash, toFunding });
  });

  it.each<[bigint | null, bigint, bigint | null]>([
    [null, 0n, null],
    [100_00n, 0n, 100_00n],
    [100_00n, 40_00n, 60_00n],
    [100_00n, 100_00n, 0n],
    [100_00n, 120_00n, 0n],
  ])('cap %s after %s converted leaves %s', (max, converted, left) => {
    expect(capLeft(max, converted)).toBe(left);
  });
});

describe("routing a win's bonus part by its bonus's stage", () => {
  it.each<[Stage, bigint, bigint | null, { toBonus: bigint; toCash: bigint; toFunding: bigint }]>([
    ['handle_bets', 30_00n, 10_00n, { toBonus: 30_00n, toCash: 0n, toFunding: 0n }],
    ['wager_done', 30_00n, null, { toBonus: 0n, toCash: 30_00n, toFunding: 0n }],
    ['wager_done', 30_00n, 10_00n, { toBonus: 0n, toCash: 10_00n, toFunding: 20_00n }],
    ['wager_done', 30_00n, 0n, { toBonus: 0n, toCash: 0n, toFunding: 30_00n }],
    ['canceled', 30_00n, null, { toBonus: 0n, toCash: 0n, toFunding: 30_00n }],
    ['expired', 30_00n, null, { toBonus: 0n, toCash: 0n, toFunding: 30_00n }],
    ['lost', 30_00n, null, { toBonus: 0n, toCash: 0n, toFunding: 30_00n }],
  ])('%s: %s with cap left %s', (stage, part, cap, expected) => {
    const routed = routeBonusPart(stage, part, cap);
    expect(routed).toEqual(expected);
    expect(routed.toBonus + routed.toCash + routed.toFunding).toBe(part);
  });

  it.each<Stage>(['issued', 'wait', 'finished'])('a bonus in %s never funded a stake', (stage) => {
    expect(() => routeBonusPart(stage, 1n, null)).toThrow(RangeError);
  });
});
