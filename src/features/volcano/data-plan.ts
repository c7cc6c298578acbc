/** Small planning helpers: RSAM request chunks and what an image id says about its capture. */
import { DAY_MS, monthChunks as utcMonthChunks, startOfUtcDay, type UtcMs } from '../../domain/time';

export interface DayChunk {
  /** Start of the first and the last UTC day (inclusive). */
  from: UtcMs;
  to: UtcMs;
}

/**
 * Inclusive UTC days from..to cut at calendar-month boundaries, so a long range is several
 * cacheable requests and zooming inside a month reuses the month's request.
 */
export function monthChunks(from: UtcMs, to: UtcMs): DayChunk[] {
  return utcMonthChunks(startOfUtcDay(from), startOfUtcDay(to)).map((c) => ({ from: c.fromDay, to: c.toDay }));
}

export interface ImageIdInfo {
  vnum: number;
  site: string;
  utcMs: UtcMs;
}

/** `<vnum>.<site>.<year>.<day_of_year>_<hhmmss>-<4 digits>` (spec 01 §2.4); null when not that shape. */
export function parseImageId(id: string): ImageIdInfo | null {
  const m = /^(\d+)\.([A-Za-z0-9]+)\.(\d{4})\.(\d{3})_(\d{2})(\d{2})(\d{2})-\d{4}$/.exec(id);
  if (!m) return null;
  const doy = Number(m[4]);
  const h = Number(m[5]);
  const mi = Number(m[6]);
  const s = Number(m[7]);
  if (doy < 1 || doy > 366 || h > 23 || mi > 59 || s > 59) return null;
  const t = Date.UTC(Number(m[3]), 0, 1) + (doy - 1) * DAY_MS + ((h * 60 + mi) * 60 + s) * 1000;
  return { vnum: Number(m[1]), site: m[2]!, utcMs: t };
}
