/**
 * The chart's CSV export of the visible rows (the report figures, PNG and SVG, are figure/figure-save.ts).
 * Its own module so a chart route loads it on the first export click, not before its first paint.
 */
import { formatOffset, offsetMs } from '../domain/local-time';
import { lowerBound } from '../domain/sorted-search';
import type { AlignedData } from './series-data';

/** With the exports, so a view that loads them on a click loads one module. */
export { saveBlob } from '../downloads/save-file';

/** An instant as ISO 8601 with the zone's offset (`Z` for UTC): unambiguous across DST changes. */
export function formatCsvTime(ts: number, zone: string): string {
  const t = ts * 1000;
  const off = offsetMs(zone, t);
  const wall = new Date(t + off).toISOString().slice(0, 19);
  return zone === 'UTC' ? `${wall}Z` : `${wall}${formatOffset(off)}`;
}

export interface CsvOptions {
  data: AlignedData;
  names: readonly string[];
  zone: string;
  /** Visible x range (unix seconds), inclusive. */
  xMin?: number;
  xMax?: number;
  /** Extra `# …` lines on top, e.g. the smoothing applied. */
  notes?: readonly string[];
  /** Unit of the value columns, named in the header (default counts), or one per column. */
  unit?: string | readonly string[];
  /**
   * Significant digits per value column for values computed here (a mean, a ratio); null or absent
   * for values written as they are: the service's own (shortest text that reads back as the same
   * number, i.e. the JSON number's value), a median (one of them), a count, an exact sum.
   */
  digits?: readonly (number | null)[];
}

/** A value as the CSV writes it: to `digits` significant digits, else the shortest exact text. */
export function formatCsvValue(v: number, digits?: number | null): string {
  return String(digits ? Number(v.toPrecision(digits)) : v);
}

/**
 * CSV of the rows in the visible range that hold at least one value. The header names the zone of
 * the time column; empty cells are missing windows.
 */
export function buildCsv(o: CsvOptions): string {
  const [x, ...ys] = o.data;
  const lines: string[] = [];
  for (const note of o.notes ?? []) lines.push(`# ${note.replace(/[\r\n]+/g, ' ')}`);
  const q = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const unitOf = (i: number) => (typeof o.unit === 'string' ? o.unit : (o.unit?.[i] ?? 'counts'));
  lines.push([`time (${o.zone})`, ...o.names.map((n, i) => `${n} (${unitOf(i)})`)].map(q).join(','));
  const from = lowerBound(x, o.xMin ?? -Infinity);
  for (let i = from; i < x.length; i++) {
    const t = x[i]!;
    if (o.xMax !== undefined && t > o.xMax) break;
    let any = false;
    const cells = ys.map((y, c) => {
      const v = y[i];
      if (v === null || v === undefined || Number.isNaN(v)) return '';
      any = true;
      return formatCsvValue(v, o.digits?.[c]);
    });
    if (any) lines.push(`${formatCsvTime(t, o.zone)},${cells.join(',')}`);
  }
  return lines.join('\n') + '\n';
}
