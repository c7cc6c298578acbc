/**
 * Decoding of the two big bodies (a year of RSAM, an unbounded legacy answer), shared by the parse
 * worker and the in-thread fallback. Worker-safe: no DOM, no runtime config, no rate limiter. A
 * failure is returned as plain data (structured-clonable), and http.ts words it into the same
 * ApiError on the main thread as an in-thread parse would. The schemas judge a body only when the
 * quick checks of body-fast.ts do not pass it, so a failure is worded by zod as before.
 */
import * as z from 'zod/mini';
import {
  quickLegacySlice,
  quickRsam,
  legacyImageOf,
  rsamFromSeries,
  type Decoded,
  type DecodedRsam,
  type IssueData,
  type LegacyImage,
} from './body-fast';
import type { ImageType } from '../domain/volcanoes';

export * from './body-fast';

const channelSchema = z.object({
  network: z.string(),
  station: z.string(),
  location: z.string(),
  channel: z.string(),
});

/** The envelope is checked by schema; the points (up to 525,600 a year) by rsamFromSeries's loop. */
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

/** Only what `describeIssue` reads: the issue's `input` may be a whole body, never worth cloning. */
function issueData(issue: z.core.$ZodIssue): IssueData {
  const { input: _input, inst: _inst, ...rest } = issue as z.core.$ZodIssue & { input?: unknown; inst?: unknown };
  return JSON.parse(JSON.stringify(rest)) as IssueData;
}

/** The body converted, checking every point; the envelope schema judges what the quick check does not pass. */
export function rsamFromBody(body: unknown): Decoded<DecodedRsam> {
  const quick = quickRsam(body);
  if (quick) return quick;
  const env = rsamEnvelopeSchema.safeParse(body);
  if (!env.success)
    return { ok: false, failure: { kind: 'issue', issue: issueData(env.error.issues[0]!), prefix: '' } };
  return rsamFromSeries(env.data.series[0]!);
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
  const quick = quickLegacySlice(body, start, end, imageType, base);
  if (quick) return quick;
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
