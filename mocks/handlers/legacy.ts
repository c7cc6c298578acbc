/** Legacy v1 imagery host (spec 02). No rate limits are documented for it, so none are applied. */
import { http, type RequestHandler } from 'msw';
import { mockState } from '../state';
import { ARCHIVE_START, camerasOf, dayCaptures, F_DEGRADED, F_EMPTY, F_LOWVIS, findImage, imageId, isLegacy, legacyDbId, zoneOf, type Camera, type ImageRef } from '../data/imagery';
import { DAY_MS, HOUR_MS, isoNoZone, toWall } from '../data/clock';
import type { ImageType } from '../data/reference';
import { rand3 } from '../data/prng';
import { storeZip } from '../data/zip';
import { binary, guarded, jsonResponse, jsonText, type Resolver } from './common';
import { jpegOfRef } from './imagery';

/** Faults on the legacy host answer with its own error body (spec 02 §7). */
const legacyGuarded = (key: string, resolver: Resolver): Resolver => guarded(key, null, resolver, 'legacy');

/** spec 02 §8: download=true works for 100 results or fewer. */
export const LEGACY_DOWNLOAD_MAX = 100;

const problem = (status: number, title: string, detail: string): Response =>
  jsonResponse({ detail, status, title, type: 'about:blank' }, status);

const isType = (t: string): t is ImageType => t === 'infrared' || t === 'visible';

function quality(ref: ImageRef): number {
  const f = ref.d.flags[ref.i]!;
  let q = 60 + Math.floor(rand3(ref.d.cam.seed, ref.d.t[ref.i]! / 1000, 97) * 41);
  if (f & F_EMPTY) q -= 55;
  if (f & (F_LOWVIS | F_DEGRADED)) q -= 20;
  return Math.max(0, Math.min(100, q));
}

/**
 * A capture's `timestamp` fields (spec 02 gives no zone): the site-local wall time by default (the
 * legacy database stored camera clock time), or UTC (`timeReadings.legacyTimestamp`); the search
 * bounds are compared with the same fields.
 */
const stampOf = (cam: Camera, t: number): number =>
  mockState.timeReadings.legacyTimestamp === 'utc' ? t : toWall(zoneOf(cam), t);

/** Legacy record JSON; its `image_id` is the v2 id of the same capture. */
function legacyRecordJson(ref: ImageRef): string {
  const cam = ref.d.cam;
  const t = ref.d.t[ref.i]!;
  const id = imageId(cam, t, ref.d.suffix[ref.i]!, mockState.timeReadings.idFields);
  return (
    `{"id":${legacyDbId(cam, t)},"image_id":"${id}","site":"${cam.site}","vnum":${cam.vnum},` +
    `"timestamp":"${isoNoZone(stampOf(cam, t))}","file_format":"jpg",` +
    `"url":"/images/${cam.type}/${cam.site}/${id}.jpg","frame":0,"quality":${quality(ref)}}`
  );
}

const LOCAL_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
function parseWall(s: string): number | null {
  const m = LOCAL_RE.exec(s);
  if (!m) return null;
  const t = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +(m[6] ?? 0));
  return Number.isNaN(t) || new Date(t).getUTCDate() !== +m[3]! ? null : t;
}

function findLegacy(type: ImageType, id: string): ImageRef | null {
  const r = findImage(id, [type], mockState.now, mockState.timeReadings.idFields);
  return r && isLegacy(r.d, r.i) ? r : null;
}

