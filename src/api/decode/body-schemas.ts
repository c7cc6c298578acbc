/**
 * The two big bodies (a year of RSAM, an unbounded legacy answer) judged by valibot schemas built
 * from their shapes (field-kinds.ts), for a body the quick checks (rsam-body.ts, legacy-body.ts)
 * do not pass: the first issue names what is wrong. Shared by the parse worker, which loads this
 * only then, and the in-thread fallback. Worker-safe: no DOM, no runtime config, no rate limiter.
 * A failure is returned as plain data (structured-clonable), which decode-failure.ts words into the
 * same ApiError an in-thread parse gives.
 */
import * as v from 'valibot';
import { int } from './schema-parts';
import { issueData } from './schema-words';
import type { ImageType } from '../../domain/volcanoes';
import { parseIsoUtc } from '../../domain/iso-time-loose';
import { WALL_TIME, type FieldKind, type FieldKinds, type Shape, type ShapeOf } from './field-kinds';
import type { Decoded } from './decoded';
import { quickRsam, RSAM_ENVELOPE, RSAM_SERIES, rsamFromSeries } from './rsam-body';
import type { RsamSeries } from './rsam-series';
import { LEGACY_RECORD, legacyImageOf, quickLegacySlice, type LegacyImage } from './legacy-body';

/** Each kind's schema, to the rule of its check in field-kinds.ts `FIELD_CHECKS`. */
export const FIELD_SCHEMAS: { readonly [K in FieldKind]: v.GenericSchema<unknown, FieldKinds[K]> } = {
  string: v.string(),
  text: v.pipe(v.string(), v.minLength(1)),
  int,
  positiveInt: v.pipe(int, v.gtValue(0)),
  intOrNull: v.nullable(int),
  wallTime: v.pipe(v.string(), v.regex(WALL_TIME, 'must be yyyy-mm-ddThh:mm:ss without a zone')),
  // Only its being an array: v.array would walk every point once more before the loop does.
  array: v.custom<unknown[]>((x) => Array.isArray(x), 'must be an array'),
};

/** The object schema of a shape, its fields in the shape's order (the first issue is the first field's). */
function entriesOf<S extends Shape>(shape: S): { [K in keyof S]: v.GenericSchema<unknown, FieldKinds[S[K]]> } {
  return Object.fromEntries(Object.entries(shape).map(([k, kind]) => [k, FIELD_SCHEMAS[kind]])) as {
    [K in keyof S]: v.GenericSchema<unknown, FieldKinds[S[K]]>;
  };
}

/** The envelope is checked by schema; the points (up to 525,600 a year) by rsamFromSeries's loop. */
export const rsamSeriesSchema = v.object(entriesOf(RSAM_SERIES));

export const rsamEnvelopeSchema = v.object({
  series: v.pipe(v.array(rsamSeriesSchema), v.length(1, 'must hold exactly one series')),
  ...entriesOf(RSAM_ENVELOPE),
});

export const legacyRecordSchema: v.GenericSchema<unknown, ShapeOf<typeof LEGACY_RECORD>> = v.object(
  entriesOf(LEGACY_RECORD),
);

/** The first issue is the one reported: no need to look further into a broken body. */
const FIRST = { abortEarly: true } as const;

/** The body converted, checking every point; the envelope schema judges what the quick check does not pass. */
export function rsamFromBody(body: unknown): Decoded<RsamSeries> {
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
