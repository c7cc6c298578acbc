/**
 * The time-series chart's keyboard cursor, in a chunk of its own that the chart loads on its first
 * focus (no first-paint code): Shift+← / Shift+→ step, Shift+Home / Shift+End go to the first / last
 * point in view, Escape hides it. It moves uPlot's own cursor (`setCursor`), so the chart's setCursor
 * hook reports the raw x to `onCursor` and every readout follows as it does for the pointer; a
 * polite live region beside the chart says the values at that x, read from the full-resolution data
 * (never from the rows drawn), throttled so a held key is not read out step by step. It moves the
 * cursor as the pointer does, so charts synced with this one (`cursor.sync`) follow it too.
 */
import type uPlot from 'uplot';
import { t } from '@lingui/core/macro';
import { chartExtent, isDrawable, nearestX, type ChartData } from './chart-data';
import { lowerBound } from '../domain/sorted-search';
import { formatFixed, formatNumber } from '../domain/format-number';
import { localDayOf, localDayStart } from '../domain/local-time';
import { DAY_MS, formatUtcLabel } from '../domain/time';
import { formatLocalLabel } from '../domain/zoned-time';

/** The x of the full-resolution row nearest `t` (over every series), null without data. */
export type Nearest = (t: number) => number | null;
export type View = readonly [min: number, max: number];
type Dir = 1 | -1;

/**
 * The first raw x strictly past `from` on side `dir`, or null when there is none up to `edge`. Only
 * `nearest` is asked (a table and a Drawable both answer it): out from `from` in doubling strides
 * until some x past it is nearest, then halving back, since an x lying between `from` and the one
 * found is nearer their midpoint than either of them.
 */
export function nextRawX(nearest: Nearest, from: number, dir: Dir, edge: number, stride: number): number | null {
  let x = from;
  for (let d = Math.max(stride, 1e-9); x === from; d *= 2) {
    const y = nearest(from + dir * d);
    if (y === null) return null;
    if (dir * (y - from) > 0) x = y;
    // `from` (or an x behind it) is nearest from + d: no x lies within 2d of it on this side.
    else if (2 * d > dir * (edge - from)) return null;
  }
  for (let i = 0; i < 64; i++) {
    const y = nearest((from + x) / 2);
    if (y === null || dir * (y - from) <= 0 || dir * (x - y) <= 0) break;
    x = y;
  }
  return dir * (x - edge) > 0 ? null : x;
}

/** The first (`side` -1) or last (+1) raw x in the view, or null when none lies in it. */
export function edgeX(nearest: Nearest, view: View, side: Dir, column: number): number | null {
  const [lo, hi] = view;
  const x = nearest(side < 0 ? lo : hi);
  if (x === null) return null;
  if (x >= lo && x <= hi) return x;
  // Nearest the edge but outside the view: the next one inward, if it is inside.
  return (side < 0 ? x < lo : x > hi) ? nextRawX(nearest, x, side < 0 ? 1 : -1, side < 0 ? hi : lo, column) : null;
}

/**
 * Where one Shift+arrow takes the cursor from raw x `from`, or null at the view's edge (the view
 * does not move: the cursor stops there). One step is one raw point where the view has fewer points
 * than pixel columns, and one pixel column (to the raw x nearest it) where it has more: a point per
 * key press would take thousands of presses to cross a year of minutes, and a pixel column is the
 * finest step the eye can see there; a column per press where points stand columns apart would land
 * on the same point again and again.
 */
export function stepX(nearest: Nearest, from: number, dir: Dir, view: View, column: number): number | null {
  const edge = dir > 0 ? view[1] : view[0];
  const next = nextRawX(nearest, from, dir, edge, column);
  if (next === null || dir * (next - from) >= column) return next;
  // More than one point per column here: the raw x nearest one column on is past `from`.
  const x = nearest(from + dir * column);
  return x !== null && dir * (x - edge) <= 0 ? x : edgeX(nearest, view, dir, column);
}

