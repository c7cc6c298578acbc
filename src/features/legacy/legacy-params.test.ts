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
    // Santiago is UTC−3 in March (summer time).
    expect(href).toBe('/imagery?imageType=visible&site=RKPI&vnum=357120&datefrom=20250301130000&dateto=20250301143000');
    expect(zoneNote).toMatch(/America\/Santiago/);
    const noSite = toImageryHref(
      parseLegacyParams(new URLSearchParams('vnum=383010&search_from=2025-03-01T10:00')).params,
    );
    expect(noSite.href).toBe('/imagery?imageType=infrared&vnum=383010&datefrom=20250301100000');
  });
});
