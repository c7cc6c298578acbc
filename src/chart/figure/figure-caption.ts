/**
 * A report figure's caption: what it shows (channels, range with zone, the analysis' rule), where the
 * data came from and when and by what it was made. One sentence a line; figure-svg.ts wraps them.
 */

export const APP_NAME = 'Volcano Dashboard';

export interface CaptionInput {
  /** The volcano the channels watch, when the figure is of one (the volcano view's). */
  volcano?: string;
  channels: readonly string[];
  /** Shown x range, unix seconds. */
  x: readonly [number, number];
  /** Unix seconds to text that names its zone (e.g. `2025-03-01 00:00:00 UTC`). */
  fmt: (s: number) => string;
  /** The service the data came from (figureSource). */
  source: string;
  /** What the series are and the rule that made them (threshold, baseline, minimum duration…). */
  method?: readonly string[];
  /** When the figure was made, ms. */
  exportedAt: number;
}

/** The configured service's host, or "demo data" when the app answers itself (mock mode). */
export function figureSource(config: { mock: boolean; apiBaseUrl: string }, pageHref: string): string {
  if (config.mock) return 'demo data (the app’s built-in mock service, not real measurements)';
  try {
    return new URL(config.apiBaseUrl, pageHref).host || config.apiBaseUrl;
  } catch {
    return config.apiBaseUrl;
  }
}

export function figureCaption(c: CaptionInput): string[] {
  return [
    ...(c.volcano ? [`Volcano: ${c.volcano}.`] : []),
    `${c.channels.length === 1 ? 'Channel' : 'Channels'}: ${c.channels.join(', ') || 'none'}.`,
    `Range: ${c.fmt(c.x[0])} to ${c.fmt(c.x[1])}.`,
    ...(c.method ?? []),
    `Source: ${c.source}. Made with ${APP_NAME}, exported ${c.fmt(Math.floor(c.exportedAt / 1000))}.`,
  ];
}
