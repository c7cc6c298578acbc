/**
 * A report figure as SVG text, built from the same columns a chart draws (uPlot draws to canvas,
 * which a report cannot scale): light theme, series colours that hold WCAG's 3:1 non-text contrast
 * on white, one label per panel, a title that fits, and a caption (channels, range with zone, the
 * service, the app and the time of export; an analysis's rule). Pure: no DOM, so a worker or a
 * test can build one; the export path wires it to a download.
 */

/** Okabe–Ito hues, darkened where needed to reach 3:1 on white (#E69F00 is 2.3:1, #F0E442 1.3:1). */
export const LIGHT_SERIES = ['#A66A00', '#0072B2', '#007A5A', '#7A6A00', '#B24E00', '#A8467F', '#6B4C9A'] as const;
const INK = '#1a1a1a';
const GRID = '#d9d9d9';
const MUTED = '#555555';

export interface FigureSeries {
  label: string;
  /** One value per x; null (or NaN) is a gap. */
  values: ArrayLike<number | null>;
}

export interface FigureInput {
  title: string;
  /** Unix seconds, rising. */
  x: ArrayLike<number>;
  series: readonly FigureSeries[];
  /** One panel for all series, or one panel each with its own label. */
  layout: 'overlaid' | 'stacked';
  xLabel: string;
  yLabel: string;
  yLog?: boolean;
  /** An x tick's text in the figure's zone. */
  formatX: (sec: number) => string;
  /** Horizontal rules (a threshold), drawn dashed and named. */
  rules?: readonly { y: number; label: string }[];
  /** Lines under the figure. */
  caption: readonly string[];
  width?: number;
  /** Of each panel. */
  panelHeight?: number;
}

/** WCAG relative luminance of `#rrggbb`. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const v = parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** About how wide a line of text is at `size` px in a sans-serif face (for fitting, not layout). */
const textWidth = (s: string, size: number) => s.length * size * 0.56;

