/**
 * Video slots: one engine, 5 reels × 3 rows, 20 fixed paylines, a wild that substitutes for every
 * paying symbol except the scatter, and a scatter that pays anywhere and starts free spins. Three
 * math models (low, medium, high volatility) differ only in reel strips, paytable and the
 * free-spins award/multiplier; catalogue themes only dress the abstract symbol ids.
 *
 * Exact figures (no simulation): every reel stop is uniform and reels are independent, so the
 * symbol in any row of reel i has the strip's symbol frequencies and a payline's expected pay is a
 * sum over the 10^5 symbol 5-tuples. The scatter count comes from enumerating every window of
 * every reel. Free spins use the base strips, so one spin's expected units E and the expected
 * number of spins it awards R are the same in the feature; a trigger therefore yields
 * F/(1 − R) spins on average (geometric retriggers, F = expected award given a trigger) and
 * RTP = E·(1 + M·R/(1 − R)) / lines.
 */
import {
  GameInputError,
  mulDivFloor,
  parseAmountBet,
  type BetLimits,
  type GameModel,
  type ModelFigures,
  type RoundStep,
  payDecidedWin,
} from '../model.ts';
import type { Rng } from '../rng.ts';

export const REELS = 5;
export const ROWS = 3;

/** Symbol ids. Themes map them to pictures; the client reads roles from `describe().rules.symbols`. */
export const WILD = 0;
export const SCATTER = 1;
export const SYMBOL_COUNT = 12;

/** Row (0 = top) of each reel, per payline. */
export const PAYLINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 2, 1, 0, 1],
  [1, 0, 1, 2, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 0, 2, 0, 0],
  [2, 2, 0, 2, 2],
  [0, 2, 2, 2, 0],
];
export const LINES = PAYLINES.length;

export interface SlotMathConfig {
  id: 'slot-low' | 'slot-medium' | 'slot-high';
  volatility: 'low' | 'medium' | 'high';
  /** Symbol counts per reel, indexed by symbol id; the strip is laid out from them by `layStrip`. */
  reelCounts: readonly (readonly number[])[];
  /** Line pays in line-bet multiples for 3, 4 and 5 of a kind, per symbol id (scatter row unused). */
  pays: readonly (readonly [number, number, number])[];
  /** Scatter pays in total-bet multiples for 3, 4, 5 scatters anywhere. */
  scatterPays: readonly [number, number, number];
  /** Free spins awarded by 3, 4, 5 scatters (in the base game and, as retriggers, in the feature). */
  freeSpins: readonly [number, number, number];
  /** Multiplier on every free-spin win. */
  freeSpinMultiplier: number;
  /** Longest run of one symbol laid on a strip (see `layStrip`). */
  stack: number;
}

// Paytables are in line-bet multiples; ids: 0 wild, 1 scatter, 2–5 high symbols, 6–11 low symbols.
const sameOnEveryReel = (counts: number[]) => Array.from({ length: REELS }, () => counts);

const LOW: SlotMathConfig = {
  id: 'slot-low',
  volatility: 'low',
  reelCounts: sameOnEveryReel([3, 2, 3, 4, 4, 5, 6, 6, 7, 7, 0, 0]),
  pays: [
    [50, 200, 1000],
    [0, 0, 0],
    [30, 100, 400],
    [25, 75, 300],
    [20, 60, 200],
    [15, 50, 150],
    [10, 25, 75],
    [9, 20, 60],
    [8, 15, 50],
    [7, 12, 40],
    [0, 0, 0],
    [0, 0, 0],
  ],
  scatterPays: [2, 10, 50],
  freeSpins: [8, 10, 15],
  freeSpinMultiplier: 1,
  stack: 1,
};

const MEDIUM: SlotMathConfig = {
  id: 'slot-medium',
  volatility: 'medium',
  reelCounts: sameOnEveryReel([2, 2, 3, 3, 4, 4, 5, 6, 6, 7, 7, 7]),
  pays: [
    [200, 1000, 5000],
    [0, 0, 0],
    [100, 400, 2000],
    [70, 250, 1000],
    [50, 200, 750],
    [40, 150, 500],
    [25, 75, 200],
    [20, 50, 150],
    [15, 40, 150],
    [15, 35, 100],
    [15, 30, 90],
    [15, 30, 90],
  ],
  scatterPays: [2, 10, 100],
  freeSpins: [10, 12, 20],
  freeSpinMultiplier: 2,
  stack: 1,
};

