import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { FIELD_CHECKS, shapeCheck, type FieldKind, type Shape } from './field-kinds';
import { LEGACY_RECORD } from './legacy-body';
import { RSAM_SERIES } from './rsam-body';
import { FIELD_SCHEMAS, legacyRecordSchema, rsamSeriesSchema } from './body-schemas';
import { formatPath, issueData } from './schema-words';

// The quick checks and the schemas are two readings of one table: they must accept the same
// values, kind by kind, and reject the same records, the schema naming the field that broke.
const SAMPLES: unknown[] = [
  '',
  'a',
  'CLNE',
  '60',
  '2025-03-01T12:00:00',
  '2025-03-01T12:00:00Z',
  '2025-03-01 12:00:00',
  0,
  1,
  -1,
  60,
  1.5,
  -0,
  2 ** 53,
  2 ** 53 - 1,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  null,
  undefined,
  true,
  false,
  [],
  [1, 2],
  {},
  { length: 1 },
];

const KINDS = Object.keys(FIELD_CHECKS) as FieldKind[];

describe('each field kind: the quick check and the schema agree', () => {
  it('covers every kind both ways', () => {
    expect(Object.keys(FIELD_SCHEMAS).sort()).toEqual([...KINDS].sort());
  });

  it.each(KINDS)('%s', (kind) => {
    const quick = SAMPLES.map((x) => FIELD_CHECKS[kind](x));
    const schema = SAMPLES.map((x) => v.is(FIELD_SCHEMAS[kind], x));
    expect(quick).toEqual(schema);
    // Neither accepts everything nor nothing: the samples tell the kind apart.
    expect(quick).toContain(true);
    expect(quick).toContain(false);
  });
});

const GOOD: Record<string, unknown> = {
  id: 7,
  image_id: 'img-7',
  site: 'CLNE',
  vnum: 311240,
  timestamp: '2025-03-01T12:00:00',
  file_format: 'jpg',
  url: '/images/7.jpg',
  frame: null,
  quality: 3,
  network: 'AV',
  station: 'CLCL',
  location: '',
  channel: 'BHZ',
  window_sec: 60,
  points: [],
};

/** Every record of `shape` with one field broken (each sample its kind refuses, or the field left out). */
function broken(shape: Shape): [string, Record<string, unknown>][] {
  const good = Object.fromEntries(Object.keys(shape).map((k) => [k, GOOD[k]]));
  const out: [string, Record<string, unknown>][] = [];
  for (const [field, kind] of Object.entries(shape)) {
    const { [field]: _, ...without } = good;
    out.push([field, without]);
    for (const x of SAMPLES) if (!FIELD_CHECKS[kind](x)) out.push([field, { ...good, [field]: x }]);
  }
  return out;
}

describe.each([
  ['a legacy record', LEGACY_RECORD, legacyRecordSchema],
  ['a RSAM series', RSAM_SERIES, rsamSeriesSchema],
] as const)('%s: the quick check and the schema agree', (_, shape, schema) => {
  it('both pass a healthy one', () => {
    const good = Object.fromEntries(Object.keys(shape).map((k) => [k, GOOD[k]]));
    expect(shapeCheck(shape)(good)).toBe(true);
    expect(v.is(schema, good)).toBe(true);
  });

  it('both refuse each broken one, and the schema names the field broken', () => {
    const fits = shapeCheck(shape);
    const cases = broken(shape);
    expect(cases.length).toBeGreaterThan(Object.keys(shape).length);
    for (const [field, record] of cases) {
      expect(fits(record), field).toBe(false);
      const r = v.safeParse(schema, record, { abortEarly: true });
      expect(r.success, field).toBe(false);
      expect(formatPath(issueData(r.issues![0]).path), field).toBe(field);
    }
  });
});
