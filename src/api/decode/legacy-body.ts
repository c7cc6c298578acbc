/**
 * A legacy v1 answer, schema-free (rsam-body.ts has RSAM's): conversion of its records, and their
 * quick check by the record's shape (field-kinds.ts). Its own module, so the parse worker loads it
 * only for a legacy answer and the chart views do not download it with the worker.
 */
import type { ImageType } from '../../domain/volcanoes';
import { shapeCheck, type Shape, type ShapeOf } from './field-kinds';
import type { Decoded } from './decoded';

/**
 * A v1 record on the v2 model's field names (imagery.ts `ImageRecord`) where they correspond.
 * The time is its own kind: v1 gives no zone (spec 02 §2), so it is kept and shown as written.
 */
export interface LegacyImage {
  legacyId: number;
  image_id: string;
  image_url: string;
  vnum: number;
  site: string;
  image_type: ImageType;
  time: { kind: 'unzoned'; wall: string };
  file_format: string;
  frame: number | null;
  quality: number | null;
}

/** A record as the service sends it (spec 02 §2). */
export const LEGACY_RECORD = {
  id: 'int',
  image_id: 'text',
  site: 'string',
  vnum: 'int',
  timestamp: 'wallTime',
  file_format: 'string',
  url: 'text',
  frame: 'intOrNull',
  quality: 'intOrNull',
} as const satisfies Shape;

/** A record as the service sends it, once checked. */
export type LegacyRecordRaw = ShapeOf<typeof LEGACY_RECORD>;

const isLegacyRecord = shapeCheck(LEGACY_RECORD);

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

/**
 * Records `[start, end)` of a legacy answer converted, when every one fits the record's shape;
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