const HIGH: SlotMathConfig = {
  id: 'slot-high',
  volatility: 'high',
  reelCounts: sameOnEveryReel([2, 2, 3, 3, 4, 4, 6, 6, 7, 7, 8, 8]),
  pays: [
    [250, 2500, 10000],
    [0, 0, 0],
    [100, 750, 5000],
    [75, 400, 2500],
    [50, 250, 1000],
    [40, 150, 600],
    [20, 60, 200],
    [15, 50, 150],
    [15, 40, 120],
    [12, 30, 100],
    [10, 25, 80],
    [10, 25, 80],
  ],
  scatterPays: [3, 20, 200],
  freeSpins: [12, 15, 25],
  freeSpinMultiplier: 3,
  stack: 2,
};

export const SLOT_CONFIGS: Record<SlotMathConfig['id'], SlotMathConfig> = {
  'slot-low': LOW,
  'slot-medium': MEDIUM,
  'slot-high': HIGH,
};

/**
 * Lays out a reel strip from symbol counts deterministically: every non-scatter symbol in blocks
 * of up to `stack` equal symbols, blocks spread by their ideal fractional positions so equal
 * symbols do not clump beyond their stacks, then scatters evenly spaced (at most one per 3-row
 * window, which the scatter analysis checks rather than assumes). Stacks change no line's
 * expected pay (that depends on symbol frequencies only) but make wins arrive several lines at a
 * time: fewer, larger wins, which is what volatility means here.
 */
export function layStrip(counts: readonly number[], stack: number): number[] {
  const length = counts.reduce((a, b) => a + b, 0);
  const blocks: { key: number; symbol: number; size: number }[] = [];
  counts.forEach((count, symbol) => {
    if (symbol === SCATTER || count === 0) return;
    const n = Math.ceil(count / stack);
    for (let j = 0; j < n; j++) {
      const size = Math.floor(((j + 1) * count) / n) - Math.floor((j * count) / n);
      blocks.push({ key: (j + 0.5 + symbol / (SYMBOL_COUNT + 1)) / n, symbol, size });
    }
  });
  blocks.sort((a, b) => a.key - b.key || a.symbol - b.symbol);
  const sequence = blocks.flatMap((b) => new Array<number>(b.size).fill(b.symbol));
  const strip: number[] = new Array<number>(length).fill(-1);
  const scatters = counts[SCATTER] ?? 0;
  for (let i = 0; i < scatters; i++) strip[Math.floor(((i + 0.5) * length) / scatters)] = SCATTER;
  let next = 0;
  for (let i = 0; i < length; i++) if (strip[i] === -1) strip[i] = sequence[next++]!;
  return strip;
}

// ---------------------------------------------------------------------------------------------
// Evaluation shared by play and simulation

/** A compiled model: strips, flat window table and pay lookup tables for the hot loop. */
export class SlotMachine {
  readonly strips: number[][];
  readonly lengths: Int32Array;
  /** windows[reel][stop * 3 + row] = symbol. */
  readonly windows: Int8Array[];
  /** Scatters visible per reel and stop. */
  readonly scatterCount: Int8Array[];
  /** payTable[symbol * 6 + count] = line pay (count 0–5). */
  private readonly payTable: Int32Array;
  private readonly lineRows: Int8Array;
  private readonly scatterUnits: Int32Array;
  private readonly awards: Int32Array;
  /** Per-line results of the last `evaluate` call (symbol, count, pay), for building round state. */
  readonly lastLineSymbol = new Int8Array(LINES);
  readonly lastLineCount = new Int8Array(LINES);
  readonly lastLinePay = new Int32Array(LINES);
  lastScatters = 0;
  private figures: ModelFigures | null = null;

