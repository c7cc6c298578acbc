/**
 * A chart as a report figure: an SVG on white (the light theme) with a title that wraps instead of
 * being cut off, one label per panel (stacked panels each name their channel), the time axis in the
 * view's zone and a caption under it (what, when, where from). Drawn from the same columns the chart
 * draws, decimated per pixel column as the chart is (decimate.ts / a Drawable's cut, M4), so a year
 * stays a few thousand points. figure-png.ts rasterises the same SVG at a chosen scale for the PNG.
 * Loaded on an export's click only: no chart route paints with it.
 */
import { t } from '@lingui/core/macro';
import { formatOffset, offsetMs } from '../../domain/local-time';
import { formatFixed } from '../../domain/format-number';
import { isDrawable, type ChartData } from '../chart-data';
import { decimate } from '../decimate';
import { seriesColor } from '../palette';
import type { AlignedData } from '../series-data';

/**
 * The figure's series colours: the light theme's (palette.ts), which hold WCAG's 3:1 non-text
 * contrast on white, so a figure's line is the colour the same line has on a light screen.
 */
export const figureColor = (i: number): string => seriesColor(i, 'light');

const INK = '#1a1a1a';
const MUTED = '#555555';
const GRID = '#e3e3e3';

export interface FigureSeries {
  label: string;
  kind?: 'line' | 'bars';
  /** Drawn against the right-hand axis. */
  axis?: 'y' | 'y2';
  dash?: readonly number[];
  /** Index in the light palette (palette.ts; default: the series' place in its panel). */
  color?: number;
}

export interface FigurePanel {
  /** The panel's one label, e.g. its channel. */
  label: string;
  data: ChartData;
  series: readonly FigureSeries[];
  yLabel: string;
  y2Label?: string;
  log?: boolean;
}

export interface Figure {
  title: string;
  panels: readonly FigurePanel[];
  /** Shown x range, unix seconds. */
  x: readonly [number, number];
  zone: string;
  /** Caption lines, each wrapped to the width. */
  caption: readonly string[];
  /** Width in CSS px (the PNG multiplies it by its scale). */
  width: number;
  /** Height of one panel's plot area in CSS px. */
  panelHeight?: number;
}

