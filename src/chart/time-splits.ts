/**
 * Where a time axis puts its ticks, read on the wall clock of the chart's zone (src/domain/local-time.ts).
 * uPlot's own splits step through Dates built in the browser's zone (`tzDate`), so a wall time that
 * does not exist there is moved: in a Santiago browser the 00:00 UTC tick of the day Chile skips
 * midnight was missing from a UTC chart. Here no browser-zone Date is made: ticks are wall times at
 * multiples of the increment (local midnights for days, first days for months), each placed at
 * every instant it names: both passes of a repeated hour, none of a skipped one (a skipped
 * midnight starts its day at the jump).
 */
import { localDayOf, localDayStart, resolveWall, toWall } from '../domain/local-time';

const DAY_S = 86_400;
const MONTH_S = 30 * DAY_S;
const YEAR_S = 365 * DAY_S;

/** Tick instants (unix seconds) in [min, max] for uPlot's chosen increment `incr` (seconds). */
export function wallSplits(zone: string, min: number, max: number, incr: number): number[] {
  if (!(max >= min) || !(incr > 0)) return [];
  // Offsets are whole minutes: below a minute (and in UTC below a day) the wall grid is the UTC grid.
  if (incr < 60 || (zone === 'UTC' && incr < DAY_S)) return utcGrid(min, max, incr);
  if (incr >= MONTH_S)
    return monthStarts(zone, min, max, incr >= YEAR_S ? Math.round(incr / YEAR_S) * 12 : Math.round(incr / MONTH_S));
  if (incr >= DAY_S) return dayStarts(zone, min, max, Math.round(incr / DAY_S));
  return withinDays(zone, min, max, incr);
}

function utcGrid(min: number, max: number, incr: number): number[] {
  const out: number[] = [];
  // Integer steps, so a thousand ticks do not gather float error.
  for (let k = Math.ceil(min / incr - 1e-9); k * incr <= max + 1e-9; k++) out.push(Math.round(k * incr * 1000) / 1000);
  return out;
}

/** Wall times at multiples of `incr` (which divides a day), at each instant they name. */
function withinDays(zone: string, min: number, max: number, incr: number): number[] {
  const step = incr * 1000;
  // Two hours of slack either side cover any change of offset between the ends' wall readings.
  const lo = toWall(zone, min * 1000) - 7_200_000;
  const hi = toWall(zone, max * 1000) + 7_200_000;
  const out: number[] = [];
  for (let w = Math.ceil(lo / step) * step; w <= hi; w += step) {
    const r = resolveWall(zone, w);
    const at =
      r.kind === 'unique'
        ? [r.utcMs]
        : r.kind === 'ambiguous'
          ? [r.utcMs, r.later]
          : w % 86_400_000 === 0
            ? [localDayStart(zone, w)]
            : [];
    for (const t of at) if (t >= min * 1000 && t <= max * 1000) out.push(t / 1000);
  }
  return tidy(out, incr);
}

/** Local midnights every `n` days from the first in range. */
function dayStarts(zone: string, min: number, max: number, n: number): number[] {
  const out: number[] = [];
  let day = localDayOf(zone, min * 1000);
  if (localDayStart(zone, day) < min * 1000) day += 86_400_000;
  for (; ; day += n * 86_400_000) {
    const t = localDayStart(zone, day);
    if (t > max * 1000) break;
    out.push(t / 1000);
  }
  return out;
}

/** First days of months, every `n` months from the first in range (of a year, for years). */
function monthStarts(zone: string, min: number, max: number, n: number): number[] {
  const wall = new Date(toWall(zone, min * 1000));
  let m = wall.getUTCFullYear() * 12 + (n >= 12 ? 0 : wall.getUTCMonth());
  const startOf = (k: number) => localDayStart(zone, Date.UTC(Math.floor(k / 12), k % 12, 1));
  if (startOf(m) < min * 1000) m += n;
  const out: number[] = [];
  for (; startOf(m) <= max * 1000; m += n) out.push(startOf(m) / 1000);
  return out;
}

/** Sorted, without a tick closer than half an increment to the one before (a change can crowd two). */
function tidy(ticks: number[], incr: number): number[] {
  ticks.sort((a, b) => a - b);
  const out: number[] = [];
  for (const t of ticks) if (!out.length || t - out[out.length - 1]! >= incr / 2) out.push(t);
  return out;
}

/** uPlot's `splits` for a time axis in `zone`. */
export function timeAxisSplits(zone: string) {
  return (_u: unknown, _axis: number, min: number, max: number, incr: number): number[] =>
    wallSplits(zone, min, max, incr);
}