  constructor(readonly config: SlotMathConfig) {
    this.strips = config.reelCounts.map((counts) => layStrip(counts, config.stack));
    this.lengths = Int32Array.from(this.strips, (s) => s.length);
    this.windows = this.strips.map((strip) => {
      const w = new Int8Array(strip.length * ROWS);
      for (let stop = 0; stop < strip.length; stop++)
        for (let r = 0; r < ROWS; r++) w[stop * ROWS + r] = strip[(stop + r) % strip.length]!;
      return w;
    });
    this.scatterCount = this.windows.map((w) => {
      const out = new Int8Array(w.length / ROWS);
      for (let stop = 0; stop < out.length; stop++)
        for (let r = 0; r < ROWS; r++) if (w[stop * ROWS + r] === SCATTER) out[stop]!++;
      return out;
    });
    this.payTable = new Int32Array(SYMBOL_COUNT * 6);
    config.pays.forEach((p, symbol) => {
      if (symbol === SCATTER) return;
      for (let n = 3; n <= 5; n++) this.payTable[symbol * 6 + n] = p[n - 3]!;
    });
    this.lineRows = Int8Array.from(PAYLINES.flat());
    this.scatterUnits = new Int32Array(REELS * ROWS + 1);
    this.awards = new Int32Array(REELS * ROWS + 1);
    for (let k = 3; k <= REELS * ROWS; k++) {
      const i = Math.min(k, 5) - 3;
      this.scatterUnits[k] = config.scatterPays[i]! * LINES;
      this.awards[k] = config.freeSpins[i]!;
    }
  }

  /** Pay of one line given its five symbols: the better of the wild run and the substituted run. */
  linePay(s0: number, s1: number, s2: number, s3: number, s4: number): number {
    return this.lineResult(s0, s1, s2, s3, s4) >> 8;
  }

  /** (pay << 8) | (count << 4) | symbol, or 0 when the line does not pay. */
  private lineResult(s0: number, s1: number, s2: number, s3: number, s4: number): number {
    const pt = this.payTable;
    // Wild run length.
    let w = 0;
    if (s0 === WILD) {
      w = 1;
      if (s1 === WILD) {
        w = 2;
        if (s2 === WILD) {
          w = 3;
          if (s3 === WILD) {
            w = 4;
            if (s4 === WILD) w = 5;
          }
        }
      }
    }
    const wildPay = pt[w]!;
    if (w === 5) return (wildPay << 8) | (5 << 4) | WILD;
    // The first non-wild symbol decides what the wilds stand for; a scatter ends the line.
    const t = w === 0 ? s0 : w === 1 ? s1 : w === 2 ? s2 : w === 3 ? s3 : s4;
    if (t === SCATTER) return wildPay > 0 ? (wildPay << 8) | (w << 4) | WILD : 0;
    let n = w + 1;
    while (n < 5) {
      const x = n === 1 ? s1 : n === 2 ? s2 : n === 3 ? s3 : s4;
      if (x !== t && x !== WILD) break;
      n++;
    }
    const symPay = pt[t * 6 + n]!;
    if (symPay >= wildPay) return symPay > 0 ? (symPay << 8) | (n << 4) | t : 0;
    return (wildPay << 8) | (w << 4) | WILD;
  }

  /**
   * Line units (line-bet multiples, before any free-spin multiplier) plus scatter units of the
   * window at these stops. Fills lastLine* and lastScatters. No allocation: the simulation calls
   * this millions of times a second.
   */
  evaluate(st0: number, st1: number, st2: number, st3: number, st4: number): number {
    const w0 = this.windows[0]!;
    const w1 = this.windows[1]!;
    const w2 = this.windows[2]!;
    const w3 = this.windows[3]!;
    const w4 = this.windows[4]!;
    const b0 = st0 * ROWS;
    const b1 = st1 * ROWS;
    const b2 = st2 * ROWS;
    const b3 = st3 * ROWS;
    const b4 = st4 * ROWS;
    const rows = this.lineRows;
    let units = 0;
    for (let l = 0; l < LINES; l++) {
      const o = l * 5;
      const a = w0[b0 + rows[o]!]!;
      const b = w1[b1 + rows[o + 1]!]!;
      const c = w2[b2 + rows[o + 2]!]!;
      // Every pay needs three in a row: most lines are decided by their first three cells.
      if (a !== WILD && a !== SCATTER && b !== a && b !== WILD) {
        this.lastLinePay[l] = 0;
        continue;
      }
      const r = this.lineResult(a, b, c, w3[b3 + rows[o + 3]!]!, w4[b4 + rows[o + 4]!]!);
      const pay = r >> 8;
      this.lastLinePay[l] = pay;
      this.lastLineCount[l] = (r >> 4) & 15;
      this.lastLineSymbol[l] = r & 15;
      units += pay;
    }
    const scatters =
      this.scatterCount[0]![st0]! +
      this.scatterCount[1]![st1]! +
      this.scatterCount[2]![st2]! +
      this.scatterCount[3]![st3]! +
      this.scatterCount[4]![st4]!;
    this.lastScatters = scatters;
    return units + this.scatterUnits[scatters]!;
  }

