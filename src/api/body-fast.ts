/**
 * The schema-free half of body decoding: conversion of a year of RSAM or a legacy answer, and quick
 * checks that accept only bodies the schemas in body-decode.ts accept. The parse worker runs on
 * this module alone and loads the schemas (valibot) only when a quick check fails, to
 * judge and name what is wrong; a healthy service never makes it download them.
 */
import type { ImageType } from '../domain/volcanoes';
import { parseIsoUtcFast } from '../domain/time';
import type { LegacyRecordRaw } from './body-decode';
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

/** The record's `url` is relative to the legacy host (spec 02 §2); prefixes of the base are kept. */
export function resolveAgainst(url: string, base: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  return `${base}${url.startsWith('/') ? '' : '/'}${url}`;
}

export function legacyImageOf(r: LegacyRecordRaw, imageType: ImageType, base: string): LegacyImage {
  return {
    legacyId: r.id,
    image_id: r.image_id,
    image_url: resolveAgainst(r.url, base),
    vnum: r.vnum,
    site: r.site,
    image_type: imageType,
    time: { kind: 'unzoned', wall: r.timestamp },
    file_format: r.file_format,
    frame: r.frame,
    quality: r.quality,
  };
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

/** Checks every point as it converts a checked series into typed arrays (times in unix seconds). */
export function rsamFromSeries(s: RsamSeriesEnvelope): Decoded<DecodedRsam> {
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
    const t = parseIsoUtcFast(p.time);
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

type Fields = Record<string, unknown>;
const isObject = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === 'string';
const isFilled = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
const isInt = (v: unknown): v is number => Number.isSafeInteger(v);
const isIntOrNull = (v: unknown) => v === null || isInt(v);

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
  return rsamFromSeries(s as unknown as RsamSeriesEnvelope);
}

const LEGACY_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

/** Whether `r` passes a check as strict as `legacyRecordSchema`. */
function isLegacyRecord(r: unknown): r is LegacyRecordRaw {
  return (
    isObject(r) &&
    isInt(r.id) &&
    isFilled(r.image_id) &&
    isString(r.site) &&
    isInt(r.vnum) &&
    isString(r.timestamp) &&
    LEGACY_TIME.test(r.timestamp) &&
    isString(r.file_format) &&
    isFilled(r.url) &&
    isIntOrNull(r.frame) &&
    isIntOrNull(r.quality)
  );
}

/**
 * Records `[start, end)` of a legacy answer converted, when every one passes the quick check;
 * null when one does not (or the body is no array), and the schema must judge the slice.
 */
export function quickLegacySlice(
  body: unknown,
  start: number,
  end: number,
  imageType: ImageType,
  base: string,
): Decoded<LegacyImage[]> | null {
  if (!Array.isArray(body)) return null;
  const out = new Array<LegacyImage>(Math.max(0, end - start));
  for (let i = start; i < end; i++) {
    const r: unknown = body[i];
    if (!isLegacyRecord(r)) return null;
    out[i - start] = legacyImageOf(r, imageType, base);
  }
  return { ok: true, value: out };
}
