/**
 * Wald–Wolfowitz runs test on the signs of residuals: a line through points that follow a curve
 * leaves long runs of one sign (above, then below, then above). Normal approximation.
 */

/** Standard normal P(Z ≤ z) (Abramowitz & Stegun 7.1.26; error under 1.5e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-x * x);
  return z >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}

export interface RunsTest {
  runs: number;
  expected: number;
  /** P(this few runs or fewer) if the signs were in random order. */
  p: number;
}

/** Null when there are no residuals of one of the signs (zeros are left out). */
export function runsTest(res: readonly number[]): RunsTest | null {
  const signs = res.filter((r) => r !== 0).map((r) => r > 0);
  const pos = signs.filter(Boolean).length;
  const neg = signs.length - pos;
  if (pos === 0 || neg === 0) return null;
  let runs = 1;
  for (let i = 1; i < signs.length; i++) if (signs[i] !== signs[i - 1]) runs++;
  const n = pos + neg;
  const expected = (2 * pos * neg) / n + 1;
  const variance = (2 * pos * neg * (2 * pos * neg - n)) / (n * n * (n - 1));
  // Continuity correction: runs are whole numbers.
  const z = variance > 0 ? (runs + 0.5 - expected) / Math.sqrt(variance) : 0;
  return { runs, expected, p: normalCdf(z) };
}
