/** Imagery v2 query endpoint (spec 01 §4.5) and the image files of the archive host; dates: imagery-dates.ts. */
import { http, type RequestHandler } from 'msw';
import { mockState } from '../state';
import {
  camerasOf,
  F_DEGRADED,
  F_EMPTY,
  F_LOWVIS,
  F_NIGHT,
  findImage,
  imageId,
  imagePath,
  runImageQuery,
  toRecord,
  type FlagFilter,
  type Freq,
  type ImageRef,
} from '../data/imagery';
import { jpegFor } from '../data/jpeg';
import { compactDate, compactTime, DAY_MS, HOUR_MS, parseImageryStamp } from '../data/clock';
import type { ImageType } from '../data/reference';
import { rand3 } from '../data/prng';
import { streamedZipResponse, zipControlHandlers } from './zip-download';
import { binary, errorResponse, guarded, jsonResponse, validationResponse, type ValidationIssue } from './common';

/** Mock choice (spec §8 leaves it open): estimates above this many images carry `large_dataset`. */
export const LARGE_DATASET_IMAGES = 5000;
/** Mock choice: download=true refuses more than this many images (400 suggesting sampling). */
export const MAX_ZIP_IMAGES = 5000;
const MB_PER_IMAGE = 0.25;
const MB_PER_SECOND = 10;

const FREQS = ['all', 'minutely', 'hourly', 'daily'] as const;
const ORDERS = ['desc', 'asc'] as const;
const DOWNLOADS = ['estimate', 'true', 'selected'] as const;
const BOOL_TRUE = new Set(['true', '1', 'yes', 'on', 't', 'y']);
const BOOL_FALSE = new Set(['false', '0', 'no', 'off', 'f', 'n']);

const enumMsg = (vals: readonly string[]): string =>
  `Input should be ${vals.slice(0, -1).map((v) => `'${v}'`).join(', ')} or '${vals[vals.length - 1]}'`;

/** JPEG of a capture: the look depends on type, site, flags and a variant from the capture hour. */
export function jpegOfRef(ref: ImageRef): Uint8Array {
  const { d, i } = ref;
  const f = d.flags[i]!;
  const t = d.t[i]!;
  return jpegFor({
    type: d.cam.type,
    site: d.cam.site,
    variant: Math.floor(rand3(d.cam.seed, Math.floor(t / HOUR_MS), 7) * 8),
    empty: (f & F_EMPTY) !== 0,
    night: (f & F_NIGHT) !== 0,
    degraded: (f & F_DEGRADED) !== 0,
    lowVisibility: (f & F_LOWVIS) !== 0,
  });
}

function zipResponse(refs: ImageRef[], imageType: string, siteLabel: string): Response {
  const now = mockState.now;
  const name = `volcano_images_${imageType}_${siteLabel}_${compactDate(now)}_${compactTime(now)}`;
  const files = refs.map((r) => {
    const cam = r.d.cam;
    const id = imageId(cam, r.d.t[r.i]!, r.d.suffix[r.i]!, mockState.timeReadings.idFields);
    return { name: `${name}/${cam.type}/${cam.vnum}/${cam.site}/${id}.jpg`, bytes: () => jpegOfRef(r) };
  });
  return streamedZipResponse(files, `${name}.zip`);
}

