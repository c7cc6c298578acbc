import { http, HttpResponse } from 'msw';
import { server } from '../../../mocks/node';
import { useTestConfig } from '../../test/test-config';
import {
  fetchImageryDates,
  fetchImageryDatesRange,
  normaliseDay,
  readImageryDates,
  readImageryDatesRange,
} from './imagery-dates';

const RKPI = ['2025-01-01', '2025-01-03'];
const want = { imageType: 'visible', sites: [{ site: 'RKPI', vnum: 357120, dates: RKPI }] };

describe('reading /api/imagery/dates in any reasonable shape', () => {
  it.each([
    ['the project’s own shape', { imageType: 'visible', sites: [{ site: 'RKPI', vnum: 357120, dates: RKPI }] }],
    ['keyed by site', { RKPI: ['2025-01-03', '2025-01-01'] }],
    ['keyed by site, YYYYMMDD, wrapped', { dates: { RKPI: ['20250101', '20250103'] } }],
    ['nested by image type then site', { visible: { RKPI: RKPI }, infrared: { RKPI: ['2025-02-01'] } }],
    [
      'rows of {site, date, image_type}',
      [
        { site: 'RKPI', date: '2025-01-01', image_type: 'visible' },
        { site: 'RKPI', date: '2025-01-03T10:00:00Z', image_type: 'visible' },
        { site: 'RKPI', date: '2025-02-01', image_type: 'infrared' },
      ],
    ],
    [
      'rows of {site, date} in results',
      {
        results: [
          { site: 'rkpi', date: '20250103' },
          { site: 'RKPI', day: '20250101' },
        ],
      },
    ],
    [
      'sites with date objects',
      { data: [{ site_code: 'RKPI', dates: [{ date: '2025-01-01' }, { date: '2025-01-03' }] }] },
    ],
  ])('%s', (_name, body) => {
    expect(readImageryDates(body, 'visible', 'RKPI')).toEqual(want);
  });

  it('attributes a bare list of days to the site asked for', () => {
    expect(readImageryDates(['20250103', '20250101'], 'visible', 'RKPI')).toEqual(want);
  });

  it('reads an empty answer as no days, and an unreadable one as an error', () => {
    expect(readImageryDates({ dates: [] }, 'visible', 'RKPI').sites).toEqual([]);
    expect(() => readImageryDates({ ok: true, note: 'see docs' }, 'visible', 'RKPI')).toThrow(/no dates found/);
    expect(() => readImageryDates('<html>', 'visible')).toThrow(/no dates found/);
  });

  it('accepts only real calendar days', () => {
    expect(normaliseDay('20250230')).toBeNull();
    expect(normaliseDay('2025-01-05T00:00:00Z')).toBe('2025-01-05');
    expect(normaliseDay('20250105120000')).toBe('2025-01-05');
    expect(normaliseDay('soon')).toBeNull();
  });
});

describe('reading /api/imagery/dates/range in any reasonable shape', () => {
  const range = { visible: { min_date: '2024-06-01', max_date: '2025-01-03' } };
  it.each([
    ['{type: {min_date, max_date}}', { visible: { min_date: '2024-06-01', max_date: '2025-01-03' } }],
    ['{type: {min, max}} in YYYYMMDD', { visible: { min: '20240601', max: '20250103' } }],
    [
      'rows of {image_type, first, last}',
      [{ image_type: 'visible', first: '2024-06-01', last: '2025-01-03T23:59:59Z' }],
    ],
    ['wrapped rows', { ranges: [{ imageType: 'visible', start: '2024-06-01', end: '2025-01-03' }] }],
    [
      'per site under the type',
      {
        visible: {
          RKPI: { min_date: '2024-06-01', max_date: '2024-12-01' },
          VPMI: { min_date: '2024-07-01', max_date: '2025-01-03' },
        },
      },
    ],
    ['a list of days per type', { visible: ['2024-06-01', '2024-09-09', '2025-01-03'] }],
  ])('%s', (_name, body) => {
    expect(readImageryDatesRange(body)).toEqual(range);
  });

  it('calls a body with no ranges unreadable', () => {
    expect(() => readImageryDatesRange({ status: 'ok' })).toThrow(/no date ranges found/);
  });
});

describe('over HTTP', () => {
  beforeEach(() => {
    useTestConfig();
  });

  it('turns an unreadable body into a validation error naming the endpoint, never a hang', async () => {
    server.use(http.get('http://api.test/api/imagery/dates/range', () => HttpResponse.json({ hello: 'world' })));
    await expect(fetchImageryDatesRange()).rejects.toMatchObject({
      kind: 'validation',
      endpoint: '/api/imagery/dates/range',
    });
  });

  it('reads a rows answer from the service', async () => {
    server.use(
      http.get('http://api.test/api/imagery/dates', () =>
        HttpResponse.json([
          { site: 'RKPI', date: '20250101' },
          { site: 'RKPI', date: '20250103' },
        ]),
      ),
    );
    await expect(fetchImageryDates('visible', 'RKPI')).resolves.toEqual(want);
  });
});