/** The title at the largest size from 18 px down to 12 px that fits, else wrapped at words at 12 px. */
export function fitTitle(title: string, width: number): { size: number; lines: string[] } {
  for (let size = 18; size >= 12; size--) if (textWidth(title, size) <= width) return { size, lines: [title] };
  const lines: string[] = [];
  let line = '';
  for (const word of title.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && textWidth(next, 12) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return { size: 12, lines };
}

const finite = (v: number | null | undefined): v is number => v !== null && v !== undefined && Number.isFinite(v);

/** Nice round ticks over [lo, hi]. */
function linearTicks(lo: number, hi: number, n = 5): number[] {
  const span = hi - lo || Math.abs(hi) || 1;
  const raw = span / n;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((k) => k * mag).find((s) => s >= raw)!;
  const out: number[] = [];
  for (let t = Math.ceil(lo / step) * step; t <= hi + step * 1e-9; t += step) out.push(+t.toPrecision(12));
  return out;
}

const formatY = (v: number) =>
  Math.abs(v) >= 1e4 || (v !== 0 && Math.abs(v) < 1e-2) ? v.toExponential(1) : String(+v.toPrecision(4));

/**
 * One series as path data: per pixel column its first, lowest, highest and last value, so a year of
 * minutes draws as a few thousand points with every peak kept; a gap breaks the line.
 */
function seriesPath(
  x: ArrayLike<number>,
  y: ArrayLike<number | null>,
  px: (sec: number) => number,
  py: (v: number) => number,
): string {
  const parts: string[] = [];
  let col = NaN;
  let bucket: number[] = [];
  let pen = false;
  const flush = () => {
    if (!bucket.length) return;
    const ys = bucket.length > 2 ? [bucket[0]!, Math.min(...bucket), Math.max(...bucket), bucket.at(-1)!] : bucket;
    for (const v of ys) {
      parts.push(`${pen ? 'L' : 'M'}${col.toFixed(1)} ${py(v).toFixed(1)}`);
      pen = true;
    }
    bucket = [];
  };
  for (let i = 0; i < x.length; i++) {
    const v = y[i];
    if (!finite(v)) {
      flush();
      pen = false;
      continue;
    }
    const c = Math.round(px(x[i]!));
    if (c !== col) {
      flush();
      col = c;
    }
    bucket.push(v);
  }
  flush();
  return parts.join('');
}

export function figureSvg(f: FigureInput): string {
  const width = f.width ?? 1200;
  const panelH = f.panelHeight ?? (f.layout === 'stacked' ? 180 : 360);
  const left = 80;
  const right = 24;
  const plotW = width - left - right;
  const title = fitTitle(f.title, width - 32);
  const top = 16 + title.lines.length * (title.size + 4) + 8;
  const panels = f.layout === 'stacked' ? f.series.map((s) => [s]) : [f.series];
  const gap = 28;
  const xs = f.x;
  const x0 = xs.length ? xs[0]! : 0;
  const x1 = xs.length ? xs[xs.length - 1]! : 1;
  const px = (sec: number) => left + ((sec - x0) / (x1 - x0 || 1)) * plotW;
  const out: string[] = [];
  title.lines.forEach((line, i) =>
    out.push(
      `<text class="title" x="16" y="${16 + (i + 1) * title.size}" font-size="${title.size}" font-weight="600" fill="${INK}">${esc(line)}</text>`,
    ),
  );
  let y = top;
  panels.forEach((group, p) => {
    const values: number[] = [];
    for (const s of group)
      for (let i = 0; i < s.values.length; i++) {
        const v = s.values[i];
        if (finite(v) && (!f.yLog || v > 0)) values.push(v);
      }
    for (const r of f.rules ?? []) if (!f.yLog || r.y > 0) values.push(r.y);
    let lo = values.length ? Math.min(...values) : 0;
    let hi = values.length ? Math.max(...values) : 1;
    if (f.yLog) {
      lo = Math.log10(lo || 1);
      hi = Math.log10(hi || 10);
    }
    if (lo === hi) [lo, hi] = [lo - 1, hi + 1];
    // Headroom for the panel's label and a rule at the top of the data.
    hi += (hi - lo) * 0.12;
    const py = (v: number) => {
      const t = f.yLog ? Math.log10(v) : v;
      return y + panelH - ((t - lo) / (hi - lo)) * panelH;
    };
    out.push(`<g class="panel">`);
    out.push(`<rect x="${left}" y="${y}" width="${plotW}" height="${panelH}" fill="none" stroke="${GRID}"/>`);
    const ticks = f.yLog
      ? Array.from({ length: Math.floor(hi) - Math.ceil(lo) + 1 }, (_, k) => 10 ** (Math.ceil(lo) + k))
      : linearTicks(lo, hi);
    for (const t of ticks) {
      const ty = py(t);
      if (ty < y - 0.5 || ty > y + panelH + 0.5) continue;
      out.push(
        `<line x1="${left}" x2="${left + plotW}" y1="${ty.toFixed(1)}" y2="${ty.toFixed(1)}" stroke="${GRID}"/>`,
      );
      out.push(
        `<text x="${left - 6}" y="${(ty + 4).toFixed(1)}" font-size="11" text-anchor="end" fill="${MUTED}">${esc(formatY(t))}</text>`,
      );
    }
    for (const r of f.rules ?? []) {
      if (f.yLog && r.y <= 0) continue;
      const ry = py(r.y).toFixed(1);
      out.push(
        `<line x1="${left}" x2="${left + plotW}" y1="${ry}" y2="${ry}" stroke="${INK}" stroke-dasharray="6 4"/>`,
      );
      out.push(
        `<text x="${left + plotW - 4}" y="${(+ry - 4).toFixed(1)}" font-size="11" text-anchor="end" fill="${INK}">${esc(r.label)}</text>`,
      );
    }
    group.forEach((s) => {
      const i = f.series.indexOf(s);
      const color = LIGHT_SERIES[i % LIGHT_SERIES.length]!;
      out.push(
        `<path class="series" data-label="${esc(s.label)}" d="${seriesPath(xs, s.values, px, py)}" fill="none" stroke="${color}" stroke-width="1.5"/>`,
      );
    });
    // One label per panel: the channel (stacked) or every channel with its colour (overlaid).
    if (f.layout === 'stacked')
      out.push(
        `<text class="panel-label" x="${left + 6}" y="${y + 14}" font-size="12" font-weight="600" fill="${INK}">${esc(group[0]!.label)}</text>`,
      );
    else {
      let lx = left + 6;
      group.forEach((s) => {
        const color = LIGHT_SERIES[f.series.indexOf(s) % LIGHT_SERIES.length]!;
        out.push(`<line x1="${lx}" x2="${lx + 16}" y1="${y + 10}" y2="${y + 10}" stroke="${color}" stroke-width="3"/>`);
        out.push(
          `<text class="panel-label" x="${lx + 20}" y="${y + 14}" font-size="12" fill="${INK}">${esc(s.label)}</text>`,
        );
        lx += 20 + textWidth(s.label, 12) + 16;
      });
    }
    out.push(
      `<text x="14" y="${y + panelH / 2}" font-size="11" fill="${MUTED}" transform="rotate(-90 14 ${y + panelH / 2})" text-anchor="middle">${esc(f.yLabel)}</text>`,
    );
    out.push(`</g>`);
    y += panelH + (p < panels.length - 1 ? gap : 0);
  });
  // Time ticks under the last panel.
  for (let k = 0; k <= 4; k++) {
    const sec = x0 + ((x1 - x0) * k) / 4;
    out.push(
      `<text x="${px(sec).toFixed(1)}" y="${y + 16}" font-size="11" text-anchor="${k === 0 ? 'start' : k === 4 ? 'end' : 'middle'}" fill="${MUTED}">${esc(f.formatX(sec))}</text>`,
    );
  }
  out.push(
    `<text x="${left + plotW / 2}" y="${y + 34}" font-size="12" text-anchor="middle" fill="${INK}">${esc(f.xLabel)}</text>`,
  );
  let cy = y + 58;
  for (const line of f.caption) {
    out.push(`<text class="caption" x="16" y="${cy}" font-size="11" fill="${INK}">${esc(line)}</text>`);
    cy += 15;
  }
  const height = cy + 4;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif">`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    ...out,
    `</svg>`,
  ].join('\n');
}