  freeSpinsFor(scatters: number): number {
    return this.awards[scatters]!;
  }

  /**
   * Plays `n` paid rounds (each with its free spins) and returns the sum and sum of squares of the
   * round return (win / stake, unfloored) and the number of paying rounds: the RTP script's fast
   * path, sharing `evaluate` with real play.
   */
  simulate(n: number, rng: Rng): { sum: number; sumSq: number; hits: number } {
    const L0 = this.lengths[0]!;
    const L1 = this.lengths[1]!;
    const L2 = this.lengths[2]!;
    const L3 = this.lengths[3]!;
    const L4 = this.lengths[4]!;
    const mult = this.config.freeSpinMultiplier;
    let sum = 0;
    let sumSq = 0;
    let hits = 0;
    for (let i = 0; i < n; i++) {
      let units = this.evaluate(rng.int(L0), rng.int(L1), rng.int(L2), rng.int(L3), rng.int(L4));
      let pending = this.awards[this.lastScatters]!;
      while (pending > 0) {
        pending--;
        units += mult * this.evaluate(rng.int(L0), rng.int(L1), rng.int(L2), rng.int(L3), rng.int(L4));
        pending += this.awards[this.lastScatters]!;
      }
      if (units > 0) {
        hits++;
        const r = units / LINES;
        sum += r;
        sumSq += r * r;
      }
    }
    return { sum, sumSq, hits };
  }

  /** Exact RTP, hit rate and largest one-spin multiple (see the module comment). */
  describeFigures(): ModelFigures {
    if (this.figures) return this.figures;
    const c = this.config;
    const probs = c.reelCounts.map((counts) => {
      const total = counts.reduce((a, b) => a + b, 0);
      return counts.map((x) => x / total);
    });
    // Expected line pay over all symbol 5-tuples.
    let lineEv = 0;
    const p = probs;
    for (let a = 0; a < SYMBOL_COUNT; a++) {
      const pa = p[0]![a]!;
      if (pa === 0) continue;
      for (let b = 0; b < SYMBOL_COUNT; b++) {
        const pab = pa * p[1]![b]!;
        if (pab === 0) continue;
        for (let cc = 0; cc < SYMBOL_COUNT; cc++) {
          const pabc = pab * p[2]![cc]!;
          if (pabc === 0) continue;
          for (let d = 0; d < SYMBOL_COUNT; d++) {
            const pabcd = pabc * p[3]![d]!;
            if (pabcd === 0) continue;
            for (let e = 0; e < SYMBOL_COUNT; e++) {
              const pay = this.linePay(a, b, cc, d, e);
              if (pay) lineEv += pabcd * p[4]![e]! * pay;
            }
          }
        }
      }
    }
    const scatterDist = this.scatterDistribution();
    let scatterEv = 0;
    let retriggerRate = 0;
    let maxScatterUnits = 0;
    scatterDist.forEach((prob, k) => {
      scatterEv += prob * this.scatterUnits[k]!;
      retriggerRate += prob * this.awards[k]!;
      if (prob > 0) maxScatterUnits = Math.max(maxScatterUnits, this.scatterUnits[k]!);
    });
    const spinEv = LINES * lineEv + scatterEv;
    const rtp = (spinEv * (1 + (c.freeSpinMultiplier * retriggerRate) / (1 - retriggerRate))) / LINES;
    this.figures = {
      rtp,
      hitRate: this.exactHitRate(),
      maxMultiplier: (this.maxSpinUnits() * c.freeSpinMultiplier) / LINES,
      rules: this.rules({ lineEv, scatterEv, retriggerRate }),
    };
    return this.figures;
  }

