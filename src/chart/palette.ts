/**
 * The series colours of every chart, one palette per theme, and of the report figures (which are
 * light whatever the theme, so they take the light palette). The one definition: the charts' options
 * (chart-options.ts), the legends' swatches and the figures (figure/figure-svg.ts) all read it here.
 */
import type { Theme } from '../stores/theme-store';

/**
 * Dark theme: Okabe–Ito, distinguishable with the common colour-vision deficiencies (black left out:
 * it is the background). All hold 3:1 or more on the dark theme's surfaces.
 */
export const OKABE_ITO = ['#E69F00', '#56B4E9', '#009E73', '#F0E442', '#0072B2', '#D55E00', '#CC79A7'] as const;

/**
 * Light theme and report figures: Okabe–Ito's hues darkened where needed so every one holds WCAG's 3:1
 * non-text contrast on the light theme's surfaces and on white (Okabe–Ito's yellow has 1.3:1 on white,
 * its orange and sky blue 2.3:1). palette.test.ts works out each ratio against the light theme's
 * colours as global.css sets them.
 */
export const LIGHT_SERIES = ['#A86F00', '#2B7FB8', '#007A5A', '#7A6F00', '#00508A', '#B84F00', '#A4457C'] as const;

/**
 * What a screen reader says for each colour, in the same order (a legend's swatch is described by
 * it); the light palette's darkened yellow reads as olive.
 */
const NAMES = ['orange', 'sky-blue', 'green', 'yellow', 'blue', 'vermillion', 'reddish-purple'];

export function seriesPalette(theme: Theme): readonly string[] {
  return theme === 'light' ? LIGHT_SERIES : OKABE_ITO;
}

/** The colour of the `i`-th series in `theme` (the palette repeats past its end). */
export function seriesColor(i: number, theme: Theme): string {
  const p = seriesPalette(theme);
  return p[i % p.length]!;
}

/** The name of that colour, for the words that stand for a swatch. */
export function seriesColorName(i: number, theme: Theme): string {
  const k = i % NAMES.length;
  return theme === 'light' && k === 3 ? 'olive' : NAMES[k]!;
}
