import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { legacyRecordSchema, legacySlice, rsamEnvelopeSchema, rsamFromBody } from './body-schemas';
import { quickRsam } from './rsam-body';
import { quickLegacySlice } from './legacy-body';
import { rsamBody as fixtureBody } from '../../test/rsam-fixtures';

const rsamBody = () =>
  fixtureBody([
    { time: '2025-01-01T00:00:00Z', rsam_counts: 12.5 },
    { time: '2025-01-01T00:01:00Z', rsam_counts: 13 },
  ]);

const record = () => ({
  id: 7,
  image_id: 'img-7',
  site: 'CLNE',
  vnum: 311240,
  timestamp: '2025-03-01T12:00:00',
  file_format: 'jpg',
  url: '/images/7.jpg',
  frame: null,
  quality: 3,
});

type Body = Record<string, unknown> & { series: Record<string, unknown>[] };
const RSAM_BREAKAGES: [string, (b: Body) => unknown][] = [
  ['no datefrom', (b) => ({ ...b, datefrom: undefined })],
  ['numeric dateto', (b) => ({ ...b, dateto: 20250101 })],
  ['no series', (b) => ({ ...b, series: [] })],
  ['two series', (b) => ({ ...b, series: [b.series[0], b.series[0]] })],
  ['series an object', (b) => ({ ...b, series: b.series[0] })],
  ['series null', (b) => ({ ...b, series: [null] })],
  ['numeric network', (b) => ({ ...b, series: [{ ...b.series[0], network: 5 }] })],
  ['no location', (b) => ({ ...b, series: [{ ...b.series[0], location: undefined }] })],
  ['window 0', (b) => ({ ...b, series: [{ ...b.series[0], window_sec: 0 }] })],
  ['window -60', (b) => ({ ...b, series: [{ ...b.series[0], window_sec: -60 }] })],
  ['window 1.5', (b) => ({ ...b, series: [{ ...b.series[0], window_sec: 1.5 }] })],
  ['window "60"', (b) => ({ ...b, series: [{ ...b.series[0], window_sec: '60' }] })],
  ['window beyond 2^53', (b) => ({ ...b, series: [{ ...b.series[0], window_sec: 2 ** 53 }] })],
  ['points an object', (b) => ({ ...b, series: [{ ...b.series[0], points: {} }] })],
  ['body an array', (b) => [b]],
  ['body null', () => null],
];

describe('quick body checks (the parse worker runs on them without the schemas)', () => {
  it('convert a healthy RSAM body as the schema path does', () => {
    const quick = quickRsam(rsamBody());
    expect(quick?.ok && [...quick.value.times]).toEqual([1735689600, 1735689660]);
    expect(quick?.ok && [...quick.value.values]).toEqual([12.5, 13]);
    expect(quick?.ok && quick.value.windowSec).toBe(60);
  });

  it('leave a +00:00 offset to the schema path, which reads it as UTC; refuse a time out of range', () => {
    const offset = fixtureBody([{ time: '2025-01-01T00:00:00+00:00', rsam_counts: 1 }]);
    expect(quickRsam(offset)).toBeNull();
    const r = rsamFromBody(offset);
    expect(r.ok && [...r.value.times]).toEqual([1735689600]);
    const bad = rsamFromBody(fixtureBody([{ time: '2025-13-45T99:99:99Z', rsam_counts: 1 }]));
    expect(!bad.ok && bad.failure).toMatchObject({ kind: 'field', field: 'series[0].points[0].time' });
  });

  it.each(RSAM_BREAKAGES)('never pass an RSAM envelope the schema rejects: %s', (_, breakIt) => {
    const body = breakIt(rsamBody() as unknown as Body);
    expect(v.safeParse(rsamEnvelopeSchema, body).success).toBe(false);
    expect(quickRsam(body)).toBeNull();
    const r = rsamFromBody(body);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.failure.kind).toBe('issue');
  });

  it('leave a bad point to the same loop, so its failure names it', () => {
    const body = rsamBody();
    body.series[0]!.points[1] = { time: '2025-01-01T00:01:00Z', rsam_counts: Number.NaN };
    expect(quickRsam(body)).toEqual(rsamFromBody(body));
    expect(quickRsam(body)).toMatchObject({ ok: false, failure: { field: 'series[0].points[1].rsam_counts' } });
  });

  const LEGACY_BREAKAGES: [string, Record<string, unknown>][] = [
    ['fractional id', { id: 1.5 }],
    ['empty image_id', { image_id: '' }],
    ['empty url', { url: '' }],
    ['timestamp with a zone', { timestamp: '2025-03-01T12:00:00Z' }],
    ['no frame', { frame: undefined }],
    ['quality as text', { quality: '3' }],
    ['null vnum', { vnum: null }],
    ['numeric site', { site: 1 }],
  ];

  it.each(LEGACY_BREAKAGES)('never pass a legacy record the schema rejects: %s', (_, change) => {
    const bad = { ...record(), ...change };
    const body = [record(), bad, record()];
    expect(v.safeParse(legacyRecordSchema, bad).success).toBe(false);
    expect(quickLegacySlice(body, 0, 3, 'infrared', 'http://legacy.test')).toBeNull();
    expect(legacySlice(body, 0, 3, 'infrared', 'http://legacy.test')).toMatchObject({
      ok: false,
      failure: { kind: 'issue', prefix: '[1]' },
    });
  });

  it('convert healthy legacy records as the schema path does', () => {
    const body = [record(), { ...record(), id: 8, frame: 2, url: 'https://cdn.test/8.jpg' }];
    const quick = quickLegacySlice(body, 0, 2, 'infrared', 'http://legacy.test');
    expect(quick?.ok && quick.value.map((r) => [r.legacyId, r.image_url, r.frame])).toEqual([
      [7, 'http://legacy.test/images/7.jpg', null],
      [8, 'https://cdn.test/8.jpg', 2],
    ]);
    expect(quickLegacySlice('not records', 0, 1, 'infrared', '')).toBeNull();
  });
});