export interface BuiltFigure {
  svg: string;
  width: number;
  height: number;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const n1 = (v: number) => (Math.round(v * 10) / 10).toString();

/**
 * Lines of at most `chars` characters, broken at spaces (a word longer than a line is broken
 * inside). An estimate of the text's width from its length: the figure's font is a sans-serif whose
 * mean advance is below 0.6 em, so a line of `width / (0.6 × size)` characters fits.
 */
export function wrapText(text: string, chars: number): string[] {
  const out: string[] = [];
  let line = '';
  for (let word of text.split(/\s+/).filter(Boolean)) {
    while (word.length > chars) {
      if (line) out.push(line);
      line = '';
      out.push(word.slice(0, chars));
      word = word.slice(chars);
    }
    if (!line) line = word;
    else if (line.length + 1 + word.length <= chars) line += ` ${word}`;
    else {
      out.push(line);
      line = word;
    }
  }
  if (line) out.push(line);
  return out;
}

/** The rows the chart would draw for [min, max] on `columns` pixel columns. */
export function figureRows(data: ChartData, min: number, max: number, columns: number): AlignedData {
  return isDrawable(data) ? data.cut(min, max, columns).rows : decimate(data, min, max, columns);
}

const STEPS = [
  60,
  300,
  600,
  900,
  1800,
  3600,
  2 * 3600,
  3 * 3600,
  6 * 3600,
  12 * 3600,
  86400,
  2 * 86400,
  7 * 86400,
  14 * 86400,
  30 * 86400,
  91 * 86400,
  182 * 86400,
  365 * 86400,
];

/** Tick instants (unix s) on round wall-clock times of `zone` in [a, b], about `want` of them. */
export function timeTicks(a: number, b: number, zone: string, want: number): number[] {
  const step = STEPS.find((s) => (b - a) / s <= want) ?? STEPS[STEPS.length - 1]!;
  const off = (t: number) => offsetMs(zone, t * 1000) / 1000;
  const ticks: number[] = [];
  // Walk in wall-clock time: a tick is a round wall time, mapped back through the offset there.
  let w = Math.ceil((a + off(a)) / step) * step;
  for (let guard = 0; guard < 400; guard++, w += step) {
    const t = w - off(w - off(a));
    if (t > b) break;
    if (t >= a && !ticks.includes(t)) ticks.push(t);
  }
  return ticks;
}

function wallText(t: number, zone: string, withDay: boolean, withTime: boolean): string {
  const iso = new Date(t * 1000 + offsetMs(zone, t * 1000)).toISOString();
  const day = iso.slice(0, 10);
  const time = iso.slice(11, 16);
  return withDay && withTime ? `${day} ${time}` : withDay ? day : time;
}

/** "time (UTC)": the time axis' title, naming its zone. */
function timeAxisLabel(zone: string): string {
  return t`time (${zone})`;
}

/** The zone as the axis names it: `UTC`, or the IANA name with the range's offset. */
function zoneName(zone: string, t: number): string {
  return zone === 'UTC' ? 'UTC' : `${zone}, UTC${formatOffset(offsetMs(zone, t * 1000))}`;
}

/**
 * Round value ticks over [lo, hi]: 1, 2 or 5 × a power of ten apart (whole numbers for whole-number
 * data such as counts of events), or powers of ten on a log axis.
 */
export function valueTicks(lo: number, hi: number, log: boolean, whole = false): number[] {
  if (log) {
    const out: number[] = [];
    for (let e = Math.floor(Math.log10(lo)); e <= Math.ceil(Math.log10(hi)); e++) out.push(10 ** e);
    return out;
  }
  const span = hi - lo || Math.abs(hi) || 1;
  const raw = span / 5;
  const p = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(
    whole ? 1 : 0,
    [1, 2, 5, 10].map((m) => m * p).find((s) => s >= raw)!,
  );
  const out: number[] = [];
  for (let v = Math.floor(lo / step) * step; v <= hi + step * 1e-9; v += step) out.push(Number(v.toPrecision(12)));
  return out;
}

/** `n` as JavaScript writes it, in the display language's decimals ("2,5" in Spanish). */
function shortest(n: number): string {
  const s = String(n);
  return s.includes('e') ? s : formatFixed(n, s.split('.')[1]?.length ?? 0);
}

function fmtValue(v: number): string {
  const a = Math.abs(v);
  if (a >= 1e6) return `${shortest(Number((v / 1e6).toPrecision(3)))}M`;
  if (a >= 1e4) return `${shortest(Number((v / 1e3).toPrecision(3)))}k`;
  return shortest(Number(v.toPrecision(4)));
}

interface Scale {
  lo: number;
  hi: number;
  log: boolean;
  whole: boolean;
}

function scaleOf(rows: AlignedData, cols: number[], log: boolean, zeroBase: boolean): Scale | null {
  let lo = Infinity;
  let hi = -Infinity;
  let whole = true;
  for (const c of cols) {
    const y = rows[c] as ArrayLike<number | null | undefined>;
    for (let i = 0; i < y.length; i++) {
      const v = y[i];
      if (v == null || v !== v || (log && v <= 0)) continue;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
      if (whole && !Number.isInteger(v)) whole = false;
    }
  }
  if (!(hi >= lo)) return null;
  if (zeroBase && !log) lo = Math.min(0, lo);
  if (log) return { lo: 10 ** Math.floor(Math.log10(lo)), hi: 10 ** Math.ceil(Math.log10(hi)), log, whole };
  const ticks = valueTicks(lo, hi, false, whole);
  return { lo: Math.min(lo, ticks[0]!), hi: Math.max(hi, ticks[ticks.length - 1]!, lo + 1e-9), log, whole };
}

const FONT = 'font-family="system-ui, -apple-system, Segoe UI, Roboto, Helvetica, Arial, sans-serif"';

/** The figure as SVG text, with its size in CSS px. */
export function buildFigureSvg(f: Figure): BuiltFigure {
  const W = Math.max(320, Math.round(f.width));
  const pad = 16;
  const left = 72;
  const anyY2 = f.panels.some((p) => p.series.some((s) => s.axis === 'y2'));
  const right = anyY2 ? 72 : 24;
  const plotW = W - left - right;
  const plotH = f.panelHeight ?? Math.max(140, Math.round(360 / Math.max(1, f.panels.length)));
  const [x0, x1] = f.x;
  const px = (t: number) => left + ((t - x0) / (x1 - x0 || 1)) * plotW;
  const parts: string[] = [];
  let y = pad;

  const titleLines = wrapText(f.title, Math.floor((W - 2 * pad) / (0.6 * 17)));
  for (const line of titleLines) {
    y += 20;
    parts.push(
      `<text x="${pad}" y="${y}" font-size="17" font-weight="600" fill="${INK}" class="figure-title">${esc(line)}</text>`,
    );
  }
  y += 10;

  const ticks = timeTicks(x0, x1, f.zone, Math.max(3, Math.floor(plotW / 110)));
  const multiDay = x1 - x0 > 86400 || wallText(x0, f.zone, true, false) !== wallText(x1, f.zone, true, false);
  const coarse = ticks.length > 1 && ticks[1]! - ticks[0]! >= 86400;

  f.panels.forEach((p, pi) => {
    // The panel's label and its series' keys, above its plot.
    y += 18;
    parts.push(
      `<text x="${left}" y="${y}" font-size="14" font-weight="600" fill="${INK}" class="panel-label">${esc(p.label)}</text>`,
    );
    if (p.series.length > 1 || p.series[0]?.label !== p.label) {
      let kx = left;
      y += 18;
      p.series.forEach((s, si) => {
        const c = figureColor(s.color ?? si);
        const dash = s.dash ? ` stroke-dasharray="${s.dash.join(' ')}"` : '';
        parts.push(
          `<line x1="${kx}" y1="${y - 4}" x2="${kx + 18}" y2="${y - 4}" stroke="${c}" stroke-width="3"${dash}/>`,
        );
        parts.push(
          `<text x="${kx + 24}" y="${y}" font-size="12" fill="${INK}" class="series-key">${esc(s.label)}</text>`,
        );
        kx += 24 + s.label.length * 7 + 20;
      });
    }
    y += 8;
    const top = y;
    const bottom = top + plotH;
    const rows = figureRows(p.data, x0, x1, plotW);
    const cols1 = p.series.map((s, i) => (s.axis === 'y2' ? -1 : i + 1)).filter((c) => c > 0);
    const cols2 = p.series.map((s, i) => (s.axis === 'y2' ? i + 1 : -1)).filter((c) => c > 0);
    const bars = p.series.some((s) => s.kind === 'bars');
    const s1 = scaleOf(rows, cols1, !!p.log, bars);
    const s2 = cols2.length ? scaleOf(rows, cols2, false, true) : null;
    const py = (s: Scale, v: number) => {
      const r = s.log
        ? (Math.log10(v) - Math.log10(s.lo)) / (Math.log10(s.hi) - Math.log10(s.lo))
        : (v - s.lo) / (s.hi - s.lo || 1);
      return bottom - r * plotH;
    };

    // Frame, grid and axes.
    parts.push(
      `<rect x="${left}" y="${top}" width="${plotW}" height="${plotH}" fill="none" stroke="${MUTED}" stroke-width="1"/>`,
    );
    for (const t of ticks) {
      const x = n1(px(t));
      parts.push(`<line x1="${x}" y1="${top}" x2="${x}" y2="${bottom}" stroke="${GRID}"/>`);
      // A label that would run past the figure's edge is aligned to end (or start) at its tick instead.
      const text = wallText(t, f.zone, multiDay, !coarse);
      const half = (text.length * 11 * 0.6) / 2;
      const anchor = px(t) + half > W - 4 ? 'end' : px(t) - half < 4 ? 'start' : 'middle';
      parts.push(
        `<text x="${x}" y="${bottom + 15}" font-size="11" fill="${INK}" text-anchor="${anchor}" class="tick">${esc(text)}</text>`,
      );
    }
    const yAxis = (s: Scale | null, side: 'l' | 'r', label: string) => {
      if (!s) return;
      for (const v of valueTicks(s.lo, s.hi, s.log, s.whole)) {
        if (v < s.lo || v > s.hi) continue;
        const yy = n1(py(s, v));
        if (side === 'l')
          parts.push(`<line x1="${left}" y1="${yy}" x2="${left + plotW}" y2="${yy}" stroke="${GRID}"/>`);
        const tx = side === 'l' ? left - 6 : left + plotW + 6;
        parts.push(
          `<text x="${tx}" y="${Number(yy) + 4}" font-size="11" fill="${INK}" text-anchor="${side === 'l' ? 'end' : 'start'}">${esc(fmtValue(v))}</text>`,
        );
      }
      const lx = side === 'l' ? 14 : W - 10;
      const ly = (top + bottom) / 2;
      parts.push(
        `<text x="${lx}" y="${n1(ly)}" font-size="12" fill="${INK}" text-anchor="middle" transform="rotate(-90 ${lx} ${n1(ly)})">${esc(label)}</text>`,
      );
    };
    yAxis(s1, 'l', p.yLabel);
    yAxis(s2, 'r', p.y2Label ?? '');

    // The series, clipped to the plot area.
    const clip = `clip${pi}`;
    parts.push(`<clipPath id="${clip}"><rect x="${left}" y="${top}" width="${plotW}" height="${plotH}"/></clipPath>`);
    parts.push(`<g clip-path="url(#${clip})">`);
    const x = rows[0];
    p.series.forEach((s, si) => {
      const sc = s.axis === 'y2' ? s2 : s1;
      if (!sc) return;
      const col = rows[si + 1] as ArrayLike<number | null | undefined>;
      const c = figureColor(s.color ?? si);
      if (s.kind === 'bars') {
        const rects: string[] = [];
        for (let i = 0; i < x.length; i++) {
          const v = col[i];
          if (v == null || v !== v || v <= 0) continue;
          const w = (x[i + 1] ?? x[i]! + (i > 0 ? x[i]! - x[i - 1]! : 3600)) - x[i]!;
          const a = px(x[i]!);
          const b = px(x[i]! + w);
          const yy = py(sc, v);
          rects.push(
            `<rect x="${n1(a)}" y="${n1(yy)}" width="${n1(Math.max(0.5, b - a - 1))}" height="${n1(bottom - yy)}"/>`,
          );
        }
        parts.push(`<g fill="${c}" class="series" data-series="${esc(s.label)}">${rects.join('')}</g>`);
        return;
      }
      let d = '';
      let pen = false;
      for (let i = 0; i < x.length; i++) {
        const v = col[i];
        if (v == null || v !== v || (sc.log && v <= 0)) {
          pen = false;
          continue;
        }
        d += `${pen ? 'L' : 'M'}${n1(px(x[i]!))} ${n1(py(sc, v))}`;
        pen = true;
      }
      const dash = s.dash ? ` stroke-dasharray="${s.dash.join(' ')}"` : '';
      parts.push(
        `<path d="${d}" fill="none" stroke="${c}" stroke-width="1.5" stroke-linejoin="round" class="series" data-series="${esc(s.label)}"${dash}/>`,
      );
    });
    parts.push('</g>');
    y = bottom + 20;
  });

  y += 14;
  parts.push(
    `<text x="${left + plotW / 2}" y="${y}" font-size="12" fill="${INK}" text-anchor="middle">${esc(timeAxisLabel(zoneName(f.zone, x0)))}</text>`,
  );
  y += 10;
  const chars = Math.floor((W - 2 * pad) / (0.6 * 12));
  for (const para of f.caption)
    for (const line of wrapText(para, chars)) {
      y += 16;
      parts.push(`<text x="${pad}" y="${y}" font-size="12" fill="${MUTED}" class="caption">${esc(line)}</text>`);
    }
  const H = Math.ceil(y + pad);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" ${FONT}>` +
    `<title>${esc(f.title)}</title><desc>${esc(f.caption.join(' '))}</desc>` +
    `<rect width="${W}" height="${H}" fill="#ffffff"/>${parts.join('')}</svg>`;
  return { svg, width: W, height: H };
}
