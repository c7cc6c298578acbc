/** Ordinary least squares of y on x, with the sums the forecast's checks and interval need. */

export interface LineFit {
  n: number;
  /** Means of x and y; x is measured from `x0`, to keep unix-second squares precise. */
  x0: number;
  xbar: number;
  ybar: number;
  sxx: number;
  sxy: number;
  syy: number;
  slope: number;
  /** y = ybar + slope × (x − x0 − xbar). */
  sse: number;
  r2: number;
}

/** The line through the points of (xs, ys) with x in [from, to]; null with fewer than 3 points or one x. */
export function fitLine(xs: ArrayLike<number>, ys: ArrayLike<number>, from = -Infinity, to = Infinity): LineFit | null {
  const x0 = Number.isFinite(from) ? from : (xs[0] ?? 0);
  let n = 0;
  let sx = 0;
  let sy = 0;
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i]!;
    const y = ys[i]!;
    if (x < from || x > to || !Number.isFinite(y)) continue;
    n++;
    sx += x - x0;
    sy += y;
  }
  if (n < 3) return null;
  const xbar = sx / n;
  const ybar = sy / n;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i]!;
    const y = ys[i]!;
    if (x < from || x > to || !Number.isFinite(y)) continue;
    const dx = x - x0 - xbar;
    const dy = y - ybar;
    sxx += dx * dx;
    sxy += dx * dy;
    syy += dy * dy;
  }
  if (sxx === 0) return null;
  const slope = sxy / sxx;
  const sse = Math.max(0, syy - slope * sxy);
  return { n, x0, xbar, ybar, sxx, sxy, syy, slope, sse, r2: syy > 0 ? 1 - sse / syy : 1 };
}

/** The fitted y at x. */
export function lineAt(f: LineFit, x: number): number {
  return f.ybar + f.slope * (x - f.x0 - f.xbar);
}

/** Residuals in x order of the points inside [from, to]. */
export function residuals(
  f: LineFit,
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  from: number,
  to: number,
): number[] {
  const out: number[] = [];
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i]!;
    const y = ys[i]!;
    if (x < from || x > to || !Number.isFinite(y)) continue;
    out.push(y - lineAt(f, x));
  }
  return out;
}