  /** P(k scatters visible) from every window of every reel (not assuming one per window). */
  scatterDistribution(): number[] {
    let dist = [1];
    for (const counts of this.scatterCount) {
      const perReel = [0, 0, 0, 0];
      for (let s = 0; s < counts.length; s++) perReel[counts[s]!]! += 1 / counts.length;
      const next = new Array<number>(dist.length + 3).fill(0);
      dist.forEach((pd, k) => perReel.forEach((pr, j) => (next[k + j]! += pd * pr)));
      dist = next;
    }
    return dist;
  }

  /**
   * P(a spin pays anything). Every line pay needs three of a kind from reel 1, so whether a line
   * pays is decided by reels 1–3; the rest of the chance comes from 3+ scatters, and the scatter
   * count of reels 4–5 is independent of reels 1–3. Enumerating reels 1–3 stops is exact.
   */
  private exactHitRate(): number {
    // Scatter count distribution of reels 4 and 5 alone.
    const tail = [0, 0, 0, 0, 0, 0, 0];
    const [c3, c4] = [this.scatterCount[3]!, this.scatterCount[4]!];
    for (let a = 0; a < c3.length; a++)
      for (let b = 0; b < c4.length; b++) tail[c3[a]! + c4[b]!]! += 1 / (c3.length * c4.length);
    const atLeast = (k: number) => tail.reduce((acc, pr, j) => (j >= k ? acc + pr : acc), 0);
    const [L0, L1, L2] = [this.lengths[0]!, this.lengths[1]!, this.lengths[2]!];
    const rows = this.lineRows;
    let hit = 0;
    for (let s0 = 0; s0 < L0; s0++)
      for (let s1 = 0; s1 < L1; s1++)
        for (let s2 = 0; s2 < L2; s2++) {
          let lineHit = false;
          for (let l = 0; l < LINES && !lineHit; l++) {
            const a = this.windows[0]![s0 * ROWS + rows[l * 5]!]!;
            const b = this.windows[1]![s1 * ROWS + rows[l * 5 + 1]!]!;
            const cc = this.windows[2]![s2 * ROWS + rows[l * 5 + 2]!]!;
            // Reels 4–5 cannot undo a three-of-a-kind, so a zero pay with two arbitrary blanks
            // (symbol ids that never continue the run) decides it.
            lineHit = this.linePay(a, b, cc, SCATTER, SCATTER) > 0;
          }
          if (lineHit) hit += 1;
          else {
            const c = this.scatterCount[0]![s0]! + this.scatterCount[1]![s1]! + this.scatterCount[2]![s2]!;
            hit += atLeast(3 - c);
          }
        }
    return hit / (L0 * L1 * L2);
  }

