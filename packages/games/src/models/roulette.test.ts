import { describe, expect, it } from 'vitest';
import { GameInputError } from '../model.ts';
import { createSimulationRng, uniformFromWord } from '../rng.ts';
import {
  betRtp,
  covers,
  createRouletteModel,
  DOUBLE_ZERO,
  PAYOUTS,
  pockets,
  RED,
  settle,
  spin,
  type RouletteBetItem,
} from './roulette.ts';

const LIMITS = { min: 1, max: 1_000_000 };
const european = createRouletteModel('european');
const american = createRouletteModel('american');
const parse = (variant: 'european' | 'american', bets: unknown[]) =>
  (variant === 'european' ? european : american).parseBet({ bets }, LIMITS);

describe('bet validation', () => {
  it('accepts legal inside bets in any order and refuses non-adjacent sets', () => {
    expect(parse('european', [{ type: 'split', numbers: [5, 2], amount: 10 }]).bets[0]!.numbers).toEqual([2, 5]);
    expect(parse('european', [{ type: 'corner', numbers: [1, 2, 4, 5], amount: 10 }]).amount).toBe(10);
    expect(parse('european', [{ type: 'line', numbers: [31, 32, 33, 34, 35, 36], amount: 10 }]).amount).toBe(10);
    expect(parse('american', [{ type: 'five', numbers: [0, DOUBLE_ZERO, 1, 2, 3], amount: 10 }]).amount).toBe(10);
    expect(parse('american', [{ type: 'straight', numbers: [DOUBLE_ZERO], amount: 10 }]).amount).toBe(10);
    const illegal: [variant: 'european' | 'american', item: unknown][] = [
      ['european', { type: 'split', numbers: [3, 4], amount: 10 }], // ends of two rows
      ['european', { type: 'split', numbers: [1, 5], amount: 10 }],
      ['european', { type: 'street', numbers: [2, 3, 4], amount: 10 }],
      ['european', { type: 'corner', numbers: [3, 4, 6, 7], amount: 10 }],
      ['european', { type: 'line', numbers: [2, 3, 4, 5, 6, 7], amount: 10 }],
      ['european', { type: 'five', numbers: [0, DOUBLE_ZERO, 1, 2, 3], amount: 10 }],
      ['european', { type: 'straight', numbers: [DOUBLE_ZERO], amount: 10 }],
      ['european', { type: 'straight', numbers: [1, 2], amount: 10 }],
      ['european', { type: 'straight', numbers: [1.5], amount: 10 }],
      ['european', { type: 'dozen', index: 4, amount: 10 }],
      ['european', { type: 'column', amount: 10 }],
      ['european', { type: 'red', amount: 0 }],
      ['european', { type: 'red', amount: 1.5 }],
      ['european', { type: 'purple', amount: 10 }],
      ['american', { type: 'corner', numbers: [0, 1, 2, 3], amount: 10 }],
    ];
    for (const [variant, item] of illegal)
      expect(() => parse(variant, [item]), JSON.stringify(item)).toThrow(GameInputError);
    expect(() => european.parseBet({ bets: [] }, LIMITS)).toThrow(GameInputError);
    expect(() => european.parseBet({}, LIMITS)).toThrow(GameInputError);
  });

  it('checks the limits against the total of all items', () => {
    const items = [
      { type: 'red', amount: 600_000 },
      { type: 'black', amount: 600_000 },
    ];
    expect(() => parse('european', items)).toThrow(/maximum/);
    expect(() => european.parseBet({ bets: [{ type: 'red', amount: 1 }] }, { min: 2, max: 10 })).toThrow(/minimum/);
  });
});

