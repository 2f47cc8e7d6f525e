import { describe, expect, it } from 'vitest';
import { GameInputError } from '../model.ts';
import { createSimulationRng, WordRng } from '../rng.ts';
import {
  cashoutAt,
  crashModel,
  crashPoint,
  crashPointFromWord,
  crashRtp,
  elapsedFor,
  MAX_TARGET,
  MIN_TARGET,
  multiplierAt,
  probabilityReaching,
  settle,
} from './crash.ts';

const TWO_32 = 2 ** 32;
const LIMITS = { min: 1, max: 1_000_000 };

/** Replays fixed words, so a test can pick the exact draw. */
class FixedRng extends WordRng {
  constructor(private readonly words: number[]) {
    super();
  }
  protected word(): number {
    const w = this.words[this.consumed - 1];
    if (w === undefined) throw new Error('FixedRng ran out of words');
    return w;
  }
}

/** The first word whose crash point reaches M hundredths (the words that reach it form a suffix). */
const firstWordReaching = (M: number) => TWO_32 - Math.floor((97 * TWO_32) / M);

describe('crash point', () => {
  it('the words reaching m are exactly the top floor(97·2³²/M) words, so P(crash ≥ m) is exact', () => {
    for (const M of [101, 150, 199, 200, 201, 333, 1000, 12_345, 100_000, MAX_TARGET]) {
      const w = firstWordReaching(M);
      expect(crashPointFromWord(w)).toBeGreaterThanOrEqual(M);
      expect(crashPointFromWord(w - 1)).toBeLessThan(M);
      expect(probabilityReaching(M / 100)).toBe((TWO_32 - w) / TWO_32);
    }
  });

  it('returns at most 97 % for every allowed target and exactly 0.97·(1 − ε) at 2×', () => {
    let worst = 0;
    for (let M = MIN_TARGET; M <= 100_000; M++) worst = Math.max(worst, crashRtp(M / 100));
    expect(worst).toBeLessThanOrEqual(0.97);
    expect(crashRtp(2)).toBeCloseTo(0.97, 8);
    expect(crashModel.describe().rtp).toBe(crashRtp(2));
    expect(crashModel.describe().hitRate).toBe(probabilityReaching(2));
  });

  it('maps every word to a crash point ≥ 1.00 and reaches the documented maximum (G4)', () => {
    expect(crashPointFromWord(0)).toBe(100);
    expect(crashPointFromWord(TWO_32 - 1) / 100).toBe(crashModel.describe().maxMultiplier);
    expect(crashPoint(new FixedRng([TWO_32 - 1]))).toBe(crashModel.describe().maxMultiplier);
    // The instant-bust share is the words below the first one reaching 1.01.
    expect(crashPoint(new FixedRng([firstWordReaching(101) - 1]))).toBe(1);
  });
});

describe('cash-out at the bust point', () => {
  it('a target equal to the crash point wins; one hundredth above loses', () => {
    expect(settle(1000, 2.37, 2.37)).toBe(2370);
    expect(settle(1000, 2.38, 2.37)).toBe(0);
    expect(settle(1000, null, 2.37)).toBe(0);
    // 1.15 × 100 is 114.99999999999999 in doubles; the win must still be whole.
    expect(settle(100, 1.15, 5)).toBe(115);
    expect(settle(3, 1.5, 5)).toBe(4);
  });

  it('a manual cash-out is refused from the bust millisecond on and is always below the crash point', () => {
    for (const c of [1.01, 1.5, 2, 2.37, 10, 123.45]) {
      const t = elapsedFor(c);
      expect(cashoutAt(t, c)).toBeNull();
      expect(cashoutAt(t - 1, c)!).toBeLessThan(c);
    }
  });
});

describe('flight time', () => {
  it('multiplierAt is non-decreasing, starts at 1.00 and follows e^{0.00006 t}', () => {
    expect(multiplierAt(0)).toBe(1);
    expect(multiplierAt(11_552)).toBe(1.99);
    expect(multiplierAt(11_553)).toBe(2);
    let prev = 1;
    for (let t = 0; t <= 120_000; t += 7) {
      const m = multiplierAt(t);
      expect(m).toBeGreaterThanOrEqual(prev);
      prev = m;
    }
  });

  it('elapsedFor(m) is the first millisecond whose multiplier reaches m', () => {
    for (let M = 101; M <= 100_000; M += M < 2000 ? 1 : 97) {
      const m = M / 100;
      const t = elapsedFor(m);
      expect(multiplierAt(t)).toBeGreaterThanOrEqual(m);
      expect(multiplierAt(t - 1)).toBeLessThan(m);
    }
    expect(elapsedFor(1)).toBe(0);
  });
});

describe('bets', () => {
  it('accepts amount and a 2-decimal target from 1.01 and refuses the rest', () => {
    expect(crashModel.parseBet({ amount: 100, autoCashout: 2.5 }, LIMITS)).toEqual({ amount: 100, autoCashout: 2.5 });
    for (const bad of [
      { amount: 100, autoCashout: 1 },
      { amount: 100, autoCashout: 2.555 },
      { amount: 100, autoCashout: '2' },
      { amount: 100 },
      { amount: 1.5, autoCashout: 2 },
      { amount: -1, autoCashout: 2 },
      { amount: 100, autoCashout: MAX_TARGET / 100 + 0.01 },
      null,
    ]) {
      expect(() => crashModel.parseBet(bad, LIMITS)).toThrow(GameInputError);
    }
    expect(() => crashModel.parseBet({ amount: 2_000_000, autoCashout: 2 }, LIMITS)).toThrow(/maximum/);
  });

  it('the crash point does not depend on the stake', () => {
    const a = crashModel.open({ amount: 10, autoCashout: 2 }, createSimulationRng(42));
    const b = crashModel.open({ amount: 100_000, autoCashout: 2 }, createSimulationRng(42));
    expect(a.state.crashPoint).toBe(b.state.crashPoint);
  });
});

describe('simulation (pinned seed)', () => {
  it('P(crash ≥ 2) and the 2× auto-cash-out RTP lie in their 99 % intervals', () => {
    const N = 400_000;
    const rng = createSimulationRng(20_261_123);
    let reached = 0;
    let returned = 0;
    const amount = 100;
    for (let i = 0; i < N; i++) {
      const step = crashModel.open({ amount, autoCashout: 2 }, rng);
      if (step.state.crashPoint >= 2) reached++;
      returned += step.win;
    }
    const p = probabilityReaching(2);
    expect(Math.abs(reached / N - p)).toBeLessThanOrEqual(2.576 * Math.sqrt((p * (1 - p)) / N));
    // Return per unit is 2 with probability p, else 0.
    const mu = crashRtp(2);
    const sigma = 2 * Math.sqrt(p * (1 - p));
    expect(Math.abs(returned / (N * amount) - mu)).toBeLessThanOrEqual((2.576 * sigma) / Math.sqrt(N));
  });
});

describe('an interrupted round (G8)', () => {
  it('pays the outcome decided at open, a win as much as a loss, never a refund of the stake', () => {
    const rng = createSimulationRng(8);
    const seen = new Set<string>();
    for (let i = 0; i < 400; i++) {
      const step = crashModel.open({ amount: 100, autoCashout: 2 }, rng);
      expect(crashModel.abandon(step.state, step.stake)).toBe(step.win);
      seen.add(step.win > step.stake ? 'more' : step.win < step.stake ? 'less' : 'same');
    }
    expect(seen).toContain('more');
    expect(seen).toContain('less');
  });
});
