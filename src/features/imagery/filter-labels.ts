import type { Freq } from '../../api/imagery/imagery-shapes';
import type { BoolFilter } from './imagery-params';
import type { ImageType } from '../../domain/volcanoes';

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