describe('settlement', () => {
  it('pays each bet type at its odds and 0 / 00 lose every outside bet', () => {
    const bets: RouletteBetItem[] = [
      { type: 'straight', numbers: [17], amount: 10 },
      { type: 'split', numbers: [17, 20], amount: 10 },
      { type: 'dozen', index: 2, amount: 10 },
      { type: 'column', index: 2, amount: 10 },
      { type: 'black', amount: 10 },
      { type: 'odd', amount: 10 },
      { type: 'low', amount: 10 },
      { type: 'red', amount: 10 },
    ];
    expect(settle(bets, 17).wins).toEqual([360, 180, 30, 30, 20, 20, 20, 0]);
    for (const zero of [0, DOUBLE_ZERO]) expect(settle(bets.slice(2), zero).win).toBe(0);
    expect(settle([{ type: 'five', numbers: [0, 1, 2, 3, DOUBLE_ZERO], amount: 10 }], DOUBLE_ZERO).win).toBe(70);
  });

  it('every type returns 36/37 (European) or 36/38 (American), five-number 35/38, counted over the wheel', () => {
    const examples: Record<RouletteBetItem['type'], Omit<RouletteBetItem, 'amount'>> = {
      straight: { type: 'straight', numbers: [7] },
      split: { type: 'split', numbers: [8, 11] },
      street: { type: 'street', numbers: [10, 11, 12] },
      corner: { type: 'corner', numbers: [14, 15, 17, 18] },
      line: { type: 'line', numbers: [19, 20, 21, 22, 23, 24] },
      five: { type: 'five', numbers: [0, DOUBLE_ZERO, 1, 2, 3] },
      dozen: { type: 'dozen', index: 3 },
      column: { type: 'column', index: 1 },
      red: { type: 'red' },
      black: { type: 'black' },
      even: { type: 'even' },
      odd: { type: 'odd' },
      low: { type: 'low' },
      high: { type: 'high' },
    };
    for (const variant of ['european', 'american'] as const) {
      const n = pockets(variant);
      for (const [type, item] of Object.entries(examples)) {
        if (type === 'five' && variant === 'european') continue;
        let total = 0;
        for (let x = 0; x < n; x++) total += settle([{ ...item, amount: 1 }], x).win;
        expect(total / n, `${variant} ${type}`).toBe(betRtp(variant, item.type));
        expect(total, `${variant} ${type}`).toBe(type === 'five' ? 35 : 36);
      }
    }
    expect(european.describe().rtp).toBe(36 / 37);
    expect(american.describe().rtp).toBe(36 / 38);
    expect(american.describe().hitRate).toBe(18 / 38);
  });

  it('the layout has 18 reds and 18 blacks among 1–36', () => {
    expect(new Set(RED).size).toBe(18);
    let black = 0;
    for (let x = 1; x <= 36; x++) if (covers({ type: 'black' }, x)) black++;
    expect(black).toBe(18);
    expect(PAYOUTS.straight).toBe(35);
  });
});

describe('randomness', () => {
  it('every pocket has the same pre-image count under the unbiased mapping (G2) and is reachable (G4)', () => {
    // A 2^20-word space keeps the count exhaustive; `uniformFromWord` is the same code as in play.
    const range = 2 ** 20;
    for (const n of [37, 38]) {
      const counts = new Array<number>(n).fill(0);
      for (let w = 0; w < range; w++) {
        const v = uniformFromWord(w, n, range);
        if (v >= 0) counts[v]!++;
      }
      expect(Math.min(...counts)).toBe(Math.max(...counts));
      expect(Math.min(...counts)).toBe(Math.floor(range / n));
    }
  });

  it('the number does not depend on the stake', () => {
    const small = european.open(parse('european', [{ type: 'red', amount: 10 }]), createSimulationRng(7));
    const large = european.open(parse('european', [{ type: 'red', amount: 100_000 }]), createSimulationRng(7));
    expect(small.state.number).toBe(large.state.number);
  });

  it('a pinned-seed simulation lands in the 99 % interval of the exact RTP, on both wheels', () => {
    for (const [variant, model] of [
      ['european', european],
      ['american', american],
    ] as const) {
      const n = pockets(variant);
      const bets = parse(variant, [
        { type: 'straight', numbers: [17], amount: 3 },
        { type: 'red', amount: 5 },
        { type: 'dozen', index: 1, amount: 2 },
      ]);
      // Exact mean and variance of the return per unit staked, over the wheel.
      const returns = Array.from({ length: n }, (_, x) => settle(bets.bets, x).win / bets.amount);
      const mu = returns.reduce((a, b) => a + b, 0) / n;
      const sigma = Math.sqrt(returns.reduce((a, r) => a + (r - mu) ** 2, 0) / n);
      expect(mu).toBeCloseTo(36 / n, 12);
      const N = 200_000;
      const rng = createSimulationRng(variant === 'european' ? 37 : 38);
      let won = 0;
      const seen = new Set<number>();
      for (let i = 0; i < N; i++) {
        const step = model.open(bets, rng);
        seen.add(step.state.number);
        won += step.win;
      }
      expect(seen.size).toBe(n);
      expect(Math.abs(won / (N * bets.amount) - mu)).toBeLessThanOrEqual((2.576 * sigma) / Math.sqrt(N));
      expect(spin(createSimulationRng(1), variant)).toBeLessThan(n);
    }
  });
});

describe('an interrupted round (G8)', () => {
  it('pays the outcome decided at open, a win as much as a loss, never a refund of the stake', () => {
    const rng = createSimulationRng(8);
    const seen = new Set<string>();
    for (let i = 0; i < 400; i++) {
      const step = european.open(parse('european', [{ type: 'red', amount: 100 }]), rng);
      expect(european.abandon(step.state, step.stake)).toBe(step.win);
      seen.add(step.win > step.stake ? 'more' : step.win < step.stake ? 'less' : 'same');
    }
    expect(seen).toContain('more');
    expect(seen).toContain('less');
  });
});
