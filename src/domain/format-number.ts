/**
 * Numbers as the app writes them everywhere (English digits, `,` between thousands, at most three
 * decimals): what `toLocaleString('en-US')` gives, without Intl. A page's first Intl.NumberFormat
 * loads ICU's number data, 20–80 ms of main thread on the build machine, and the chart views then
 * never need it.
 */
export function formatNumber(v: number): string {
  const a = Math.abs(v);
  const sign = v < 0 ? '-' : '';
  // Below 1e-6 the shortest form has an exponent and rounds to 0 at three decimals; from 1e21 on
  // (and for NaN and infinities) it is left as JavaScript writes it: no count or axis gets there.
  if (a < 1e-6) return `${sign}0`;
  if (!(a < 1e21)) return String(v);
  // Intl rounds the shortest decimal form (1.0005 → 1.001), half away from zero, not the double's
  // exact value (1.000499…): shifting the digits through a string does the same.
  // (Whole numbers skip it: beyond 2^53 / 1000 the shift would lose digits.)
  const shown = Number.isInteger(a) ? a : Math.round(Number(`${a}e3`)) / 1000;
  const [int, frac = ''] = String(shown).split('.') as [string, string?];
  return `${sign}${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${frac ? `.${frac}` : ''}`;
}

/** uPlot's `values` for a numeric axis, in the app's number format. */
export function numberAxisValues(_u: unknown, splits: ReadonlyArray<number | null | undefined>): string[] {
  return splits.map((v) => (v === null || v === undefined ? '' : formatNumber(v)));
}
