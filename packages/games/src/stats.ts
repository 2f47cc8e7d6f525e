/**
 * Statistical checks of random outcomes (docs/reliability.md#g3-statistical-tests): chi-square goodness of fit, the
 * Wald–Wolfowitz runs test and lag-1 autocorrelation, each with its p-value or bound at 99 %.
 * Pure functions over counts and samples; `scripts/rng-stats.ts` runs them on 10⁷ outcomes.
 */

/** ln Γ(x) (Lanczos, g = 7): enough precision for p-values. */
function lnGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - lnGamma(1 - x);
  x -= 1;
  let a = c[0]!;
  const t = x + 7.5;
  for (let i = 1; i < 9; i++) a += c[i]! / (x + i);
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
}

/** Upper regularized incomplete gamma Q(s, x) = Γ(s, x)/Γ(s) (series or continued fraction). */
export function gammaQ(s: number, x: number): number {
  if (x <= 0) return 1;
  if (x < s + 1) {
    let sum = 1 / s;
    let term = sum;
    for (let n = 1; n < 10_000; n++) {
      term *= x / (s + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * 1e-15) break;
    }
    return 1 - Math.exp(-x + s * Math.log(x) - lnGamma(s)) * sum;
  }
  let b = x + 1 - s;
  let c = 1 / 1e-300;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 10_000; i++) {
    const an = -i * (i - s);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < 1e-300) d = 1e-300;
    c = b + an / c;
    if (Math.abs(c) < 1e-300) c = 1e-300;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return Math.exp(-x + s * Math.log(x) - lnGamma(s)) * h;
}

/** Chi-square statistic and p-value of observed counts against expected probabilities. */
export function chiSquare(
  counts: readonly number[],
  probabilities: readonly number[],
): { statistic: number; df: number; p: number } {
  const n = counts.reduce((a, b) => a + b, 0);
  let statistic = 0;
  for (let i = 0; i < counts.length; i++) {
    const expected = n * probabilities[i]!;
    statistic += (counts[i]! - expected) ** 2 / expected;
  }
  const df = counts.length - 1;
  return { statistic, df, p: gammaQ(df / 2, statistic / 2) };
}

/** Two-sided normal tail probability P(|Z| ≥ z). */
export function normalTwoSided(z: number): number {
  // Abramowitz–Stegun 7.1.26 for erfc, |error| < 1.5e-7.
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erfc =
    t *
    (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429)))) *
    Math.exp(-x * x);
  return Math.min(1, erfc);
}

/** Runs test above/below 0.5 of samples in [0, 1): z-score and two-sided p-value. */
export function runsTest(samples: readonly number[]): { runs: number; z: number; p: number } {
  let above = 0;
  let runs = 0;
  let last: boolean | null = null;
  for (const s of samples) {
    const up = s >= 0.5;
    if (up) above++;
    if (up !== last) runs++;
    last = up;
  }
  const n1 = above;
  const n2 = samples.length - above;
  const n = n1 + n2;
  const mean = (2 * n1 * n2) / n + 1;
  const variance = (2 * n1 * n2 * (2 * n1 * n2 - n)) / (n * n * (n - 1));
  const z = (runs - mean) / Math.sqrt(variance);
  return { runs, z, p: normalTwoSided(z) };
}

/** Lag-1 autocorrelation r and the 99 % bound 2.576/√N it must stay within. */
export function lag1Autocorrelation(samples: readonly number[]): { r: number; bound: number } {
  const n = samples.length;
  let mean = 0;
  for (const s of samples) mean += s;
  mean /= n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    const d = samples[i]! - mean;
    den += d * d;
    if (i + 1 < n) num += d * (samples[i + 1]! - mean);
  }
  return { r: num / den, bound: 2.576 / Math.sqrt(n) };
}

/** Kolmogorov–Smirnov distance of p-values from the uniform distribution, and its 99 % critical value. */
export function ksUniform(values: readonly number[]): { d: number; critical: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  let d = 0;
  for (let i = 0; i < n; i++) d = Math.max(d, (i + 1) / n - sorted[i]!, sorted[i]! - i / n);
  return { d, critical: 1.628 / Math.sqrt(n) };
}
