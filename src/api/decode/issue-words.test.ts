import { afterEach, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { loadCatalogue } from '../../i18n/catalogue';
import { activateLocale } from '../../i18n/i18n';
import { failureError } from './decode-failure';
import { legacySlice, rsamFromBody } from './body-schemas';
import { minuteRsamBody } from '../../test/rsam-fixtures';
import { describeIssue } from './issue-words';
import { issueData } from './schema-words';
import { tooLargeDetail } from '../http/errors';
import { TooLarge } from '../http/read-body';

/** What the parse worker sends back for a body (plain data), worded on this thread as a user reads it. */
function rsamDetail(body: unknown): string {
  const r = rsamFromBody(body);
  if (r.ok) return 'accepted';
  return failureError(r.failure, 'seismic.rsam', '/api/seismic/rsam').detail;
}

const issueOf = (schema: v.GenericSchema, input: unknown) => {
  const r = v.safeParse(schema, input, { abortEarly: true });
  return issueData(r.issues![0]);
};

describe('a decoding failure from the worker, worded on the page’s thread in the language shown', () => {
  afterEach(() => activateLocale('en', {}));

  it('says a bad point and a schema issue in English, word for word as before', () => {
    const body = minuteRsamBody(3);
    (body.series[0]!.points[1] as { rsam_counts: unknown }).rsam_counts = 'high';
    expect(rsamDetail(body)).toBe('field "series[0].points[1].rsam_counts" must be a number, got "high"');
    expect(rsamDetail({ ...minuteRsamBody(1), series: [] })).toBe('field "series" must hold exactly one series');
    expect(describeIssue(issueOf(v.picklist(['infrared', 'visible']), 'x'))).toBe(
      'must be one of "infrared", "visible"',
    );
    expect(describeIssue(issueOf(v.pipe(v.array(v.string()), v.minLength(2)), ['a']))).toBe(
      'must have at least 2 items',
    );
    expect(describeIssue(issueOf(v.pipe(v.string(), v.minLength(1)), ''))).toBe('must have at least 1 character');
  });

  it('says them in Spanish: the field and the value as they came, the words translated', async () => {
    activateLocale('es', await loadCatalogue('es'));
    const body = minuteRsamBody(3);
    (body.series[0]!.points[2] as { time: unknown }).time = 'yesterday';
    expect(rsamDetail(body)).toMatch(/^el campo "series\[0\]\.points\[2\]\.time" .*"yesterday"$/);
    expect(rsamDetail(body)).not.toMatch(/must|got/);
    const legacy = legacySlice([{ nope: 1 }], 0, 1, 'visible', 'https://legacy.test');
    expect(legacy.ok).toBe(false);
    if (!legacy.ok) expect(failureError(legacy.failure, 'legacy', 'legacy').detail).not.toMatch(/missing|must/);
    expect(describeIssue(issueOf(v.pipe(v.array(v.string()), v.minLength(2)), ['a']))).not.toMatch(/must/);
    // An answer past its ceiling (read in the worker, which gives only the endpoint and the ceiling).
    expect(tooLargeDetail(new TooLarge('legacy imagery v1', 16 * 1024 * 1024))).toBe(
      'la respuesta de imágenes heredadas v1 superaba 16 MB: se dejó de leer',
    );
  });
});
