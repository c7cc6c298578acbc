import { describe, expect, it } from 'vitest';
import { parseUrl } from '../../ui/url-schema';
import { legacyUrl } from './legacy-params';
import { toImageryLinks } from './v2-links';

const linksOf = (q: string) => toImageryLinks(parseUrl(legacyUrl, new URLSearchParams(q)).params);
const byReading = (q: string) => Object.fromEntries(linksOf(q).links.map((l) => [l.reading, l]));

describe('the v1 query in the v2 view', () => {
  it('offers both readings of the zone-less times, each named in its link', () => {
    const { links, notes } = linksOf('type=visible&site=RKPI&search_from=2025-03-01T10:00&search_to=2025-03-01T11:30');
    expect(notes).toEqual([
      'RKPI is the only visible camera of Villarrica, so v2 is asked by volcano number, which takes an exact UTC range.',
    ]);
    expect(links.map((l) => [l.reading, l.label])).toEqual([
      ['site-local', 'Open in v2, reading the v1 times as RKPI local time (America/Santiago)'],
      ['utc', 'Open in v2, reading the v1 times as UTC'],
    ]);
    // Santiago is UTC−3 in March (summer time). RKPI is Villarrica's only visible camera, so v2 is
    // asked by vnum: with one site it would return whole local days and ignore the times.
    expect(links[0]!.href).toBe('/imagery?imageType=visible&vnum=357120&datefrom=20250301130000&dateto=20250301143000');
    expect(links[0]!.note).toBe('asks for 2025-03-01 13:00:00 UTC to 2025-03-01 14:30:00 UTC');
    expect(links[1]!.href).toBe('/imagery?imageType=visible&vnum=357120&datefrom=20250301100000&dateto=20250301113000');
  });

  it('a volcano without a site: the UTC reading is the times as written, the site-local one says its zone', () => {
    // The reviewer's case: 12:00 must not silently become 15:00 UTC.
    const l = byReading('type=visible&vnum=357120&search_from=2025-01-10T12:00&search_to=2025-01-10T13:00');
    expect(l.utc!.href).toBe('/imagery?imageType=visible&vnum=357120&datefrom=20250110120000&dateto=20250110130000');
    expect(l['site-local']!.label).toBe('Open in v2, reading the v1 times as Villarrica local time (America/Santiago)');
    expect(l['site-local']!.href).toBe(
      '/imagery?imageType=visible&vnum=357120&datefrom=20250110150000&dateto=20250110160000',
    );
    // Canary: UTC+0 in winter, +1 from 30 March; both Cumbre Vieja cameras share the zone.
    const cv = byReading('vnum=383010&search_from=2025-03-01T10:00&search_to=2025-04-01T10:00');
    expect(cv['site-local']!.href).toBe(
      '/imagery?imageType=infrared&vnum=383010&datefrom=20250301100000&dateto=20250401090000',
    );
    expect(cv.utc!.href).toBe('/imagery?imageType=infrared&vnum=383010&datefrom=20250301100000&dateto=20250401100000');
  });

  it('one site of several keeps the site, as whole local days, and says so; one link when both readings agree', () => {
    const same = linksOf('site=CV01&search_from=2025-03-01T10:00&search_to=2025-03-02T10:00');
    expect(same.links).toEqual([
      {
        reading: null,
        href: '/imagery?imageType=infrared&site=CV01&vnum=383010&datefrom=20250301000000&dateto=20250302235959',
        label: 'Open this query in the v2 imagery view',
        note: expect.stringMatching(
          /whole local days .* local days 2025-03-01 to 2025-03-02 at CV01 \(Atlantic\/Canary\)/,
        ),
      },
    ]);
    expect(same.notes[0]).toMatch(/same local days, so one link serves both/);
    // Read as UTC, 23:30 on 31 March is 00:30 on 1 April in the Canaries (UTC+1 by then).
    const late = byReading('site=CV01&search_from=2025-03-31T20:00&search_to=2025-03-31T23:30');
    expect(late.utc!.href).toBe(
      '/imagery?imageType=infrared&site=CV01&vnum=383010&datefrom=20250331000000&dateto=20250401235959',
    );
    expect(late['site-local']!.href).toMatch(/datefrom=20250331000000&dateto=20250331235959$/);
    expect(late['site-local']!.note).toMatch(/the local day 2025-03-31 at CV01/);
  });

  it('a query without times needs no reading: one plain link', () => {
    const { links } = linksOf('type=infrared&site=CLNE');
    expect(links).toEqual([
      {
        reading: null,
        href: '/imagery?imageType=infrared&vnum=311240',
        label: 'Open this query in the v2 imagery view',
        note: '',
      },
    ]);
  });
});
