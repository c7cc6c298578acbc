import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FREQS } from '../../api/imagery/imagery-shapes';
import { CAMERA_SITES, IMAGE_TYPES, VOLCANOES } from '../../domain/volcanoes';
import { expectRoundTrips } from '../../test/url-round-trip';
import { parseUrl, serializeUrl } from '../../ui/url-schema';
import { fieldForDetail, filterConflicts, imageryUrl, toImageryQuery, type ImageryFilters } from './imagery-params';

const parseImageryParams = (sp: URLSearchParams) => {
  const { params, notices } = parseUrl(imageryUrl, sp);
  return { filters: params, notices };
};

const EXAMPLE =
  'imageType=visible&site=RKPI&vnum=357120&datefrom=20250101000000&dateto=20250107235959&freq=hourly&order=asc&page=2&limit=50&is_night=false';

describe('imagery params', () => {
  it('reads the issue’s example URL with the API’s parameter names', () => {
    const { filters, notices } = parseImageryParams(new URLSearchParams(EXAMPLE));
    expect(notices).toEqual([]);
    expect(filters).toMatchObject({
      imageType: 'visible',
      site: 'RKPI',
      vnum: 357120,
      from: Date.UTC(2025, 0, 1),
      to: Date.UTC(2025, 0, 7, 23, 59, 59),
      freq: 'hourly',
      order: 'asc',
      page: 2,
      limit: 50,
      is_night: false,
    });
    expect(filters.is_degraded).toBeUndefined();
  });

  it('serialises back to the same parameters', () => {
    const { filters } = parseImageryParams(new URLSearchParams(EXAMPLE));
    const back = serializeUrl(imageryUrl, filters);
    expect(Object.fromEntries(back)).toEqual(Object.fromEntries(new URLSearchParams(EXAMPLE)));
  });

  it('drops each bad value with a notice naming it, keeping the rest', () => {
    const { filters, notices } = parseImageryParams(
      new URLSearchParams(
        'imageType=thermal&limit=5e2&page=0&freq=weekly&is_empty=maybe&datefrom=2025-01-01&site=XXXX&order=up&vnum=311240',
      ),
    );
    expect(filters).toMatchObject({
      imageType: 'infrared',
      limit: 100,
      page: 1,
      freq: 'all',
      order: 'desc',
      vnum: 311240,
    });
    expect(filters.is_empty).toBeUndefined();
    expect(filters.from).toBeUndefined();
    expect(filters.site).toBeUndefined();
    const joined = notices.join('\n');
    for (const name of [
      'imageType=thermal',
      'limit=5e2',
      'page=0',
      'freq=weekly',
      'is_empty=maybe',
      'datefrom=2025-01-01',
      'site=XXXX',
      'order=up',
    ])
      expect(joined).toContain(name);
  });

  it('refuses a site of another volcano and a reversed range', () => {
    const { filters, notices } = parseImageryParams(
      new URLSearchParams('vnum=311240&site=RKPI&datefrom=20250201000000&dateto=20250101000000'),
    );
    expect(filters.site).toBeUndefined();
    expect(filters.vnum).toBe(311240);
    expect(filters.to).toBeUndefined();
    expect(notices).toHaveLength(2);
  });

  it('keeps a whole-number limit outside 1–200 so the service’s 422 can name it', () => {
    const { filters, notices } = parseImageryParams(new URLSearchParams('limit=500'));
    expect(filters.limit).toBe(500);
    expect(notices).toEqual([]);
    expect(parseImageryParams(new URLSearchParams(`limit=${'9'.repeat(400)}`)).filters.limit).toBe(100);
  });

  it('names parameters this view does not have instead of dropping them silently', () => {
    const { filters, notices } = parseImageryParams(new URLSearchParams('start=garbage&end=2020-13-45&site=CLNE'));
    expect(filters.site).toBe('CLNE');
    expect(notices).toEqual([
      'Ignored start=garbage in the address: not a setting of this view.',
      'Ignored end=2020-13-45 in the address: not a setting of this view.',
    ]);
  });

  it('refuses a site or volcano without a camera of the image type', () => {
    // OKCF, Okmok's only camera, is visible only (spec 01 §2.4 reference table).
    const a = parseImageryParams(new URLSearchParams('imageType=infrared&site=OKCF'));
    expect(a.filters.site).toBeUndefined();
    expect(a.notices.join(' ')).toMatch(/site OKCF has no infrared camera/);
    const b = parseImageryParams(new URLSearchParams('imageType=infrared&vnum=311290'));
    expect(b.filters.vnum).toBeUndefined();
    expect(b.notices.join(' ')).toMatch(/volcano 311290 has no infrared camera/);
    expect(parseImageryParams(new URLSearchParams('imageType=visible&site=OKCF')).filters).toMatchObject({
      site: 'OKCF',
      vnum: 311290,
    });
  });

  it('fills vnum from the site', () => {
    expect(parseImageryParams(new URLSearchParams('site=CLNE')).filters.vnum).toBe(311240);
  });

  it('builds the query for another page without changing the rest', () => {
    const { filters } = parseImageryParams(new URLSearchParams(EXAMPLE));
    expect(toImageryQuery(filters, 3)).toMatchObject({ page: 3, limit: 50, site: 'RKPI', freq: 'hourly' });
  });
});

