/** Test data for the block chart code: minute rows with values from a function, and noise. */
import type { Block } from './blocks';

/** Minute rows from `t0` (unix s), values from `f`; NaN where `gap(i)`. */
export function block(
  t0: number,
  n: number,
  f: (i: number) => number,
  gap: (i: number) => boolean = () => false,
): Block {
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    x[i] = t0 + i * 60;
    y[i] = gap(i) ? Number.NaN : f(i);
  }
  return { x, y };
}

export const noise = (seed: number) => (i: number) => Math.abs(Math.sin(i * 12.9898 + seed) * 43758.5453) % 1000;
