/**
 * A report figure's caption: what it shows (channels, range with zone, the analysis' rule), where the
 * data came from and when and by what it was made. One sentence a line; figure-svg.ts wraps them.
 */
import { t } from '@lingui/core/macro';

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
  if (config.mock) return t`demo data (the app’s built-in mock service, not real measurements)`;
  try {
    return new URL(config.apiBaseUrl, pageHref).host || config.apiBaseUrl;
  } catch {
    return config.apiBaseUrl;
  }
}

/** The caption's lines, in the app's language (the app's name and the data's names as they are). */
export function figureCaption(c: CaptionInput): string[] {
  const volcano = c.volcano;
  const ids = c.channels.join(', ');
  const from = c.fmt(c.x[0]);
  const to = c.fmt(c.x[1]);
  const source = c.source;
  const exported = c.fmt(Math.floor(c.exportedAt / 1000));
  return [
    ...(volcano ? [t`Volcano: ${volcano}.`] : []),
    c.channels.length === 0 ? t`Channels: none.` : c.channels.length === 1 ? t`Channel: ${ids}.` : t`Channels: ${ids}.`,
    t`Range: ${from} to ${to}.`,
    ...(c.method ?? []),
    t`Source: ${source}. Made with ${APP_NAME}, exported ${exported}.`,
  ];
}
