import { describe, expect, it } from 'vitest';
import { createSimulationRng } from './rng.ts';
import { chiSquare, gammaQ, ksUniform, lag1Autocorrelation, runsTest } from './stats.ts';

describe('statistics for the RNG checks (G3)', () => {
  it('chi-square p-values match published critical values', () => {
    // df 36 at p = 0.01 is 58.619 (roulette's 37 pockets); df 5 at 0.05 is 11.070.
    expect(gammaQ(36 / 2, 58.619 / 2)).toBeCloseTo(0.01, 4);
    expect(gammaQ(5 / 2, 11.0705 / 2)).toBeCloseTo(0.05, 4);
    expect(chiSquare([100, 100, 100, 100], [0.25, 0.25, 0.25, 0.25])).toEqual({ statistic: 0, df: 3, p: 1 });
  });

  it('passes a fair stream and fails biased, patterned and correlated ones', () => {
    const rng = createSimulationRng(42);
    const counts = new Array<number>(37).fill(0);
    const floats: number[] = [];
    for (let i = 0; i < 200_000; i++) {
      counts[rng.int(37)]!++;
      floats.push(rng.float());
    }
    expect(chiSquare(counts, new Array(37).fill(1 / 37)).p).toBeGreaterThan(0.01);
    expect(runsTest(floats).p).toBeGreaterThan(0.01);
    const { r, bound } = lag1Autocorrelation(floats);
    expect(Math.abs(r)).toBeLessThan(bound);

    const biased = [...counts];
    biased[0]! += 400; // one pocket 7 % too often
    expect(chiSquare(biased, new Array(37).fill(1 / 37)).p).toBeLessThan(0.01);
    const alternating = floats.map((_, i) => (i % 2 ? 0.75 : 0.25));
    expect(runsTest(alternating).p).toBeLessThan(0.01);
    const smooth = floats.map((f, i) => (f + (floats[i - 1] ?? f)) / 2);
    expect(Math.abs(lag1Autocorrelation(smooth).r)).toBeGreaterThan(lag1Autocorrelation(smooth).bound);
  });

  it('KS tells uniform p-values from clustered ones', () => {
    const rng = createSimulationRng(7);
    const uniform = Array.from({ length: 200 }, () => rng.float());
    expect(ksUniform(uniform).d).toBeLessThan(ksUniform(uniform).critical);
    expect(ksUniform(uniform.map((u) => u * 0.5)).d).toBeGreaterThan(ksUniform(uniform).critical);
  });
});
