import { describe, expect, it } from 'vitest';
import { parseUrl, serializeUrl } from '../../ui/url-schema';
import { legacyUrl, toLegacyQuery } from './legacy-params';

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
