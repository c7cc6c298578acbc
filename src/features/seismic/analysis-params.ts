/**
 * The analysis part of the seismic URL: `analysis=amplitude|ratio|cumulative|inverse|counts`,
 * `fit=<ISO interval>` (the inverse-rate fit span), `threshold=5000` or `threshold=3x` (event
 * counts: counts, or N × the running median), `bin=hour|day`. Parsed and written only here.
 */
import type { Bin, Threshold } from '../../analysis/event-counts';

export const ANALYSES = ['amplitude', 'ratio', 'cumulative', 'inverse', 'counts'] as const;
export type Analysis = (typeof ANALYSES)[number];

export const ANALYSIS_LABEL: Record<Analysis, string> = {
  amplitude: 'Amplitude',
  ratio: 'Ratio',
  cumulative: 'Cumulative',
  inverse: 'Inverse rate (failure forecast)',
  counts: 'Event counts',
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

export const ANALYSIS_KEYS = ['analysis', 'fit', 'threshold', 'bin'] as const;

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

/** Reads the analysis keys of `sp`; `drop` records a value that was ignored and why. */
export function parseAnalysisParams(
  sp: URLSearchParams,
  drop: (name: string, value: string, why: string) => void,
): AnalysisState {
  const s: AnalysisState = { ...DEFAULT_ANALYSIS };
  const a = sp.get('analysis');
  if (a !== null) {
    if ((ANALYSES as readonly string[]).includes(a)) s.analysis = a as Analysis;
    else drop('analysis', a, `must be one of ${ANALYSES.join(', ')}`);
  }
  const fit = sp.get('fit');
  if (fit !== null) {
    const f = parseFit(fit);
    if (f) s.fit = f;
    else drop('fit', fit, 'must be an interval of UTC instants such as 2025-03-01T00:00:00Z/2025-03-05T00:00:00Z');
  }
  const th = sp.get('threshold');
  if (th !== null) {
    const t = parseThreshold(th);
    if (t) s.threshold = t;
    else drop('threshold', th, 'must be counts above 0 (5000) or a multiple of the running median (3x)');
  }
  const bin = sp.get('bin');
  if (bin !== null) {
    if (bin === 'hour' || bin === 'day') s.bin = bin;
    else drop('bin', bin, 'must be hour or day');
  }
  return s;
}

/** Writes the non-default analysis keys into `sp`. */
export function serializeAnalysisParams(s: AnalysisState, sp: URLSearchParams): void {
  if (s.analysis !== 'amplitude') sp.set('analysis', s.analysis);
  if (s.fit) sp.set('fit', formatFit(s.fit));
  const th = formatThreshold(s.threshold);
  if (th !== formatThreshold(DEFAULT_ANALYSIS.threshold)) sp.set('threshold', th);
  if (s.bin !== 'hour') sp.set('bin', s.bin);
}
