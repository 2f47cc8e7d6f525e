/** Test helper: the 99 % confidence check of docs/reliability.md#g5-exact-rtp, |r̄ − μ| ≤ 2.576·σ/√N. */
export function insideCi(
  sum: number,
  sumSq: number,
  n: number,
  mu: number,
): { mean: number; halfWidth: number; inside: boolean } {
  const mean = sum / n;
  const sd = Math.sqrt(Math.max(0, sumSq / n - mean * mean));
  const halfWidth = (2.576 * sd) / Math.sqrt(n);
  return { mean, halfWidth, inside: Math.abs(mean - mu) <= halfWidth };
}
