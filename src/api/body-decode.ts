/**
 * Decoding of the two big bodies (a year of RSAM, an unbounded legacy answer), shared by the parse
 * worker and the in-thread fallback. Worker-safe: no DOM, no runtime config, no rate limiter. A
 * failure is returned as plain data (structured-clonable), and http.ts words it into the same
 * ApiError on the main thread as an in-thread parse would.
 */
import * as z from 'zod/mini';
import type { ImageType } from '../domain/volcanoes';
import { parseIsoUtcFast } from '../domain/time';

const channelSchema = z.object({
  network: z.string(),
  station: z.string(),
  location: z.string(),
  channel: z.string(),
});

/** The envelope is checked by schema; the points (up to 525,600 a year) by a tight loop below. */
export const rsamEnvelopeSchema = z.object({
  series: z
    .array(
      z.extend(channelSchema, {
        window_sec: z.int().check(z.positive()),
        // Only its being an array: z.array would walk every point once more before the loop does.
        points: z.custom<unknown[]>((v) => Array.isArray(v), 'must be an array'),
      }),
    )
    .check(z.length(1, 'must hold exactly one series')),
  datefrom: z.string(),
  dateto: z.string(),
});

export const legacyRecordSchema = z.object({
  id: z.int(),
  image_id: z.string().check(z.minLength(1)),
  site: z.string(),
  vnum: z.int(),
  timestamp: z
    .string()
    .check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/, 'must be yyyy-mm-ddThh:mm:ss without a zone')),
  file_format: z.string(),
  url: z.string().check(z.minLength(1)),
  frame: z.nullable(z.int()),
  quality: z.nullable(z.int()),
});
export type LegacyRecordRaw = z.infer<typeof legacyRecordSchema>;

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

/** The parts of a zod issue http.ts needs to word it (`describeIssue`), cloneable across threads. */
export type IssueData = z.core.$ZodIssue;

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

/** Only what `describeIssue` reads: the issue's `input` may be a whole body, never worth cloning. */
function issueData(issue: z.core.$ZodIssue): IssueData {
  const { input: _input, inst: _inst, ...rest } = issue as z.core.$ZodIssue & { input?: unknown; inst?: unknown };
  return JSON.parse(JSON.stringify(rest)) as IssueData;
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

/** Checks every point as it converts the parsed body into typed arrays (times in unix seconds). */
export function rsamFromBody(body: unknown): Decoded<DecodedRsam> {
  const env = rsamEnvelopeSchema.safeParse(body);
  if (!env.success)
    return { ok: false, failure: { kind: 'issue', issue: issueData(env.error.issues[0]!), prefix: '' } };
  const s = env.data.series[0]!;
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

const recordArraySchema = z.array(z.unknown());

/**
 * Validates and converts records `[start, end)` of a parsed legacy answer. The first bad record
 * fails the whole answer, named by its index.
 */
export function legacySlice(
  body: unknown,
  start: number,
  end: number,
  imageType: ImageType,
  base: string,
): Decoded<LegacyImage[]> {
  if (!Array.isArray(body)) {
    const r = recordArraySchema.safeParse(body);
    return { ok: false, failure: { kind: 'issue', issue: issueData(r.error!.issues[0]!), prefix: '' } };
  }
  const out = new Array<LegacyImage>(Math.max(0, end - start));
  for (let i = start; i < end; i++) {
    const r = legacyRecordSchema.safeParse(body[i]);
    if (!r.success)
      return { ok: false, failure: { kind: 'issue', issue: issueData(r.error.issues[0]!), prefix: `[${i}]` } };
    out[i - start] = legacyImageOf(r.data, imageType, base);
  }
  return { ok: true, value: out };
}
