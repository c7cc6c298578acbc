/**
 * The schema-free half of body decoding: conversion of a year of RSAM, and quick checks that accept
 * only bodies the schemas in body-decode.ts accept (legacy answers: legacy-fast.ts). The parse
 * worker runs on this module and loads the schemas (valibot) only when a quick check fails, to
 * judge and name what is wrong; a healthy service never makes it download them.
 */
import type { ImageType } from '../../domain/volcanoes';
import { parseIsoUtcFast } from '../../domain/time';
import type { IssueData } from './schema-words';

/**
 * A v1 record on the v2 model's field names (imagery.ts `ImageRecord`) where they correspond.
 * The time is its own kind: v1 gives no zone (spec 02 §2), so it is kept and shown as written.
 */
export interface LegacyImage {
  legacyId: number;
  image_id: string;
  image_url: string;
  vnum: number;
  site: string;
  image_type: ImageType;
  time: { kind: 'unzoned'; wall: string };
  file_format: string;
  frame: number | null;
  quality: number | null;
}

export type { IssueData };

export type DecodeFailure =
  | { kind: 'malformed'; head: string }
  /** A schema issue; `prefix` goes before its path (`[12]` for the 13th legacy record). */
  | { kind: 'issue'; issue: IssueData; prefix: string }
  | { kind: 'field'; field: string; problem: string };

export interface DecodedRsam {
  channel: { network: string; station: string; location: string; channel: string };
  windowSec: number;
  times: Float64Array;
  values: Float64Array;
}

export type Decoded<T> = { ok: true; value: T } | { ok: false; failure: DecodeFailure };

/** What the RSAM envelope schema guarantees once it passes. */
export interface RsamSeriesEnvelope {
  network: string;
  station: string;
  location: string;
  channel: string;
  window_sec: number;
  points: unknown[];
}

export function parseText(text: string): Decoded<unknown> {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, failure: { kind: 'malformed', head: text.slice(0, 40) } };
  }
}

const decoder = new TextDecoder();
export const textOf = (bytes: ArrayBuffer) => decoder.decode(bytes);

/**
 * Checks every point as it converts a checked series into typed arrays (times in unix seconds).
 * `parseTime`: the fast fixed-format reader, or the tolerant one (body-decode.ts) for a body the
 * fast one refused.
 */
export function rsamFromSeries(
  s: RsamSeriesEnvelope,
  parseTime: (iso: string) => number = parseIsoUtcFast,
): Decoded<DecodedRsam> {
  const n = s.points.length;
  const times = new Float64Array(n);
  const values = new Float64Array(n);
  const bad = (i: number, field: string, problem: string): Decoded<DecodedRsam> => ({
    ok: false,
    failure: { kind: 'field', field: `series[0].points[${i}]${field ? `.${field}` : ''}`, problem },
  });
  for (let i = 0; i < n; i++) {
    const p = s.points[i] as { time?: unknown; rsam_counts?: unknown } | null;
    if (!p || typeof p !== 'object') return bad(i, '', 'must be an object');
    if (typeof p.time !== 'string') return bad(i, 'time', 'must be a string timestamp');
    const t = parseTime(p.time);
    if (Number.isNaN(t))
      return bad(i, 'time', `must be an ISO 8601 UTC timestamp, got ${JSON.stringify(p.time).slice(0, 40)}`);
    if (typeof p.rsam_counts !== 'number' || !Number.isFinite(p.rsam_counts))
      return bad(i, 'rsam_counts', `must be a number, got ${JSON.stringify(p.rsam_counts)?.slice(0, 40)}`);
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

export type Fields = Record<string, unknown>;
export const isObject = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);
export const isString = (v: unknown): v is string => typeof v === 'string';
export const isInt = (v: unknown): v is number => Number.isSafeInteger(v);

/**
 * The RSAM body converted, when its envelope passes a check as strict as `rsamEnvelopeSchema`;
 * null when it does not, and the schema must judge it.
 */
export function quickRsam(body: unknown): Decoded<DecodedRsam> | null {
  if (!isObject(body) || !isString(body.datefrom) || !isString(body.dateto)) return null;
  const series = body.series;
  if (!Array.isArray(series) || series.length !== 1) return null;
  const s: unknown = series[0];
  if (!isObject(s) || !isString(s.network) || !isString(s.station) || !isString(s.location)) return null;
  if (!isString(s.channel) || !isInt(s.window_sec) || s.window_sec <= 0 || !Array.isArray(s.points)) return null;
  const r = rsamFromSeries(s as unknown as RsamSeriesEnvelope);
  // A time in another spelling of UTC (`+00:00`, `z`): the schema path reads it with the tolerant parser.
  return !r.ok && r.failure.kind === 'field' && r.failure.field.endsWith('.time') ? null : r;
}
