// @vitest-environment node
/**
 * Where the mock and the app must agree on a fact the documents state, each keeps its own copy
 * (mocks/ imports no runtime code from src/); these tests compare the two readings.
 */
import { describe, expect, it } from 'vitest';
import { CAMERA_SITES, referenceChannelIds, siteTimeZone, VOLCANOES } from '../src/domain/volcanoes';
import { formatImageryDateTime, formatSeismicDate, localIsoToUtc, parseDay, parseImageryDateTime } from '../src/domain/time';
import { parseImageId } from '../src/domain/image-id';
import { readErrorBody } from '../src/api/http/error-body';
import { CAMERA_TABLE, SEISMIC_NETWORKS, SITE_ZONES } from './data/reference';
import { DAY_MS, isoNoZone, isoZ, parseCompactDay, parseImageryStamp, toWall } from './data/clock';
import { CAMERAS, dayCaptures, imageId, imagePath, toRecord, zoneOf } from './data/imagery';
import { RSAM_CHANNELS } from './data/rsam';
import { tooManyRequests } from './handlers/common';

const DAY = Math.floor(Date.UTC(2025, 2, 10) / DAY_MS);

describe('mock and app read the documents alike', () => {
  it('camera sites: the same vnum, site and image types (spec 01 §2.4)', () => {
    const mock = CAMERA_TABLE.map((c) => `${c.type} ${c.vnum} ${c.site}`).sort();
    const app = CAMERA_SITES.flatMap((s) => s.imageTypes.map((t) => `${t} ${s.vnum} ${s.site}`)).sort();
    expect(mock).toEqual(app);
    expect(mock).toHaveLength(8);
  });

  it('camera sites: the same zones as docs/service.md "01 §2.4 Image record" lists', () => {
    expect(SITE_ZONES).toEqual(Object.fromEntries(CAMERA_SITES.map((s) => [s.site, s.defaultTimeZone])));
    for (const c of CAMERAS) expect(zoneOf(c)).toBe(siteTimeZone(c.site));
  });

  it('seismic channels: the same network, station and channel combinations (spec 01 §2.1)', () => {
    const mock = RSAM_CHANNELS.map((c) => `${c.network}.${c.station}.${c.location}.${c.channel}`);
    expect(mock.sort()).toEqual(referenceChannelIds().sort());
    expect(mock).toHaveLength(5 * 3 + 4 * 9 + 4);
    const appNetworks = VOLCANOES.filter((v) => v.network).map((v) => [v.name, v.network]);
    expect(SEISMIC_NETWORKS.map((n) => [n.volcano, n.network])).toEqual(appNetworks);
  });

  it('image ids: the app reads back the vnum, site and UTC capture time the mock wrote in them', () => {
    for (const cam of CAMERAS) {
      const d = dayCaptures(cam, DAY);
      for (const i of [0, Math.floor(d.n / 2), d.n - 1]) {
        const id = imageId(cam, d.t[i]!, d.suffix[i]!);
        expect(id).toMatch(/^\d+\.[A-Z0-9]+\.\d{4}\.\d{3}_\d{6}-\d{4}$/);
        expect(parseImageId(id)).toEqual({ vnum: cam.vnum, site: cam.site, utcMs: d.t[i]! });
        expect(imagePath(cam, id, d.t[i]!)).toBe(`/archive/imagery/${cam.type}/${cam.vnum}/2025/${cam.site}/still/069/${id}.jpg`);
      }
    }
  });

  it('record timestamps: local without Z names the same instant in the app as UTC with Z', () => {
    for (const cam of CAMERAS) {
      const d = dayCaptures(cam, DAY);
      const ref = { d, i: Math.floor(d.n / 3) };
      const local = toRecord(ref, 'https://x', true).timestamp;
      const utc = toRecord(ref, 'https://x', false).timestamp;
      expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
      expect(utc).toBe(isoZ(d.t[ref.i]!));
      expect(localIsoToUtc(local, siteTimeZone(cam.site))).toBe(Date.parse(utc));
    }
  });

  it('query date forms: YYYYMMDD and yyyymmddhhmmss parse to the same instants, and bad ones are refused by both', () => {
    for (const t of [Date.UTC(2024, 1, 29), Date.UTC(2025, 11, 31, 23, 59, 59), Date.UTC(2025, 2, 10, 12, 0, 0)]) {
      expect(parseCompactDay(formatSeismicDate(t))).toBe(parseDay(formatSeismicDate(t)));
      expect(parseImageryStamp(formatImageryDateTime(t))).toBe(t);
    }
    for (const bad of ['20250230', '20251301', '2025031', '00500101']) {
      expect(parseCompactDay(bad)).toBeNull();
      expect(parseDay(bad)).toBeNull();
    }
    // Spec 01 §4.1 says YYYYMMDD: the mock, like the service, refuses the dashed form the app also reads.
    expect(parseCompactDay('2025-03-10')).toBeNull();
    for (const bad of ['20250230120000', '20250310240000', '2025031012000', '20250310T120000']) {
      expect(parseImageryStamp(bad)).toBeNull();
      expect(parseImageryDateTime(bad)).toBeNull();
    }
    // The mock's local formatter and the zone table: 12:00Z on 10 March 2025 is 03:00 at Cleveland (HDT).
    expect(isoNoZone(toWall(SITE_ZONES.CLNE!, Date.UTC(2025, 2, 10, 12)))).toBe('2025-03-10T03:00:00');
  });

  it('the 429 body: the app shows the limit the mock states', async () => {
    const r = tooManyRequests(100, 30, false);
    expect(r.headers.get('Retry-After')).toBeNull();
    const body: unknown = await r.json();
    expect(body).toEqual({ error: '100 per 1 minute' });
    expect(readErrorBody(body, 429).detail).toBe('100 per 1 minute');
  });
});
