/**
 * Sums of RSAM without binary-float noise. The service writes counts as decimals (`335.87`); a
 * double cannot hold most of them exactly, so adding them as doubles drifts (`104944.79999999999`
 * where the decimal sum is 104944.8), and a prefix-sum difference over a year of windows loses
 * digits outright. Scaled to integers (33587 hundredths) the same sums are exact, and the one
 * division at the end gives the double nearest the decimal result, which prints as that decimal.
 */

/** Decimals beyond this are not the service writing counts: such values are summed as doubles. */
const MAX_DECIMALS = 6;
const POW10 = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000];

/** The fewest decimals (≤ 6) that write `v` exactly as JavaScript writes it, or -1. */
function decimalsOf(v: number, from: number): number {
  for (let d = from; d <= MAX_DECIMALS; d++) if (Math.round(v * POW10[d]!) / POW10[d]! === v) return d;
  return -1;
}

/**
 * 10^d for the fewest decimals d that write every finite value of `values` exactly, when sums of
 * up to `terms` values, each times `weight`, stay exact as integers; null otherwise.
 */
export function decimalScale(values: ArrayLike<number>, weight = 1, terms = values.length): number | null {
  let d = 0;
  let max = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (!Number.isFinite(v)) continue;
    d = decimalsOf(v, d);
    if (d < 0) return null;
    const a = Math.abs(v);
    if (a > max) max = a;
  }
  const scale = POW10[d]!;
  return max * scale * Math.abs(weight) * Math.max(1, terms) < Number.MAX_SAFE_INTEGER ? scale : null;
}

/**
 * Running sums of `values[i] × weight` (NaN adds nothing): exact decimals when `decimalScale`
 * allows, else compensated (Neumaier) double sums.
 */
export function runningSums(values: ArrayLike<number>, weight = 1): Float64Array {
  const n = values.length;
  const out = new Float64Array(n);
  const scale = decimalScale(values, weight);
  if (scale !== null) {
    let sum = 0;
    for (let i = 0; i < n; i++) {
      const v = values[i]!;
      if (Number.isFinite(v)) sum += Math.round(v * scale) * weight;
      out[i] = sum / scale;
    }
    return out;
  }
  let sum = 0;
  let c = 0;
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    if (Number.isFinite(v)) {
      const x = v * weight;
      const t = sum + x;
      c += Math.abs(sum) >= Math.abs(x) ? sum - t + x : x - t + sum;
      sum = t;
    }
    out[i] = sum + c;
  }
  return out;
}

/** Mean of the finite values of `values[from..to)`: the double nearest the decimal mean when exact. */
export function exactMean(values: ArrayLike<number>, from: number, to: number): number {
  const part = (Array.prototype.slice.call(values, from, to) as number[]).filter((v) => Number.isFinite(v));
  if (part.length === 0) return Number.NaN;
  const scale = decimalScale(part);
  if (scale === null) return runningSums(part)[part.length - 1]! / part.length;
  let sum = 0;
  for (const v of part) sum += Math.round(v * scale);
  return sum / (part.length * scale);
}
