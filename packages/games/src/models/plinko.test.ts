import { describe, expect, it } from 'vitest';
import { GameInputError, mulDivFloor } from '../model.ts';
import { createSimulationRng, WordRng } from '../rng.ts';
import { MAX_ROWS, MIN_ROWS, PLINKO_TABLES, plinkoFigures, plinkoModel, type PlinkoRisk } from './plinko.ts';

const LIMITS = { min: 1, max: 1_000_000 };
const RISKS: PlinkoRisk[] = ['low', 'medium', 'high'];

/** Always the same word: `rng.int(2)` maps the low half of the words to 0 and the high half to 1. */
class ConstantRng extends WordRng {
  constructor(private readonly value: number) {
    super();
  }
  protected word(): number {
    return this.value;
  }
}

function binomial(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return Math.round(r);
}

describe('tables', () => {
  it('every table is symmetric, integer hundredths, one pocket per landing spot', () => {
    for (const risk of RISKS) {
      for (let rows = MIN_ROWS; rows <= MAX_ROWS; rows++) {
        const t = PLINKO_TABLES[risk][rows]!;
        expect(t, `${risk} ${rows}`).toHaveLength(rows + 1);
        expect(t).toEqual([...t].reverse());
        expect(t.every((m) => Number.isInteger(m) && m >= 0)).toBe(true);
      }
    }
  });

  it('every table returns between 98.5 % and 99 %, summed as exact integers', () => {
    for (const risk of RISKS) {
      for (let rows = MIN_ROWS; rows <= MAX_ROWS; rows++) {
        const sum = PLINKO_TABLES[risk][rows]!.reduce((a, m, k) => a + binomial(rows, k) * m, 0);
        const scale = 100 * 2 ** rows;
        expect(sum, `${risk} ${rows}`).toBeGreaterThanOrEqual(0.985 * scale);
        expect(sum, `${risk} ${rows}`).toBeLessThanOrEqual(0.99 * scale);
        expect(plinkoFigures(rows, risk).rtp).toBe(sum / scale);
      }
    }
    expect(plinkoModel.describe().rtp).toBe(plinkoFigures(16, 'high').rtp);
  });
});

describe('bets and play', () => {
  it('accepts rows 8–16 and the three risks, refuses the rest', () => {
    expect(plinkoModel.parseBet({ amount: 100, rows: 12, risk: 'medium' }, LIMITS)).toEqual({
      amount: 100,
      rows: 12,
      risk: 'medium',
    });
    for (const bad of [
      { amount: 100, rows: 7, risk: 'low' },
      { amount: 100, rows: 17, risk: 'low' },
      { amount: 100, rows: 8.5, risk: 'low' },
      { amount: 100, rows: 8, risk: 'extreme' },
      { amount: -5, rows: 8, risk: 'low' },
    ]) {
      expect(() => plinkoModel.parseBet(bad, LIMITS), JSON.stringify(bad)).toThrow(GameInputError);
    }
    expect(() => plinkoModel.parseBet({ amount: 2_000_000, rows: 8, risk: 'low' }, LIMITS)).toThrow(/maximum/);
  });

  it('reaches both edge pockets, so the top multiplier is payable (G4)', () => {
    const bet = { amount: 100, rows: 16, risk: 'high' as const };
    const right = plinkoModel.open(bet, new ConstantRng(2 ** 32 - 1));
    expect(right.state.pocket).toBe(16);
    expect(right.win).toBe(6100);
    expect(plinkoModel.open(bet, new ConstantRng(0)).state.pocket).toBe(0);
    expect(plinkoModel.describe().maxMultiplier).toBe(61);
  });

  it('the path does not depend on the stake', () => {
    const a = plinkoModel.open({ amount: 10, rows: 16, risk: 'high' }, createSimulationRng(5));
    const b = plinkoModel.open({ amount: 100_000, rows: 16, risk: 'high' }, createSimulationRng(5));
    expect(a.state.path).toEqual(b.state.path);
  });

  it('a pinned-seed simulation lands in the 99 % interval of the exact RTP', () => {
    for (const [rows, risk] of [
      [16, 'high'],
      [8, 'low'],
      [12, 'medium'],
    ] as const) {
      const amount = 1000;
      const table = PLINKO_TABLES[risk][rows]!;
      // Exact mean and variance of the floored return per unit staked.
      const ret = table.map((m) => mulDivFloor(amount, m, 100) / amount);
      const prob = table.map((_, k) => binomial(rows, k) / 2 ** rows);
      const mu = ret.reduce((a, r, k) => a + r * prob[k]!, 0);
      const sigma = Math.sqrt(ret.reduce((a, r, k) => a + (r - mu) ** 2 * prob[k]!, 0));
      expect(mu).toBeCloseTo(plinkoFigures(rows, risk).rtp, 12);
      const N = 150_000;
      const rng = createSimulationRng(rows * 10 + RISKS.indexOf(risk));
      let won = 0;
      for (let i = 0; i < N; i++) won += plinkoModel.open({ amount, rows, risk }, rng).win;
      expect(Math.abs(won / (N * amount) - mu), `${risk} ${rows}`).toBeLessThanOrEqual((2.576 * sigma) / Math.sqrt(N));
    }
  });
});

describe('an interrupted round (G8)', () => {
  it('pays the outcome decided at open, a win as much as a loss, never a refund of the stake', () => {
    const rng = createSimulationRng(8);
    const seen = new Set<string>();
    for (let i = 0; i < 400; i++) {
      const step = plinkoModel.open({ amount: 100, rows: 12, risk: 'high' as const }, rng);
      expect(plinkoModel.abandon(step.state, step.stake)).toBe(step.win);
      seen.add(step.win > step.stake ? 'more' : step.win < step.stake ? 'less' : 'same');
    }
    expect(seen).toContain('more');
    expect(seen).toContain('less');
  });
});
