/** What an image id says about its capture. */
import { DAY_MS, type UtcMs } from './time';

export interface ImageIdInfo {
  vnum: number;
  site: string;
  /**
   * The id's date and time fields encoded as if UTC: spec 01 §2.4 names no zone for them, so a
   * reader takes them as UTC or as the site's wall time, or learns which (local-time-evidence.ts).
   */
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
