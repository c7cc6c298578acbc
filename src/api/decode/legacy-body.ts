/**
 * The schema-free half of decoding a legacy v1 answer (body-fast.ts has RSAM's): conversion, and a
 * quick check that accepts only records `legacyRecordSchema` accepts. Its own module, so the parse
 * worker loads it only for a legacy answer and the chart views do not download it with the worker.
 */
import type { ImageType } from '../../domain/volcanoes';
import type { LegacyRecordRaw } from './body-schemas';
import { isInt, isObject, isString, type Decoded, type LegacyImage } from './rsam-body';

const isFilled = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
const isIntOrNull = (v: unknown) => v === null || isInt(v);

/** The record's `url` is relative to the legacy host (spec 02 §2); prefixes of the base are kept. */
export function resolveAgainst(url: string, base: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  return `${base}${url.startsWith('/') ? '' : '/'}${url}`;
}

export function legacyImageOf(r: LegacyRecordRaw, imageType: ImageType, base: string): LegacyImage {
  return {
    legacyId: r.id,
    image_id: r.image_id,
    image_url: resolveAgainst(r.url, base),
    vnum: r.vnum,
    site: r.site,
    image_type: imageType,
    time: { kind: 'unzoned', wall: r.timestamp },
    file_format: r.file_format,
    frame: r.frame,
    quality: r.quality,
  };
}

const LEGACY_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

/** Whether `r` passes a check as strict as `legacyRecordSchema`. */
function isLegacyRecord(r: unknown): r is LegacyRecordRaw {
  return (
    isObject(r) &&
    isInt(r.id) &&
    isFilled(r.image_id) &&
    isString(r.site) &&
    isInt(r.vnum) &&
    isString(r.timestamp) &&
    LEGACY_TIME.test(r.timestamp) &&
    isString(r.file_format) &&
    isFilled(r.url) &&
    isIntOrNull(r.frame) &&
    isIntOrNull(r.quality)
  );
}

/**
 * Records `[start, end)` of a legacy answer converted, when every one passes the quick check;
 * null when one does not (or the body is no array), and the schema must judge the slice.
 */
export function quickLegacySlice(
  body: unknown,
  start: number,
  end: number,
  imageType: ImageType,
  base: string,
): Decoded<LegacyImage[]> | null {
  if (!Array.isArray(body)) return null;
  const out = new Array<LegacyImage>(Math.max(0, end - start));
  for (let i = start; i < end; i++) {
    const r: unknown = body[i];
    if (!isLegacyRecord(r)) return null;
    out[i - start] = legacyImageOf(r, imageType, base);
  }
  return { ok: true, value: out };
}
