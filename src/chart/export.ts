/**
 * The chart's exports, CSV of the visible rows and PNG of the drawn canvases. Their own module so a
 * chart route loads them on the first export click, not before its first paint.
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

/**
 * One PNG of several chart canvases stacked, under a title line, on the page background (a
 * transparent PNG is unreadable in most viewers' default white).
 */
export function composePng(
  canvases: readonly HTMLCanvasElement[],
  title: string,
  background: string,
  foreground: string,
): Promise<Blob> {
  const pad = 12;
  const titleH = 28;
  const width = Math.max(1, ...canvases.map((c) => c.width));
  const height = titleH + pad + canvases.reduce((s, c) => s + c.height + pad, 0);
  const out = document.createElement('canvas');
  out.width = width + 2 * pad;
  out.height = height;
  const ctx = out.getContext('2d');
  if (!ctx) return Promise.reject(new Error('This browser cannot draw a canvas for the PNG.'));
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, out.width, out.height);
  ctx.fillStyle = foreground;
  ctx.font = '16px system-ui, sans-serif';
  ctx.fillText(title, pad, 20);
  let y = titleH + pad;
  for (const c of canvases) {
    ctx.drawImage(c, pad, y);
    y += c.height + pad;
  }
  return new Promise((resolve, reject) =>
    out.toBlob((b) => (b ? resolve(b) : reject(new Error('The PNG could not be encoded.'))), 'image/png'),
  );
}
