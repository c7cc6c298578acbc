/**
 * The time-series charts' options: palette, the time zone of the axis and its tick labels. No
 * React, no DOM. Statistics (smoothing, medians) are in src/analysis; the CSV and PNG exports in
 * ./export, loaded on the first click.
 */
import { toWall } from '../domain/local-time';
import type uPlot from 'uplot';

/** Okabe–Ito: distinguishable with the common colour-vision deficiencies (black left out: dark theme). */
export const OKABE_ITO = ['#E69F00', '#56B4E9', '#009E73', '#F0E442', '#0072B2', '#D55E00', '#CC79A7'] as const;

export function seriesColor(i: number): string {
  return OKABE_ITO[i % OKABE_ITO.length]!;
}

/**
 * uPlot draws axis labels from a Date's *local* fields: this returns a Date whose local fields show
 * the wall clock of `zone` (read through Intl, src/domain/local-time.ts), so ticks and labels
 * follow the zone, DST included. Not date-fns-tz: the chart is on every chart route's first paint,
 * and a UTC chart (the seismic view's default) then loads no zone library at all.
 */
export function tzDate(zone: string): (ts: number) => Date {
  return (ts) => {
    const w = new Date(toWall(zone, ts * 1000));
    return new Date(
      w.getUTCFullYear(),
      w.getUTCMonth(),
      w.getUTCDate(),
      w.getUTCHours(),
      w.getUTCMinutes(),
      w.getUTCSeconds(),
      w.getUTCMilliseconds(),
    );
  };
}

const DAY_S = 86_400;
/**
 * 24-hour, ISO-ordered tick labels, in uPlot's table form: the smallest tick increment a row serves,
 * its label, then what is added when the year, month, day, hour, minute or second changed since
 * the tick before (null: nothing).
 */
type LabelRow = readonly [number, string, ...(string | null)[]];
export const TIME_FORMATS: readonly LabelRow[] = [
  [365 * DAY_S, '{YYYY}', null, null, null, null, null, null],
  [28 * DAY_S, '{YYYY}-{MM}', '\n{YYYY}', null, null, null, null, null],
  [DAY_S, '{MM}-{DD}', '\n{YYYY}', null, null, null, null, null],
  [3600, '{HH}:{mm}', '\n{YYYY}-{MM}-{DD}', null, '\n{MM}-{DD}', null, null, null],
  [60, '{HH}:{mm}', '\n{YYYY}-{MM}-{DD}', null, '\n{MM}-{DD}', null, null, null],
  [1, ':{ss}', '\n{YYYY}-{MM}-{DD} {HH}:{mm}', null, '\n{MM}-{DD} {HH}:{mm}', null, '\n{HH}:{mm}', null],
];

/** Where each field sits in an ISO string, and where its prefix ends (year … second). */
const SLICES: Record<string, readonly [number, number]> = {
  YYYY: [0, 4],
  MM: [5, 7],
  DD: [8, 10],
  HH: [11, 13],
  mm: [14, 16],
  ss: [17, 19],
};
const PREFIX_ENDS = [4, 7, 10, 13, 16, 19];

/**
 * Tick labels read straight from the wall clock of `zone`. uPlot's own labels come from the Date
 * `tzDate` builds in the browser's zone, and a wall time inside the browser's own spring-forward
 * gap does not exist there: a viewer in Berlin saw 02:30 UTC on 30 March 2025 labelled "03:30".
 */
export function timeAxisValues(zone: string, oneLine = false): uPlot.Axis.DynamicValues {
  return (_u, splits, _axis, _space, incr) => {
    const row = TIME_FORMATS.find((r) => incr >= r[0]) ?? TIME_FORMATS[TIME_FORMATS.length - 1]!;
    let prev = '';
    return splits.map((split) => {
      // The wall clock's fields, written as if UTC.
      const iso = new Date(toWall(zone, split * 1000)).toISOString();
      const changed = PREFIX_ENDS.findIndex((end, i) => row[2 + i] && iso.slice(0, end) !== prev.slice(0, end));
      const first = prev === '';
      prev = iso;
      // One line (the wall's sparklines): a tick that starts a new day shows the day in place of
      // its time, so a range of days does not read 00:00 … 00:00 with nothing to tell them apart.
      const tpl = oneLine
        ? !first && changed >= 0 && changed <= 2 && row[0] < DAY_S
          ? '{MM}-{DD}'
          : row[1]
        : row[1] + (changed < 0 ? '' : row[2 + changed]);
      return tpl.replace(/\{(\w+)\}/g, (_, k: string) => iso.slice(...SLICES[k]!));
    });
  };
}
