import { displayLocale } from './display-locale';

const intlFormats = new Map<string, Intl.NumberFormat>();

/**
 * `v` in the display language's own number format (Spanish: `12.345,678`), through Intl, with
 * `min` to `max` decimals: one format made per language and decimals.
 */
function intlFormat(v: number, max: number, min = 0): string {
  const locale = displayLocale();
  const key = `${locale}|${min}|${max}`;
  let f = intlFormats.get(key);
  if (!f)
    intlFormats.set(
      key,
      (f = new Intl.NumberFormat(locale, { minimumFractionDigits: min, maximumFractionDigits: max })),
    );
  return f.format(v);
}

/**
 * Numbers as the app writes them on screen, at most three decimals. In English (`,` between
 * thousands) what `toLocaleString('en-US')` gives, without Intl: a page's first Intl.NumberFormat
 * loads ICU's number data, 20–80 ms of main thread on the build machine, and the chart views then
 * never need it. In another language (src/domain/display-locale.ts) through Intl, in that
 * language's way (Spanish: decimal comma, `.` between thousands from 10 000 on, as the RAE and
 * CLDR write them). Files (CSV) never use this: they keep point decimals in every language.
 */
export function formatNumber(v: number): string {
  const a = Math.abs(v);
  const sign = v < 0 ? '-' : '';
  // Below 1e-6 the shortest form has an exponent and rounds to 0 at three decimals; from 1e21 on
  // (and for NaN and infinities) it is left as JavaScript writes it: no count or axis gets there.
  if (a < 1e-6) return `${sign}0`;
  if (!(a < 1e21)) return String(v);
  if (displayLocale() !== 'en') return intlFormat(v, 3);
  // Intl rounds the shortest decimal form (1.0005 → 1.001), half away from zero, not the double's
  // exact value (1.000499…): shifting the digits through a string does the same.
  // (Whole numbers skip it: beyond 2^53 / 1000 the shift would lose digits.)
  const shown = Number.isInteger(a) ? a : Math.round(Number(`${a}e3`)) / 1000;
  return group(String(shown), sign);
}

function group(digits: string, sign: string): string {
  const [int, frac = ''] = digits.split('.') as [string, string?];
  return `${sign}${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${frac ? `.${frac}` : ''}`;
}

/**
 * uPlot's `values` for a numeric axis, in the app's number format, with as many decimals as the
 * tick increment needs (uPlot passes it; log axes step by decade whatever it passes, so the
 * smallest gap between ticks counts too): three decimals wrote ticks 0.0005 apart (an inverse
 * rate) as 0.004, 0.004, 0.005, so distinct ticks read alike.
 */
export function numberAxisValues(
  _u: unknown,
  splits: ReadonlyArray<number | null | undefined>,
  _axis?: unknown,
  _space?: unknown,
  incr?: unknown,
): string[] {
  const ticks = splits.filter((v): v is number => v != null);
  let step = typeof incr == 'number' && incr > 0 ? incr : ticks.length == 1 ? Math.abs(ticks[0]!) : Infinity;
  ticks.forEach((v, i) => {
    const gap = Math.abs(v - ticks[i - 1]!);
    if (gap > 0 && gap < step) step = gap;
  });
  // The fewest decimals (at most 20) that write the step to within a millionth of itself.
  let d = 0;
  while (d < 20 && Math.abs(step - Math.round(step * 10 ** d) / 10 ** d) > step * 1e-6) d++;
  return splits.map((v) => {
    if (v == null) return '';
    // Up to three decimals the count format already writes every tick exactly.
    if (d < 4 || !(Math.abs(v) < 1e21)) return formatNumber(v);
    if (displayLocale() !== 'en') return intlFormat(v, d);
    const s = Math.abs(v)
      .toFixed(d)
      .replace(/\.?0+$/, '');
    return group(s, v < 0 && s != '0' ? '-' : '');
  });
}

/** `v` with exactly `decimals` decimals ("3.0", Spanish "3,0"): a ratio's one decimal. */
export function formatFixed(v: number, decimals: number): string {
  return displayLocale() === 'en' ? v.toFixed(decimals) : intlFormat(v, decimals, decimals);
}
