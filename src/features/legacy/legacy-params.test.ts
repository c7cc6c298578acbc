import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LEGACY_MAX_LIMIT } from '../../api/legacy';
import { CAMERA_SITES, IMAGE_TYPES, VOLCANOES } from '../../domain/volcanoes';
import { expectRoundTrips } from '../../test/url-round-trip';
import { parseUrl, serializeUrl } from '../../ui/url-schema';
import { legacyUrl, toLegacyQuery, type LegacyParams } from './legacy-params';

const parseLegacyParams = (sp: URLSearchParams) => parseUrl(legacyUrl, sp);

describe('legacy params', () => {
  it('round-trips a query and drops bad values with a notice', () => {
    const sp = new URLSearchParams(
      'type=visible&site=RKPI&search_from=2025-03-01T10:00&search_to=2025-03-01T11:00&limit=50&view=thumbnails&id=abc',
    );
    const { params, notices } = parseLegacyParams(sp);
    expect(notices).toEqual([]);
    expect(params).toMatchObject({
      imageType: 'visible',
      site: 'RKPI',
      vnum: 357120,
      limit: 50,
      view: 'thumbnails',
      id: 'abc',
    });
    expect(serializeUrl(legacyUrl, params).toString()).toBe(
      'type=visible&site=RKPI&search_from=2025-03-01T10%3A00&search_to=2025-03-01T11%3A00&limit=50&view=thumbnails&id=abc',
    );
    const bad = parseLegacyParams(new URLSearchParams('type=uv&search_from=2025-02-30T10:00&limit=0&site=XXXX'));
    expect(bad.notices).toHaveLength(4);
    expect(bad.params.search_from).toBeUndefined();
    expect(toLegacyQuery(bad.params)).toMatchObject({ imageType: 'infrared', limit: undefined });
  });
});

describe('legacy URL round trip', () => {
  it('writes every state as a link that reads back to it, and any address as a canonical link', () => {
    const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
    const minute = fc
      .integer({ min: Date.UTC(2000, 0, 1) / 60_000, max: Date.UTC(2099, 11, 31) / 60_000 })
      .map((m) => new Date(m * 60_000).toISOString().slice(0, 16));
    const states = fc
      .record({
        imageType: fc.constantFrom(...IMAGE_TYPES),
        where: fc.oneof(
          fc.constant({}),
          fc.constantFrom(...VOLCANOES).map((v) => ({ vnum: v.vnum })),
          fc.constantFrom(...CAMERA_SITES).map((c) => ({ site: c.site, vnum: c.vnum })),
        ),
        search_from: maybe(minute),
        search_to: maybe(minute),
        limit: maybe(fc.integer({ min: 1, max: LEGACY_MAX_LIMIT })),
        view: fc.constantFrom('table' as const, 'thumbnails' as const),
        page: fc.integer({ min: 1, max: 10_000 }),
        id: maybe(fc.stringMatching(/^[\w.-]{1,200}$/)),
      })
      .map(({ where, ...rest }): LegacyParams => ({ ...rest, ...where }));
    expectRoundTrips(legacyUrl, states, {
      type: ['infrared', 'visible', 'uv'],
      vnum: ['311240', '357120', '999'],
      site: ['CLNE', 'RKPI', 'XXXX'],
      search_from: ['2025-03-01T10:00', '2025-02-30T10:00'],
      search_to: ['2025-03-01T11:00', '2025-03-01'],
      limit: ['50', '0', '100001'],
      view: ['table', 'thumbnails', 'grid'],
      page: ['2', '10001'],
      id: ['abc', 'a b'],
    });
  });
});