  /**
   * The largest units of one spin (before the free-spin multiplier), found exactly by a pruned
   * exhaustive search: for each stop of reels 1–3 an upper bound (each line's best pay over any
   * two further symbols, plus the best scatter pay reachable) skips most combinations; survivors
   * are checked against every stop of reels 4–5.
   */
  maxSpinUnits(): number {
    const S = SYMBOL_COUNT;
    const bestTail = new Int32Array(S * S * S);
    for (let a = 0; a < S; a++)
      for (let b = 0; b < S; b++)
        for (let c = 0; c < S; c++) {
          let m = 0;
          for (let d = 0; d < S; d++) for (let e = 0; e < S; e++) m = Math.max(m, this.linePay(a, b, c, d, e));
          bestTail[(a * S + b) * S + c] = m;
        }
    const maxTailScatters = Math.max(...this.scatterCount[3]!) + Math.max(...this.scatterCount[4]!);
    const [L0, L1, L2, L3, L4] = Array.from(this.lengths) as [number, number, number, number, number];
    const rows = this.lineRows;
    let best = 0;
    for (let s0 = 0; s0 < L0; s0++)
      for (let s1 = 0; s1 < L1; s1++)
        for (let s2 = 0; s2 < L2; s2++) {
          let bound =
            this.scatterUnits[
              this.scatterCount[0]![s0]! + this.scatterCount[1]![s1]! + this.scatterCount[2]![s2]! + maxTailScatters
            ]!;
          for (let l = 0; l < LINES; l++) {
            const a = this.windows[0]![s0 * ROWS + rows[l * 5]!]!;
            const b = this.windows[1]![s1 * ROWS + rows[l * 5 + 1]!]!;
            const c = this.windows[2]![s2 * ROWS + rows[l * 5 + 2]!]!;
            bound += bestTail[(a * S + b) * S + c]!;
          }
          if (bound <= best) continue;
          for (let s3 = 0; s3 < L3; s3++)
            for (let s4 = 0; s4 < L4; s4++) {
              const u = this.evaluate(s0, s1, s2, s3, s4);
              if (u > best) best = u;
            }
        }
    return best;
  }

  rules(extra?: { lineEv: number; scatterEv: number; retriggerRate: number }): SlotRules {
    const c = this.config;
    return {
      engine: c.id,
      volatility: c.volatility,
      reels: REELS,
      rows: ROWS,
      lines: LINES,
      paylines: PAYLINES.map((l) => [...l]),
      strips: this.strips.map((s) => [...s]),
      // Only the symbols this model's strips carry.
      symbols: Array.from({ length: SYMBOL_COUNT }, (_, id) => id)
        .filter((id) => c.reelCounts.some((counts) => (counts[id] ?? 0) > 0))
        .map((id) => ({
          id,
          role:
            id === WILD
              ? ('wild' as const)
              : id === SCATTER
                ? ('scatter' as const)
                : id <= 5
                  ? ('high' as const)
                  : ('low' as const),
          pays: id === SCATTER ? null : [...c.pays[id]!],
        })),
      scatterPays: [...c.scatterPays],
      freeSpins: [...c.freeSpins],
      freeSpinMultiplier: c.freeSpinMultiplier,
      ...(extra ? { analysis: extra } : {}),
    };
  }
}

/** Everything a client needs to draw and explain a slot (ids only; the theme picks the art). */
export interface SlotRules {
  engine: string;
  volatility: string;
  reels: number;
  rows: number;
  lines: number;
  /** Row (0 = top) per reel, per payline; line i is `paylines[i]`. */
  paylines: number[][];
  /** Symbol ids per reel strip; the window of stop s shows strip[s], strip[s+1], strip[s+2] (wrapping). */
  strips: number[][];
  /** `pays` = line-bet multiples for 3, 4, 5 of a kind; line bet = total bet / lines. */
  symbols: { id: number; role: 'wild' | 'scatter' | 'high' | 'low'; pays: number[] | null }[];
  /** Total-bet multiples for 3, 4, 5+ scatters anywhere. */
  scatterPays: number[];
  /** Free spins for 3, 4, 5+ scatters; retriggers during free spins add the same. */
  freeSpins: number[];
  freeSpinMultiplier: number;
  analysis?: { lineEv: number; scatterEv: number; retriggerRate: number };
}

// ---------------------------------------------------------------------------------------------
// Rounds

export interface SlotBet {
  /** Total stake of one spin, minor units (line bet = amount / 20, wins floored once per round). */
  amount: number;
}

export interface SlotLineWin {
  line: number;
  symbol: number;
  count: number;
  /** Line-bet multiples (before the free-spin multiplier). */
  pay: number;
}

export interface SlotSpin {
  kind: 'paid' | 'free';
  /** Stop per reel; the window is strips[reel][stop + row]. */
  stops: number[];
  /** 5 × 3 symbols, reel-major: window[reel][row]. */
  window: number[][];
  lineWins: SlotLineWin[];
  scatters: number;
  /** Scatter pay in line-bet multiples (total-bet multiple × lines). */
  scatterPay: number;
  /** Free spins this spin awarded. */
  freeSpinsAwarded: number;
  multiplier: number;
  /** (line pays + scatter pay) × multiplier, in line-bet multiples. */
  units: number;
}

