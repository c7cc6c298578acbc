import type { Freq } from '../../api/imagery/imagery';
import type { BoolFilter } from './imagery-params';
import type { ImageType } from '../../domain/volcanoes';
import { parseDay, type UtcMs } from '../../domain/time';

/** What each sampling returns (spec 01 §4.5 "freq rules"). */
export const FREQ_HELP: Record<Freq, string> = {
  all: 'every image. With one site, whole local days (the time of day of From/To is ignored) and times in the site’s zone; otherwise the exact UTC range, times in UTC. No reduction.',
  minutely:
    'the middle image of each minute, about 0–5 % fewer images. Needs a site. The times of day of From and To form a daily UTC window repeated on every day of the range.',
  hourly:
    'the middle image of each hour, about 98 % fewer images. Needs a site. The times of day of From and To form a daily UTC window repeated on every day of the range.',
  daily:
    'the image closest to 10:00 site-local time of each local day, about 99.9 % fewer images. Needs a site. Times of day are ignored.',
};

export const FLAG_LABELS: Record<BoolFilter, { label: string; yes: string; no: string; hint?: string }> = {
  is_empty: { label: 'Empty or corrupted files', yes: 'Only empty/corrupted', no: 'Exclude empty/corrupted' },
  is_night: { label: 'Day / night (visible only)', yes: 'Night only', no: 'Daytime only', hint: 'visible images only' },
  is_degraded: {
    label: 'Degraded quality (infrared only)',
    yes: 'Degraded only',
    no: 'Not degraded',
    hint: 'infrared images only',
  },
  low_visibility: { label: 'Low visibility (fog, cloud)', yes: 'Low visibility only', no: 'Clear view only' },
};

/** The dates endpoints' day strings (`YYYY-MM-DD`, `YYYYMMDD` or ISO) as the UTC day start. */
export function dayOf(s: string | null | undefined): UtcMs | null {
  if (!s) return null;
  const d = parseDay(s.slice(0, 10)) ?? parseDay(s.slice(0, 8));
  if (d !== null) return d;
  const t = Date.parse(s);
  return Number.isNaN(t) ? null : t;
}

/** The first and last of `days` (not `Math.min(...days)`: years of days are too many arguments). */
export function daySpanOf(days: readonly number[]): { min: number; max: number } | null {
  if (!days.length) return null;
  let min = Infinity;
  let max = -Infinity;
  for (const d of days) {
    if (d < min) min = d;
    if (d > max) max = d;
  }
  return { min, max };
}

/** What the archive holds for the chosen type and site, in one sentence. */
export function availabilityText(
  imageType: ImageType,
  site: string | undefined,
  minDay: number | null,
  maxDay: number | null,
  dayCount: number | undefined,
  failed: boolean,
): string {
  const day = (t: number) => new Date(t).toISOString().slice(0, 10);
  if (minDay === null || maxDay === null)
    return failed
      ? 'Availability unknown (the service did not give it in a readable form); any range may be entered.'
      : 'Loading availability…';
  // The dates endpoints' bodies are not documented (spec 01 §4.6–4.7), nor so the zone of their days.
  const zone = '(days as the service lists them; whether UTC or local days is not documented)';
  if (site && dayCount !== undefined)
    return `${site} has ${imageType} images on ${dayCount} days, ${day(minDay)} to ${day(maxDay)} ${zone}.`;
  return `${imageType} images exist from ${day(minDay)} to ${day(maxDay)} ${zone}.`;
}
