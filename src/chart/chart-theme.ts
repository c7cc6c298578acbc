/**
 * Chart colours read from the page's CSS custom properties, so canvases follow the theme (the
 * options builder, chart-options.ts, reads its axis colours here; an export its background).
 */

/** A CSS custom property of the document root, trimmed, or `fallback` when unset (or no DOM). */
export function cssVar(name: string, fallback: string): string {
  if (typeof document === 'undefined') return fallback;
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}