export function legacyHandlers(legacyBaseUrl: string): RequestHandler[] {
  const base = `${legacyBaseUrl}/api/imagery`;
  return [
    http.get(
      `${base}/:type/query`,
      legacyGuarded('legacy-query', ({ request, params }) => {
        const type = String(params.type);
        if (!isType(type)) return problem(404, 'Not Found', 'Not Found');
        const q = new URL(request.url).searchParams;
        const site = q.get('site');
        const vnumRaw = q.get('vnum');
        if (vnumRaw !== null && !/^\d+$/.test(vnumRaw)) return problem(400, 'Bad Request', "'vnum' must be an integer");
        // Not shown whether site/vnum may be omitted; the reference gives them with every search, and
        // an unscoped search would be hundreds of MB here, so the mock requires one of them (400).
        if (!site && vnumRaw === null) return problem(400, 'Bad Request', "'site' or 'vnum' is required");
        const limitRaw = q.get('limit');
        if (limitRaw !== null && !/^\d+$/.test(limitRaw)) return problem(400, 'Bad Request', "'limit' must be a positive integer");
        const limit = limitRaw === null ? Infinity : Math.max(0, Number(limitRaw));
        const sf = q.get('search_from');
        const st = q.get('search_to');
        const from = sf === null ? -Infinity : parseWall(sf);
        const to = st === null ? Infinity : parseWall(st);
        if (from === null) return problem(400, 'Bad Request', "'search_from' must be yyyy-mm-ddThh:mm");
        if (to === null) return problem(400, 'Bad Request', "'search_to' must be yyyy-mm-ddThh:mm");
        const download = q.get('download') === 'true';
        const cams = camerasOf(type).filter((c) => (!site || c.site === site) && (vnumRaw === null || c.vnum === Number(vnumRaw)));
        const now = mockState.now;
        // Newest first (mock choice: with `limit` a caller gets the most recent records).
        const refs: ImageRef[] = [];
        const chunks: string[] = [];
        let n = 0;
        const lastDay = Math.floor(Math.min(now, to + 14 * HOUR_MS) / DAY_MS);
        const firstDay = Math.floor(Math.max(ARCHIVE_START, from - 14 * HOUR_MS) / DAY_MS);
        for (let day = lastDay; day >= firstDay && n < limit; day--) {
          const dayRefs: ImageRef[] = [];
          for (const c of cams) {
            const d = dayCaptures(c, day);
            for (let i = d.n - 1; i >= 0; i--) {
              const t = d.t[i]!;
              if (!isLegacy(d, i) || t > now) continue;
              const w = stampOf(c, t);
              if (w >= from && w <= to) dayRefs.push({ d, i });
            }
          }
          if (cams.length > 1) dayRefs.sort((a, b) => b.d.t[b.i]! - a.d.t[a.i]! || a.d.cam.idx - b.d.cam.idx);
          for (const r of dayRefs) {
            if (n >= limit) break;
            n++;
            if (download) {
              if (n > LEGACY_DOWNLOAD_MAX) break;
              refs.push(r);
            } else chunks.push(legacyRecordJson(r));
          }
          if (download && n > LEGACY_DOWNLOAD_MAX) break;
        }
        if (download) {
          // Over 100 results: 400 (spec 02 §8 says download "works only" up to 100; the status is a mock choice).
          if (n > LEGACY_DOWNLOAD_MAX) return problem(400, 'Bad Request', 'Download limited to 100 images');
          const bytes = storeZip(refs.map((r) => [`${type}/${r.d.cam.site}/${imageId(r.d.cam, r.d.t[r.i]!, r.d.suffix[r.i]!, mockState.timeReadings.idFields)}.jpg`, jpegOfRef(r)]));
          return binary(bytes, 'application/zip', { 'Content-Disposition': `attachment; filename="${type}_images.zip"` });
        }
        return jsonText(`[${chunks.join(',')}]`);
      }),
    ),
    http.get(
      `${base}/:type/r/:imageId`,
      legacyGuarded('legacy-record', ({ request, params }) => {
        const type = String(params.type);
        const id = String(params.imageId);
        if (!isType(type)) return problem(404, 'Not Found', 'Not Found');
        const ref = findLegacy(type, id);
        if (!ref) {
          // spec 02 §7: visible reports errors in the body only ("status code mapping given only by
          // the body"), so HTTP 200 carries {error: 404}; infrared answers a real 404 problem body.
          return type === 'visible'
            ? jsonResponse({ error: 404, message: 'Image not found' })
            : problem(404, 'Not Found', `Image ${id} not found`);
        }
        if (new URL(request.url).searchParams.get('download') === 'true') return binary(jpegOfRef(ref), 'image/jpeg');
        return jsonText(legacyRecordJson(ref));
      }),
    ),
    http.get(
      `${legacyBaseUrl}/images/:type/:site/:file`,
      legacyGuarded('legacy-file', ({ params }) => {
        const type = String(params.type);
        const file = String(params.file);
        const ref = isType(type) && file.endsWith('.jpg') ? findLegacy(type, file.slice(0, -4)) : null;
        if (!ref || ref.d.cam.site !== String(params.site)) return problem(404, 'Not Found', 'Not Found');
        return binary(jpegOfRef(ref), 'image/jpeg', { 'Cache-Control': 'public, max-age=31536000, immutable' });
      }),
    ),
  ];
}
