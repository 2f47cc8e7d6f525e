/**
 * The random stream every model draws from. Models never see where the words come from: in play
 * it is the provably-fair HMAC stream (provably-fair.ts), in simulations a fast seeded PRNG.
 */

export interface Rng {
  /** The next 32-bit word, as an unsigned integer in [0, 2^32). */
  nextUint32(): number;
  /** One word as a float in [0, 1): b0/256 + b1/256² + b2/256³ + b3/256⁴ (Stake's byte-to-float). */
  float(): number;
  /** A uniform integer in [0, n), 1 ≤ n ≤ 2^32, by rejection sampling (never `% n` bias). */
  int(n: number): number;
  /** Words consumed so far; a host resumes a multi-step round by starting the next step here. */
  readonly position: number;
}

const TWO_32 = 0x100000000;

/**
 * Maps one uniform word to [0, n) without bias, or returns -1 when the word falls in the
 * rejection zone. Accepted words split into n buckets of exactly floor(2^32 / n) words each, so
 * every outcome has the same pre-image count; a word is rejected with probability
 * (2^32 mod n) / 2^32 < n / 2^32. `range` is the word space size: 2^32 in play; tests pass smaller
 * spaces to count pre-images exhaustively with this same code.
 */
export function uniformFromWord(word: number, n: number, range: number = TWO_32): number {
  const bucket = Math.floor(range / n);
  if (word >= bucket * n) return -1;
  return Math.floor(word / bucket);
}

/** Common float/int logic over any source of 32-bit words. */
export abstract class WordRng implements Rng {
  protected consumed = 0;

  get position(): number {
    return this.consumed;
  }

  protected abstract word(): number;

  nextUint32(): number {
    this.consumed++;
    return this.word();
  }

  float(): number {
    return this.nextUint32() / TWO_32;
  }

  int(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > TWO_32)
      throw new RangeError(`int(n) needs an integer 1 ≤ n ≤ 2^32, got ${n}`);
    if (n === 1) return 0;
    for (;;) {
      const v = uniformFromWord(this.nextUint32(), n);
      if (v >= 0) return v;
    }
  }
}

/**
 * xoshiro128** (Blackman & Vigna): fast, 2^128 − 1 period, for simulations and RTP measurement
 * only. Never for real play: its state is recoverable from its output.
 */
export class Xoshiro128 extends WordRng {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;

  constructor(seed: number) {
    super();
    // splitmix32 spreads one seed over the four state words (an all-zero state would be stuck).
    let x = seed >>> 0;
    const next = () => {
      x = (x + 0x9e3779b9) | 0;
      let z = x;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.s0 = next();
    this.s1 = next();
    this.s2 = next();
    this.s3 = next();
  }

  protected word(): number {
    const s1 = this.s1;
    const m = Math.imul(s1, 5);
    const result = Math.imul((m << 7) | (m >>> 25), 9) >>> 0;
    const t = s1 << 9;
    this.s2 ^= this.s0;
    this.s3 ^= s1;
    this.s1 ^= this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = (this.s3 << 11) | (this.s3 >>> 21);
    return result;
  }
}

export function createSimulationRng(seed: number): Xoshiro128 {
  return new Xoshiro128(seed);
}

/** Fisher–Yates shuffle of [0, n) driven by `rng.int`: every permutation equally likely. */
export function shuffledRange(n: number, rng: Rng): number[] {
  const out = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = out[i]!;
    out[i] = out[j]!;
    out[j] = t;
  }
  return out;
}
