import { describe, expect, it } from 'vitest';
import { parseLegacyParams, serializeLegacyParams, toImageryHref, toLegacyQuery } from './legacy-params';

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
    expect(serializeLegacyParams(params).toString()).toBe(
      'type=visible&site=RKPI&search_from=2025-03-01T10%3A00&search_to=2025-03-01T11%3A00&limit=50&view=thumbnails&id=abc',
    );
    const bad = parseLegacyParams(new URLSearchParams('type=uv&search_from=2025-02-30T10:00&limit=0&site=XXXX'));
    expect(bad.notices).toHaveLength(4);
    expect(bad.params.search_from).toBeUndefined();
    expect(toLegacyQuery(bad.params)).toMatchObject({ imageType: 'infrared', limit: undefined });
  });

  it('opens the same query in v2: yyyymmddhhmmss, site-local read as the site zone', () => {
    const { params } = parseLegacyParams(
      new URLSearchParams('type=visible&site=RKPI&search_from=2025-03-01T10:00&search_to=2025-03-01T11:30&limit=5'),
    );
    const { href, zoneNote } = toImageryHref(params);
    // Santiago is UTC−3 in March (summer time). RKPI is Villarrica's only visible camera, so v2 is
    // asked by vnum: with one site it would return whole local days and ignore the times.
    expect(href).toBe('/imagery?imageType=visible&vnum=357120&datefrom=20250301130000&dateto=20250301143000');
    expect(zoneNote).toMatch(/America\/Santiago/);
    // With only vnum the volcano's zone applies (Canary: UTC+0 in winter, +1 from 30 March).
    const noSite = toImageryHref(
      parseLegacyParams(new URLSearchParams('vnum=383010&search_from=2025-03-01T10:00&search_to=2025-04-01T10:00'))
        .params,
    );
    expect(noSite.href).toBe('/imagery?imageType=infrared&vnum=383010&datefrom=20250301100000&dateto=20250401090000');
    // CV01 shares Cumbre Vieja with CV02: the site stays, as whole local days, and the note says so.
    const oneOfTwo = toImageryHref(
      parseLegacyParams(new URLSearchParams('site=CV01&search_from=2025-03-01T10:00&search_to=2025-03-02T10:00'))
        .params,
    );
    expect(oneOfTwo.href).toBe(
      '/imagery?imageType=infrared&site=CV01&vnum=383010&datefrom=20250301000000&dateto=20250302235959',
    );
    expect(oneOfTwo.zoneNote).toMatch(/whole local days/);
  });
});
