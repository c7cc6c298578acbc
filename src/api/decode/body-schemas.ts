/**
 * Decoding of the two big bodies (a year of RSAM, an unbounded legacy answer), shared by the parse
 * worker and the in-thread fallback. Worker-safe: no DOM, no runtime config, no rate limiter. A
 * failure is returned as plain data (structured-clonable), and http.ts words it into the same
 * ApiError on the main thread as an in-thread parse would. The schemas judge a body only when the
 * quick checks of body-fast.ts do not pass it, so a failure is worded from the schema's first issue.
 */
import * as v from 'valibot';
import { channelSchema, int } from './schema-parts';
import { quickRsam, rsamFromSeries, type Decoded, type DecodedRsam, type LegacyImage } from './rsam-body';
import { legacyImageOf, quickLegacySlice } from './legacy-body';
import type { ImageType } from '../../domain/volcanoes';
import { issueData } from './schema-words';
import { parseIsoUtc } from '../../domain/iso-time-loose';

export * from './rsam-body';
export * from './legacy-body';

/** The envelope is checked by schema; the points (up to 525,600 a year) by rsamFromSeries's loop. */
export const rsamEnvelopeSchema = v.object({
  series: v.pipe(
    v.array(
      v.object({
        ...channelSchema.entries,
        window_sec: v.pipe(int, v.gtValue(0)),
        // Only its being an array: v.array would walk every point once more before the loop does.
        points: v.custom<unknown[]>((x) => Array.isArray(x), 'must be an array'),
      }),
    ),
    v.length(1, 'must hold exactly one series'),
  ),
  datefrom: v.string(),
  dateto: v.string(),
});

export const legacyRecordSchema = v.object({
  id: int,
  image_id: v.pipe(v.string(), v.minLength(1)),
  site: v.string(),
  vnum: int,
  timestamp: v.pipe(
    v.string(),
    v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/, 'must be yyyy-mm-ddThh:mm:ss without a zone'),
  ),
  file_format: v.string(),
  url: v.pipe(v.string(), v.minLength(1)),
  frame: v.nullable(int),
  quality: v.nullable(int),
});
export type LegacyRecordRaw = v.InferOutput<typeof legacyRecordSchema>;

/** The first issue is the one reported: no need to look further into a broken body. */
const FIRST = { abortEarly: true } as const;

/** The body converted, checking every point; the envelope schema judges what the quick check does not pass. */
export function rsamFromBody(body: unknown): Decoded<DecodedRsam> {
  const quick = quickRsam(body);
  if (quick) return quick;
  const env = v.safeParse(rsamEnvelopeSchema, body, FIRST);
  if (!env.success) return { ok: false, failure: { kind: 'issue', issue: issueData(env.issues[0]), prefix: '' } };
  return rsamFromSeries(env.output.series[0]!, parseIsoUtc);
}

const recordArraySchema = v.array(v.unknown());

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
  const quick = quickLegacySlice(body, start, end, imageType, base);
  if (quick) return quick;
  if (!Array.isArray(body)) {
    const r = v.safeParse(recordArraySchema, body, FIRST);
    return { ok: false, failure: { kind: 'issue', issue: issueData(r.issues![0]), prefix: '' } };
  }
  const out = new Array<LegacyImage>(Math.max(0, end - start));
  for (let i = start; i < end; i++) {
    const r = v.safeParse(legacyRecordSchema, body[i], FIRST);
    if (!r.success) return { ok: false, failure: { kind: 'issue', issue: issueData(r.issues[0]), prefix: `[${i}]` } };
    out[i - start] = legacyImageOf(r.output, imageType, base);
  }
  return { ok: true, value: out };
}