export function imageryHandlers(apiBaseUrl: string, imageBaseUrl: string): RequestHandler[] {
  const base = `${apiBaseUrl}/api/imagery`;
  return [
    ...zipControlHandlers(apiBaseUrl),
    http.get(
      `${base}/q`,
      guarded('imagery-q', 100, ({ request }) => {
        const q = new URL(request.url).searchParams;
        const get = (n: string): string | null => q.get(n);
        const errs: ValidationIssue[] = [];
        const int = (name: string, dflt: number | null, min?: number, max?: number): number | null => {
          const raw = get(name);
          if (raw === null) return dflt;
          if (!/^\s*[+-]?\d+\s*$/.test(raw)) {
            errs.push({ type: 'int_parsing', loc: ['query', name], msg: 'Input should be a valid integer, unable to parse string as an integer' });
            return dflt;
          }
          const v = Number(raw);
          if (min !== undefined && v < min)
            errs.push({ type: 'greater_than_equal', loc: ['query', name], msg: `Input should be greater than or equal to ${min}` });
          else if (max !== undefined && v > max)
            errs.push({ type: 'less_than_equal', loc: ['query', name], msg: `Input should be less than or equal to ${max}` });
          return v;
        };
        const bool = (name: string): boolean | undefined => {
          const raw = get(name);
          if (raw === null) return undefined;
          const s = raw.trim().toLowerCase();
          if (BOOL_TRUE.has(s)) return true;
          if (BOOL_FALSE.has(s)) return false;
          errs.push({ type: 'bool_parsing', loc: ['query', name], msg: 'Input should be a valid boolean, unable to interpret input' });
          return undefined;
        };
        const oneOf = <T extends string>(name: string, vals: readonly T[], dflt: T | null): T | null => {
          const raw = get(name);
          if (raw === null) return dflt;
          if ((vals as readonly string[]).includes(raw)) return raw as T;
          errs.push({ type: 'enum', loc: ['query', name], msg: enumMsg(vals) });
          return dflt;
        };
        const limitGiven = get('limit') !== null;
        const limit = int('limit', 100, 1, 200) ?? 100;
        const page = int('page', 1, 1) ?? 1;
        const vnum = int('vnum', null);
        const filter: FlagFilter = {};
        const flagNames = ['is_empty', 'is_night', 'is_degraded', 'low_visibility'] as const;
        for (const n of flagNames) {
          const v = bool(n);
          if (v !== undefined) filter[n] = v;
        }
        const freq = oneOf<Freq>('freq', FREQS, 'all') ?? 'all';
        const order = oneOf('order', ORDERS, 'desc') ?? 'desc';
        const download = oneOf('download', DOWNLOADS, null);
        if (errs.length) return validationResponse(request, errs);

        const imageTypeRaw = get('imageType') ?? 'infrared';
        if (imageTypeRaw !== 'infrared' && imageTypeRaw !== 'visible')
          return errorResponse(400, `Invalid imageType '${imageTypeRaw}'. Must be 'infrared' or 'visible'`);
        const imageType: ImageType = imageTypeRaw;
        if (imageType === 'infrared' && filter.is_night !== undefined)
          return errorResponse(400, 'is_night filter is only available for visible images');
        if (imageType === 'visible' && filter.is_degraded !== undefined)
          return errorResponse(400, 'is_degraded filter is only available for infrared images');
        const datefrom = get('datefrom');
        const dateto = get('dateto');
        // Not shown in the spec: malformed or reversed ranges answer 400 like the seismic rules of §7.
        const from = datefrom === null ? null : parseImageryStamp(datefrom);
        if (datefrom !== null && from === null) return errorResponse(400, 'Invalid datefrom format. Expected yyyymmddhhmmss');
        const to = dateto === null ? null : parseImageryStamp(dateto);
        if (dateto !== null && to === null) return errorResponse(400, 'Invalid dateto format. Expected yyyymmddhhmmss');
        const siteRaw = get('site');
        const sites = (siteRaw ?? '').split(',').map((s) => s.trim()).filter(Boolean);
        if (freq !== 'all' && sites.length === 0) return errorResponse(400, `site parameter is required when freq is '${freq}'`);
        if (from !== null && to !== null && (freq === 'all' && sites.length !== 1 ? from > to : Math.floor(from / DAY_MS) > Math.floor(to / DAY_MS)))
          return errorResponse(400, 'datefrom must be <= dateto');
        if (download === 'selected' && !(get('image_ids') ?? '').trim())
          return errorResponse(400, 'image_ids is required when download=selected');

        if (download === 'selected') {
          // Exactly the listed ids (filters do not apply); unknown ids are skipped (not shown in the spec).
          const other: ImageType = imageType === 'infrared' ? 'visible' : 'infrared';
          const refs: ImageRef[] = [];
          for (const id of (get('image_ids') ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
            const r = findImage(id, [imageType, other], mockState.now, mockState.timeReadings.idFields);
            if (r) refs.push(r);
          }
          if (refs.length === 0) return errorResponse(404, 'None of the selected images were found');
          if (refs.length > MAX_ZIP_IMAGES) return errorResponse(400, `At most ${MAX_ZIP_IMAGES} images can be selected for one download`);
          return zipResponse(refs, imageType, sites.length === 1 ? sites[0]! : 'all');
        }

        // Unknown sites or vnums (not shown) select no camera: 200 with empty results.
        const cams = camerasOf(imageType).filter((c) => (sites.length === 0 || sites.includes(c.site)) && (vnum === null || c.vnum === vnum));
        const query = {
          cams,
          singleSite: freq === 'all' && sites.length === 1,
          freq,
          order,
          from,
          to,
          filter,
          now: mockState.now,
          localOrder: mockState.timeReadings.localOrder,
        };

        if (download === 'estimate' || download === 'true') {
          // Mirrors download=true: with `limit` the download is that batch (the page's slice), so the
          // estimate describes that batch too; without it, every matching image.
          const { total } = runImageQuery(query, 0, 0);
          const offset = limitGiven ? (page - 1) * limit : 0;
          const n = limitGiven ? Math.max(0, Math.min(limit, total - offset)) : total;
          if (download === 'estimate') {
            const size = Math.round(n * MB_PER_IMAGE * 100) / 100;
            const large = n > LARGE_DATASET_IMAGES;
            return jsonResponse({
              total_images: n,
              estimated_size_mb: size,
              estimated_time_seconds: Math.round((size / MB_PER_SECOND) * 10) / 10,
              warning: large ? 'large_dataset' : null,
              suggestion: large
                ? `This selection holds ${n} images. Use freq=hourly or freq=daily, or narrow the date range, to download fewer images.`
                : null,
            });
          }
          if (n > MAX_ZIP_IMAGES)
            return errorResponse(
              400,
              `Too many images for one download (${n} > ${MAX_ZIP_IMAGES}). Use freq=hourly or freq=daily, narrow the date range, or pass limit.`,
            );
          const { items } = runImageQuery(query, offset, n);
          return zipResponse(items, imageType, sites.length === 1 ? sites[0]! : 'all');
        }

        const { total, items } = runImageQuery(query, (page - 1) * limit, limit);
        const totalPages = Math.ceil(total / limit);
        const hasNext = page < totalPages;
        return jsonResponse({
          results: items.map((r) =>
            toRecord(r, mockState.imageBaseOverride ?? imageBaseUrl, query.singleSite, mockState.timeReadings.idFields),
          ),
          pagination: {
            page,
            limit,
            total_count: total,
            total_pages: totalPages,
            has_prev: page > 1,
            has_next: hasNext,
            prev_page: page > 1 ? page - 1 : null,
            next_page: hasNext ? page + 1 : null,
            count: items.length,
          },
          query: {
            imageType,
            site: siteRaw,
            vnum,
            datefrom,
            dateto,
            is_empty: filter.is_empty ?? null,
            is_night: filter.is_night ?? null,
            is_degraded: filter.is_degraded ?? null,
            low_visibility: filter.low_visibility ?? null,
            freq,
            order,
          },
        });
      }),
    ),
    http.get(
      `${imageBaseUrl}/archive/imagery/:type/:vnum/:year/:site/still/:doy/:file`,
      guarded('image-file', null, ({ request, params }) => {
        const type = String(params.type);
        const file = String(params.file);
        const id = file.replace(/\.jpg$/, '');
        const fields = mockState.timeReadings.idFields;
        const ref = type === 'infrared' || type === 'visible' ? findImage(id, [type], mockState.now, fields) : null;
        if (!ref || !file.endsWith('.jpg') || !new URL(request.url).pathname.endsWith(imagePath(ref.d.cam, id, ref.d.t[ref.i]!, fields)))
          return errorResponse(404, 'Image not found');
        return binary(jpegOfRef(ref), 'image/jpeg', { 'Cache-Control': 'public, max-age=31536000, immutable' });
      }),
    ),
  ];
}