describe('filter conflicts (spec 01 §7 400s)', () => {
  it('names night with infrared, degraded with visible and sampling without a site', () => {
    expect(filterConflicts({ imageType: 'infrared', is_night: true, freq: 'all' }).is_night).toMatch(
      /visible images only/,
    );
    // Daytime is a night filter too (is_night=false): refused with infrared all the same.
    expect(filterConflicts({ imageType: 'infrared', is_night: false, freq: 'all' }).is_night).toMatch(
      /visible images only/,
    );
    expect(filterConflicts({ imageType: 'visible', is_degraded: false, freq: 'all' }).is_degraded).toMatch(
      /infrared images only/,
    );
    expect(filterConflicts({ imageType: 'visible', freq: 'hourly' }).freq).toMatch(/needs one camera site/);
    expect(filterConflicts({ imageType: 'visible', freq: 'hourly', site: 'RKPI', is_night: true })).toEqual({});
  });

  it('maps a 400 detail to the parameter it names', () => {
    expect(fieldForDetail('is_night filter is only valid for visible images')).toBe('is_night');
    expect(fieldForDetail('site is required when freq is hourly')).toBe('freq');
    expect(fieldForDetail('something else')).toBeNull();
  });
});

describe('imagery URL round trip', () => {
  it('writes every state as a link that reads back to it, and any address as a canonical link', () => {
    const second = fc
      .integer({ min: Date.UTC(2000, 0, 1) / 1000, max: Date.UTC(2099, 11, 31) / 1000 })
      .map((s) => s * 1000);
    const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
    const states = fc.constantFrom(...IMAGE_TYPES).chain((imageType) =>
      fc
        .record({
          where: fc.oneof(
            fc.constant({}),
            fc
              .constantFrom(...VOLCANOES.filter((v) => v.cameraSites.some((c) => c.imageTypes.includes(imageType))))
              .map((v) => ({ vnum: v.vnum })),
            fc
              .constantFrom(...CAMERA_SITES.filter((c) => c.imageTypes.includes(imageType)))
              .map((c) => ({ site: c.site, vnum: c.vnum })),
          ),
          range: fc
            .tuple(maybe(second), maybe(second))
            .map(([a, b]) => (a! > b! ? { from: b, to: a } : { from: a, to: b })),
          freq: fc.constantFrom(...FREQS),
          order: fc.constantFrom('asc' as const, 'desc' as const),
          page: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
          limit: fc.integer({ min: 0, max: 999_999 }),
          is_empty: maybe(fc.boolean()),
          is_night: maybe(fc.boolean()),
          is_degraded: maybe(fc.boolean()),
          low_visibility: maybe(fc.boolean()),
        })
        .map(({ where, range, ...rest }): ImageryFilters => ({ imageType, ...where, ...range, ...rest })),
    );
    expectRoundTrips(imageryUrl, states, {
      imageType: ['infrared', 'visible', 'thermal'],
      vnum: ['311240', '357120', '311290', '999', '0311240'],
      site: ['CLNE', 'RKPI', 'OKCF', 'XXXX'],
      datefrom: ['20250101000000', '20250201000000', '2025-01-01'],
      dateto: ['20250107235959', '20250101000000', 'x'],
      freq: ['all', 'hourly', 'weekly'],
      order: ['asc', 'up'],
      page: ['1', '2', '0', '02'],
      limit: ['50', '100', '500', '5e2', '9999999'],
      is_night: ['true', 'false', 'maybe'],
      is_degraded: ['true'],
      start: ['garbage'],
    });
  });
});
