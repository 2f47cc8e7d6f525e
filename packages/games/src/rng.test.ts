import { describe, expect, it } from 'vitest';
import { createSimulationRng, shuffledRange, uniformFromWord, type WordRng } from './rng.ts';

/**
 * docs/reliability.md#g2-no-modulo-bias: exact pre-image counts. The mapping is enumerated over a whole word space with
 * the production code (`uniformFromWord` takes the space size); 2^20 words keep the enumeration
 * fast, and since the mapping only depends on floor(range / n) the 2^32 case is covered by the
 * analytic count next to it.
 */
function preimages(map: (word: number) => number, n: number, range: number): { counts: number[]; rejected: number } {
  const counts = new Array<number>(n).fill(0);
  let rejected = 0;
  for (let w = 0; w < range; w++) {
    const v = map(w);
    if (v < 0) rejected++;
    else counts[v]!++;
  }
  return { counts, rejected };
}

/** Max relative difference between the most and least likely outcome. */
const bias = (counts: number[]) => (Math.max(...counts) - Math.min(...counts)) / Math.min(...counts);

// Outcome spaces of the games: dice, roulette (European, American), cards, mines tiles and the
// Fisher–Yates steps of a deck and a grid, plinko rows.
const SPACES = [10_000, 37, 38, 52, 51, 47, 25, 24, 13, 2, 46, 48];

describe('G2: no modulo bias', () => {
  it('rejection sampling gives every outcome exactly the same pre-image count (2^20 words, exhaustive)', () => {
    const range = 2 ** 20;
    for (const n of SPACES) {
      const { counts, rejected } = preimages((w) => uniformFromWord(w, n, range), n, range);
      expect(bias(counts), `n = ${n}`).toBe(0);
      expect(counts[0]).toBe(Math.floor(range / n));
      expect(rejected).toBe(range % n);
    }
  });

  it('the same counter catches a `% n` mapping (so the test above can fail)', () => {
    const range = 2 ** 20;
    const modulo = preimages((w) => w % 10_000, 10_000, range);
    expect(bias(modulo.counts)).toBeGreaterThan(0);
    // 2^20 = 104·10000 + 8576: outcomes below 8576 get one extra pre-image.
    expect(modulo.counts.filter((c) => c === 105)).toHaveLength(8576);
    const roulette = preimages((w) => w % 37, 37, range);
    expect(bias(roulette.counts)).toBeGreaterThan(0);
  });

  it('on 2^32 words: zero bias, rejection below n / 2^32 (documented bound)', () => {
    for (const n of SPACES) {
      const bucket = Math.floor(2 ** 32 / n);
      // Accepted words are [0, bucket·n); word w maps to floor(w / bucket): exactly `bucket` each.
      for (const k of [0, Math.floor(n / 2), n - 1]) {
        const lo = k * bucket;
        const hi = (k + 1) * bucket - 1;
        expect(uniformFromWord(lo, n)).toBe(k);
        expect(uniformFromWord(hi, n)).toBe(k);
      }
      expect(uniformFromWord(bucket * n, n)).toBe(-1);
      expect(uniformFromWord(2 ** 32 - 1, n)).toBe(bucket * n === 2 ** 32 ? n - 1 : -1);
      expect((2 ** 32 - bucket * n) / 2 ** 32).toBeLessThan(n / 2 ** 32);
    }
  });

  it('documents why Stake-style float scaling is not used: floor(f·10001) has 7,843 heavier outcomes', () => {
    // Pre-images of k under w ↦ floor(w·10001 / 2^32): ceil((k+1)·2^32/10001) − ceil(k·2^32/10001).
    const T = 2n ** 32n;
    const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;
    const counts = new Map<bigint, number>();
    for (let k = 0n; k < 10001n; k++) {
      const c = ceilDiv((k + 1n) * T, 10001n) - ceilDiv(k * T, 10001n);
      counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    expect(counts.get(429454n)).toBe(7843);
    expect(counts.get(429453n)).toBe(10001 - 7843);
  });

  it('Fisher–Yates over rng.int makes every permutation of 4 equally likely (exhaustive over small draws)', () => {
    // Drive shuffledRange with every combination of int() results: 4·3·2 = 24 paths → 24 distinct permutations.
    const seen = new Set<string>();
    for (let a = 0; a < 4; a++)
      for (let b = 0; b < 3; b++)
        for (let c = 0; c < 2; c++) {
          const picks = [a, b, c];
          const fake = { int: () => picks.shift()! } as unknown as WordRng;
          seen.add(shuffledRange(4, fake).join(''));
        }
    expect(seen.size).toBe(24);
  });
});

describe('rng basics', () => {
  it('counts position in words, including rejected draws', () => {
    const rng = createSimulationRng(1);
    rng.float();
    rng.int(2 ** 32);
    expect(rng.position).toBe(2);
  });

  it('different simulation seeds give different streams; the same seed the same one', () => {
    const take = (seed: number) => {
      const r = createSimulationRng(seed);
      return Array.from({ length: 8 }, () => r.nextUint32()).join(',');
    };
    expect(take(1)).toBe(take(1));
    expect(take(1)).not.toBe(take(2));
  });

  it('refuses int(n) outside 1…2^32', () => {
    const rng = createSimulationRng(3);
    expect(() => rng.int(0)).toThrow(RangeError);
    expect(() => rng.int(1.5)).toThrow(RangeError);
    expect(rng.int(1)).toBe(0);
  });
});
