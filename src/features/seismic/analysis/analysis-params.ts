/**
 * The analysis part of the seismic URL: `analysis=amplitude|ratio|cumulative|inverse|counts`,
 * `fit=<ISO interval>` (the inverse-rate fit span), `threshold=5000` or `threshold=3x` (event
 * counts: counts, or N × the running median), `bin=hour|day`. Declared only here.
 */
import { msg, t } from '@lingui/core/macro';
import type { MessageDescriptor } from '../../../i18n/i18n';
import type { Bin, Threshold } from '../../../analysis/event-counts';
import { oneOf, param, parsedWith, type UrlSchema } from '../../../ui/url-schema';

export const ANALYSES = ['amplitude', 'ratio', 'cumulative', 'inverse', 'counts'] as const;
export type Analysis = (typeof ANALYSES)[number];

/** Said with `i18n._()` where shown, in the language of the moment. */
export const ANALYSIS_LABEL: Record<Analysis, MessageDescriptor> = {
  amplitude: msg`Amplitude`,
  ratio: msg`Ratio`,
  cumulative: msg`Cumulative`,
  inverse: msg`Inverse rate (failure forecast)`,
  counts: msg`Event counts`,
};

export interface AnalysisState {
  analysis: Analysis;
  /** Fit span of the inverse-rate forecast, unix seconds. */
  fit: readonly [number, number] | null;
  threshold: Threshold;
  bin: Bin;
}

export const DEFAULT_ANALYSIS: AnalysisState = {
  analysis: 'amplitude',
  fit: null,
  threshold: { kind: 'median', factor: 3 },
  bin: 'hour',
};

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/;

export function parseFit(v: string): readonly [number, number] | null {
  const [a, b, extra] = v.split('/');
  if (extra !== undefined || !a || !b || !ISO_INSTANT.test(a) || !ISO_INSTANT.test(b)) return null;
  const from = Date.parse(a) / 1000;
  const to = Date.parse(b) / 1000;
  return Number.isFinite(from) && Number.isFinite(to) && from < to ? [from, to] : null;
}

export function formatFit(f: readonly [number, number]): string {
  const iso = (s: number) => new Date(Math.round(s) * 1000).toISOString().replace('.000Z', 'Z');
  return `${iso(f[0])}/${iso(f[1])}`;
}

export function parseThreshold(v: string): Threshold | null {
  const m = /^(\d+(?:\.\d+)?)(x?)$/i.exec(v.trim());
  if (!m) return null;
  const n = Number(m[1]);
  if (!(n > 0)) return null;
  return m[2] ? { kind: 'median', factor: n } : { kind: 'counts', value: n };
}

export function formatThreshold(t: Threshold): string {
  return t.kind === 'counts' ? String(t.value) : `${t.factor}x`;
}

/**
 * The analysis keys of the seismic view's table (seismic-params.ts), made with the table so that
 * its reasons are in the language of the moment.
 */
export function analysisParams(): UrlSchema<AnalysisState>['params'] {
  const analyses = ANALYSES.join(', ');
  return {
    analysis: param(oneOf(ANALYSES, t`must be one of ${analyses}`), DEFAULT_ANALYSIS.analysis),
    fit: param(
      parsedWith(
        parseFit,
        () => t`must be an interval of UTC instants such as 2025-03-01T00:00:00Z/2025-03-05T00:00:00Z`,
      ),
      DEFAULT_ANALYSIS.fit,
      { serialize: formatFit },
    ),
    threshold: param(
      parsedWith(parseThreshold, () => t`must be counts above 0 (5000) or a multiple of the running median (3x)`),
      DEFAULT_ANALYSIS.threshold,
      { serialize: formatThreshold },
    ),
    bin: param(oneOf(['hour', 'day']), DEFAULT_ANALYSIS.bin),
  };
}