/** Round state = view: nothing is hidden, the whole round is decided at `open`. */
export interface SlotState {
  engine: string;
  bet: SlotBet;
  spins: SlotSpin[];
  /** Free spins played in this round (awarded + retriggered). */
  freeSpinsPlayed: number;
  totalUnits: number;
  win: number;
}

export interface SlotModel extends GameModel<SlotBet, SlotState, never> {
  machine: SlotMachine;
  /** A round of `count` awarded free spins at `bet` (bonus issue): no paid spin, retriggers apply. */
  openFreeSpins(bet: SlotBet, count: number, rng: Rng): RoundStep<SlotState>;
}

function playSpin(machine: SlotMachine, rng: Rng, kind: 'paid' | 'free'): SlotSpin {
  const stops = Array.from(machine.lengths, (len) => rng.int(len));
  const raw = machine.evaluate(stops[0]!, stops[1]!, stops[2]!, stops[3]!, stops[4]!);
  const lineWins: SlotLineWin[] = [];
  for (let l = 0; l < LINES; l++) {
    const pay = machine.lastLinePay[l]!;
    if (pay > 0) lineWins.push({ line: l, symbol: machine.lastLineSymbol[l]!, count: machine.lastLineCount[l]!, pay });
  }
  const scatters = machine.lastScatters;
  const linesTotal = lineWins.reduce((a, w) => a + w.pay, 0);
  const multiplier = kind === 'free' ? machine.config.freeSpinMultiplier : 1;
  return {
    kind,
    stops,
    window: stops.map((s, reel) => [0, 1, 2].map((r) => machine.windows[reel]![s * ROWS + r]!)),
    lineWins,
    scatters,
    scatterPay: raw - linesTotal,
    freeSpinsAwarded: machine.freeSpinsFor(scatters),
    multiplier,
    units: raw * multiplier,
  };
}

function playRound(
  machine: SlotMachine,
  engine: string,
  bet: SlotBet,
  rng: Rng,
  paid: boolean,
  awarded: number,
): RoundStep<SlotState> {
  const spins: SlotSpin[] = [];
  let pending = awarded;
  if (paid) {
    const first = playSpin(machine, rng, 'paid');
    spins.push(first);
    pending += first.freeSpinsAwarded;
  }
  let freeSpinsPlayed = 0;
  while (pending > 0) {
    pending--;
    freeSpinsPlayed++;
    const spin = playSpin(machine, rng, 'free');
    spins.push(spin);
    pending += spin.freeSpinsAwarded;
  }
  const totalUnits = spins.reduce((a, s) => a + s.units, 0);
  const win = mulDivFloor(bet.amount, totalUnits, LINES);
  return {
    state: { engine, bet, spins, freeSpinsPlayed, totalUnits, win },
    finished: true,
    stake: paid ? bet.amount : 0,
    win,
  };
}

const machines = new Map<string, SlotMachine>();

export function slotMachine(id: SlotMathConfig['id']): SlotMachine {
  let m = machines.get(id);
  if (!m) {
    m = new SlotMachine(SLOT_CONFIGS[id]);
    machines.set(id, m);
  }
  return m;
}

export function createSlotModel(id: SlotMathConfig['id']): SlotModel {
  const machine = slotMachine(id);
  return {
    id,
    machine,
    parseBet(input: unknown, limits: BetLimits): SlotBet {
      return parseAmountBet(input, limits);
    },
    open(bet: SlotBet, rng: Rng) {
      return playRound(machine, id, bet, rng, true, 0);
    },
    openFreeSpins(bet: SlotBet, count: number, rng: Rng) {
      if (!Number.isSafeInteger(count) || count < 1)
        throw new GameInputError('invalid_bet', 'count must be a positive integer');
      return playRound(machine, id, bet, rng, false, count);
    },
    abandon: payDecidedWin,
    view(state: SlotState) {
      return state;
    },
    describe() {
      return machine.describeFigures();
    },
  };
}