/** Each series' value at exactly x (full resolution), null where it has no row or a gap. */
export function valuesAt(d: ChartData, x: number): (number | null)[] {
  if (isDrawable(d)) return d.valuesAt(x);
  const i = lowerBound(d[0], x);
  const hit = i < d[0].length && d[0][i] === x;
  return d.slice(1).map((col) => {
    const v = hit ? (col as ArrayLike<number | null | undefined>)[i] : null;
    return v === null || v === undefined || Number.isNaN(v) ? null : v;
  });
}

/**
 * A value as spoken: the app's number format, except below 1, where its three decimals would read
 * an inverse rate of 0.00035 (1/counts) as "0": there, three significant digits.
 */
export function spokenNumber(v: number): string {
  if (Math.abs(v) >= 1 || v === 0) return formatNumber(v);
  const n = Number(v.toPrecision(3));
  const s = String(n);
  // In the display language's decimals ("0,00035" in Spanish).
  return s.includes('e') ? s : formatFixed(n, s.split('.')[1]?.length ?? 0);
}

/** The time in the axis' zone, saying the zone; seconds only when the time has them. */
export function spokenTime(x: number, zone: string): string {
  const seconds = x % 60 !== 0;
  return zone === 'UTC' ? formatUtcLabel(x * 1000, seconds) : formatLocalLabel(x * 1000, zone, seconds);
}

/**
 * The end of the bin that starts at raw x, where each row is a bin running to the next row (event
 * counts: every bin is a row, empty ones too, analysis/event-counts.ts). The last bin is as long as
 * the one before it, a day by the local wall clock (23 or 25 h where the clocks change); null for a
 * lone bin. `extent` is the data's.
 */
export function binEnd(nearest: Nearest, x: number, extent: View, zone: string): number | null {
  const next = nextRawX(nearest, x, 1, extent[1], 1);
  if (next !== null) return next;
  const prev = nextRawX(nearest, x, -1, extent[0], 1);
  if (prev === null) return null;
  const step = x - prev;
  return Math.abs(step - 86_400) > 3_600 ? x + step : localDayStart(zone, localDayOf(zone, x * 1000) + DAY_MS) / 1000;
}

/**
 * A bin said by its bounds, the end's date and zone left out where they are the start's: "The hour
 * from 2025-03-08 14:00 to 15:00 UTC", "The day from 2025-03-08 00:00 to 2025-03-09 00:00 -03".
 */
export function spokenBin(from: number, to: number | null, zone: string): string {
  const a = spokenTime(from, zone);
  if (to === null) return t`The bin from ${a}`;
  const b = spokenTime(to, zone);
  const len = to - from;
  const zoneAt = (s: string) => s.slice(s.lastIndexOf(' '));
  const sameZone = zoneAt(a) === zoneAt(b);
  const end = sameZone && a.slice(0, 10) === b.slice(0, 10) ? b.slice(11) : b;
  const start = sameZone ? a.slice(0, a.lastIndexOf(' ')) : a;
  if (len === 3_600) return t`The hour from ${start} to ${end}`;
  if (Math.abs(len - 86_400) <= 3_600) return t`The day from ${start} to ${end}`;
  return t`The bin from ${start} to ${end}`;
}

export interface SeriesInfo {
  label: string;
  /** Unit of the values, e.g. "counts"; empty for none. */
  unit: string;
}

/** "2025-03-08 14:05 UTC: AV.CLCL..BHZ 512 counts, AV.CLES..BHZ no data". */
export function announcement(time: string, series: readonly SeriesInfo[], values: readonly (number | null)[]): string {
  const each = series.map(({ label, unit }, i) => {
    const v = values[i];
    return `${label} ${v === null || v === undefined ? t`no data` : `${spokenNumber(v)}${unit ? ` ${unit}` : ''}`}`;
  });
  return `${time}: ${each.join(', ')}`;
}

/**
 * Says the text at once when nothing was said for `quietMs`, else once the presses pause for that
 * long (only the latest): a held key is heard where it started and where it stopped.
 */
