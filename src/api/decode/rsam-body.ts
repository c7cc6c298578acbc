/**
 * A RSAM body, schema-free: its conversion into typed columns (a year of points, checked one by
 * one), and its shape with the quick check of its envelope by it (field-kinds.ts). The parse worker runs
 * on this module and loads the schemas (body-schemas.ts, valibot) only when the quick check fails,
 * to judge and name what is wrong; a healthy service never makes it download them.
 */
import { parseIsoUtcFast } from '../../domain/time';
import { shapeCheck, type Shape, type ShapeOf } from './field-kinds';
import type { Decoded, FieldProblem } from './decoded';
import type { RsamSeries } from './rsam-series';

/** A RSAM answer around its one series (spec 01 §4.1). */
export const RSAM_ENVELOPE = { datefrom: 'string', dateto: 'string' } as const satisfies Shape;
/** The one series; its points (up to 525,600 a year) are checked one by one as they are converted. */
export const RSAM_SERIES = {
  network: 'string',
  station: 'string',
  location: 'string',
  channel: 'string',
  window_sec: 'positiveInt',
  points: 'array',
} as const satisfies Shape;

const isEnvelope = shapeCheck(RSAM_ENVELOPE);
const isSeries = shapeCheck(RSAM_SERIES);

/** What the RSAM series' shape guarantees once it passes. */
export type RsamSeriesEnvelope = ShapeOf<typeof RSAM_SERIES>;

/**
 * Checks every point as it converts a checked series into typed arrays (times in unix seconds).
 * `parseTime`: the fast fixed-format reader, or the tolerant one (body-schemas.ts) for a body the
 * fast one refused.
 */
export function rsamFromSeries(
  s: RsamSeriesEnvelope,
  parseTime: (iso: string) => number = parseIsoUtcFast,
): Decoded<RsamSeries> {
  const n = s.points.length;
  const times = new Float64Array(n);
  const values = new Float64Array(n);
  const bad = (i: number, field: string, problem: FieldProblem): Decoded<RsamSeries> => ({
    ok: false,
    failure: { kind: 'field', field: `series[0].points[${i}]${field ? `.${field}` : ''}`, problem },
  });
  for (let i = 0; i < n; i++) {
    const p = s.points[i] as { time?: unknown; rsam_counts?: unknown } | null;
    if (!p || typeof p !== 'object') return bad(i, '', { code: 'not-object' });
    if (typeof p.time !== 'string') return bad(i, 'time', { code: 'time-not-string' });
    const t = parseTime(p.time);
    if (Number.isNaN(t)) return bad(i, 'time', { code: 'time-not-iso', got: JSON.stringify(p.time).slice(0, 40) });
    if (typeof p.rsam_counts !== 'number' || !Number.isFinite(p.rsam_counts))
      return bad(i, 'rsam_counts', { code: 'not-number', got: String(JSON.stringify(p.rsam_counts)?.slice(0, 40)) });
    times[i] = t / 1000;
    values[i] = p.rsam_counts;
  }
  return {
    ok: true,
    value: {
      channel: { network: s.network, station: s.station, location: s.location, channel: s.channel },
      windowSec: s.window_sec,
      times,
      values,
    },
  };
}

/**
 * The RSAM body converted, when its envelope fits its shape (as `rsamEnvelopeSchema` would pass
 * it); null when it does not, and the schema must judge it.
 */
export function quickRsam(body: unknown): Decoded<RsamSeries> | null {
  if (!isEnvelope(body)) return null;
  const series = (body as { series?: unknown }).series;
  // Exactly one series (`v.length(1)` in the schema).
  if (!Array.isArray(series) || series.length !== 1 || !isSeries(series[0])) return null;
  const r = rsamFromSeries(series[0]);
  // A time in another spelling of UTC (`+00:00`, `z`): the schema path reads it with the tolerant parser.
  return !r.ok && r.failure.kind === 'field' && r.failure.field.endsWith('.time') ? null : r;
}
