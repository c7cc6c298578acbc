/**
 * Chart colours read from the page's CSS custom properties, so canvases follow the theme. Kept
 * apart from chart-options so a chart can use them without loading the export and smoothing code.
 */

/** A CSS custom property of the document root, trimmed, or `fallback` when unset (or no DOM). */
export function cssVar(name: string, fallback: string): string {
  if (typeof document === 'undefined') return fallback;
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/** The colours every chart axis uses: muted text and the border colour for grid and ticks. */
export function axisColors(): { fg: string; grid: string } {
  return { fg: cssVar('--fg-muted', '#aaa'), grid: cssVar('--border', '#444') };
}