export function createAnnouncer(write: (text: string) => void, quietMs = 300) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let last = -Infinity;
  return {
    say(text: string, now = performance.now()) {
      clearTimeout(timer);
      const idle = now - last >= quietMs;
      last = now;
      if (idle) write(text);
      else timer = setTimeout(() => write(text), quietMs);
    },
    cancel() {
      clearTimeout(timer);
    },
  };
}

export interface CursorContext {
  /** The chart's full-resolution data. */
  data: ChartData;
  series: readonly SeriesInfo[];
  timeZone: string;
  /** The chart's polite live region. */
  live: HTMLElement | null;
  /** Each row is a bin running to the next row (bars of counts per bin): the readout says the bin. */
  bins?: boolean;
}

const announcers = new WeakMap<HTMLElement, ReturnType<typeof createAnnouncer>>();
function announcerOf(live: HTMLElement) {
  let a = announcers.get(live);
  if (!a) {
    a = createAnnouncer((text) => (live.textContent = text));
    announcers.set(live, a);
  }
  return a;
}

type SetCursor = (opts: { left: number; top: number }, fire: boolean, pub: boolean) => void;

/**
 * Moves (left < 0: hides) uPlot's cursor as a pointer move does: the setCursor hooks fire, and the
 * move is published to the charts synced with this one (`cursor.sync`), which follow it. The third
 * argument, `_pub`, is uPlot's own (1.6: `self.setCursor = (opts, _fire, _pub)`), left out of its types.
 */
function moveCursor(u: uPlot, left: number, top: number): void {
  (u as unknown as { setCursor: SetCursor }).setCursor({ left, top }, true, true);
}

/** Handles a cursor key (`ArrowLeft`, `ArrowRight`, `Home`, `End` pressed with Shift, or `Escape`). */
export function cursorKey(u: uPlot, key: string, c: CursorContext): void {
  const say = c.live ? announcerOf(c.live) : null;
  if (key === 'Escape') {
    say?.cancel();
    if (c.live) c.live.textContent = '';
    moveCursor(u, -10, -10);
    return;
  }
  const { min, max } = u.scales.x ?? {};
  if (min == null || max == null) return;
  const view: View = [min, max];
  const column = u.posToVal(1, 'x') - u.posToVal(0, 'x');
  const nearest: Nearest = (t) => nearestX(c.data, t);
  const left = u.cursor.left ?? -1;
  // Where the cursor is now, wherever it came from (the pointer too): the raw x the readouts show.
  const at = left >= 0 ? nearest(u.posToVal(left, 'x')) : null;
  let x: number | null;
  let note = '';
  if (key === 'Home' || key === 'End') x = edgeX(nearest, view, key === 'Home' ? -1 : 1, column);
  else {
    const dir: Dir = key === 'ArrowLeft' ? -1 : 1;
    // No cursor in view yet: Shift+→ starts at the first point, Shift+← at the last.
    if (at === null || at < min || at > max) x = edgeX(nearest, view, dir > 0 ? -1 : 1, column);
    else {
      x = stepX(nearest, at, dir, view, column);
      if (x === null) {
        x = at;
        note =
          (dir > 0
            ? c.bins
              ? t`Last bin in view.`
              : t`Last point in view.`
            : c.bins
              ? t`First bin in view.`
              : t`First point in view.`) + ' ';
      }
    }
  }
  if (x === null) {
    say?.say(t`No data in view.`);
    return;
  }
  const values = valuesAt(c.data, x);
  // The horizontal line at the first series with a value (off the plot when none has one).
  const k = values.findIndex((v) => v !== null);
  const top = k < 0 ? -10 : u.valToPos(values[k]!, u.series[k + 1]?.scale ?? 'y');
  moveCursor(u, u.valToPos(x, 'x'), top);
  const extent = c.bins ? chartExtent(c.data) : null;
  const time = extent ? spokenBin(x, binEnd(nearest, x, extent, c.timeZone), c.timeZone) : spokenTime(x, c.timeZone);
  say?.say(note + announcement(time, c.series, values));
}
