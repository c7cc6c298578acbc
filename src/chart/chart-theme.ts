/**
 * Chart colours read from the page's CSS custom properties, so canvases follow the theme. Kept
 * apart from chart-options so a chart can use them without loading the export and smoothing code.
 */
import type uPlot from 'uplot';

/** A CSS custom property of the document root, trimmed, or `fallback` when unset (or no DOM). */
export function cssVar(name: string, fallback: string): string {
  if (typeof document === 'undefined') return fallback;
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/**
 * An axis builder in the theme's colours (muted text; the border colour for grid and ticks), read
 * when called, so a chart whose options are rebuilt follows a theme change.
 */
export function themedAxis(): (extra: Partial<uPlot.Axis>) => uPlot.Axis {
  const fg = cssVar('--fg-muted', '#aaa');
  const grid = cssVar('--border', '#444');
  return (extra) => ({ stroke: fg, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 }, ...extra });
}

/**
 * A data line as the charts draw it: thin, no point markers, broken at gaps (never bridged).
 * One CSS pixel: a wider or fractional line leaves the rasteriser's hairline path, and a year of
 * noisy RSAM (a full-height stroke in every pixel column) then took 190–450 ms to draw without a
 * GPU against ~10 ms at width 1 (measured in headless Chromium, 3 series × 4,400 rows).
 */
export function lineSeries(label: string, stroke: string): uPlot.Series {
  return { label, stroke, width: 1, spanGaps: false, points: { show: false } };
}
