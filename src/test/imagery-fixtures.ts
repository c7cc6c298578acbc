import type { ImageRecord } from '../api/imagery/imagery-shapes';

/** An imagery answer (spec 01 §4.1) of one page holding `results`, as the API tests receive it. */
export function imageryPage(results: object[], limit = 100) {
  return {
    results,
    pagination: {
      page: 1,
      limit,
      total_count: results.length,
      total_pages: 1,
      has_prev: false,
      has_next: false,
      prev_page: null,
      next_page: null,
      count: results.length,
    },
    query: {},
  };
}

/** A parsed visible-camera record of RKPI, `i` minutes after 2025-01-01 00:00 UTC (id `img-<i>`). */
export function imageRecord(i: number): ImageRecord {
  const utcMs = Date.UTC(2025, 0, 1, 0, i);
  return {
    image_id: `img-${i}`,
    image_url: `https://images.test/archive/imagery/visible/357120/2025/RKPI/still/001/img-${i}.jpg`,
    vnum: 357120,
    site: 'RKPI',
    image_type: 'visible',
    time: { kind: 'utc', utcMs, raw: new Date(utcMs).toISOString() },
  } as ImageRecord;
}
