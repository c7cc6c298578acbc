import { t } from '@lingui/core/macro';
import type { Freq } from '../../api/imagery/imagery-shapes';
import type { BoolFilter } from './imagery-params';
import type { ImageType } from '../../domain/volcanoes';

/** What each sampling returns (spec 01 §4.5 "freq rules"), said in the display language. */
export function freqHelp(f: Freq): string {
  switch (f) {
    case 'all':
      return t`every image. With one site, whole local days (the time of day of From/To is ignored) and times in the site’s zone; otherwise the exact UTC range, times in UTC. No reduction.`;
    case 'minutely':
      return t`the middle image of each minute, about 0–5 % fewer images. Needs a site. The times of day of From and To form a daily UTC window repeated on every day of the range.`;
    case 'hourly':
      return t`the middle image of each hour, about 98 % fewer images. Needs a site. The times of day of From and To form a daily UTC window repeated on every day of the range.`;
    case 'daily':
      return t`the image closest to 10:00 site-local time of each local day, about 99.9 % fewer images. Needs a site. Times of day are ignored.`;
  }
}

/** A flag filter's label, its two choices, and for a type-bound flag the hint when it does not apply. */
export function flagFilterLabels(f: BoolFilter): { label: string; yes: string; no: string; hint?: string } {
  switch (f) {
    case 'is_empty':
      return { label: t`Empty or corrupted files`, yes: t`Only empty/corrupted`, no: t`Exclude empty/corrupted` };
    case 'is_night':
      return {
        label: t`Day / night (visible only)`,
        yes: t`Night only`,
        no: t`Daytime only`,
        hint: t`For visible images only.`,
      };
    case 'is_degraded':
      return {
        label: t`Degraded quality (infrared only)`,
        yes: t`Degraded only`,
        no: t`Not degraded`,
        hint: t`For infrared images only.`,
      };
    case 'low_visibility':
      return { label: t`Low visibility (fog, cloud)`, yes: t`Low visibility only`, no: t`Clear view only` };
  }
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
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  if (minDay === null || maxDay === null)
    return failed
      ? t`Availability unknown (the service did not give it in a readable form); any range may be entered.`
      : t`Loading availability…`;
  // The dates endpoints' bodies are not documented (spec 01 §4.6–4.7), nor so the zone of their days.
  const first = day(minDay);
  const last = day(maxDay);
  if (site && dayCount !== undefined)
    return imageType === 'infrared'
      ? t`${site} has infrared images on ${dayCount} days, ${first} to ${last} (days as the service lists them; whether UTC or local days is not documented).`
      : t`${site} has visible images on ${dayCount} days, ${first} to ${last} (days as the service lists them; whether UTC or local days is not documented).`;
  return imageType === 'infrared'
    ? t`infrared images exist from ${first} to ${last} (days as the service lists them; whether UTC or local days is not documented).`
    : t`visible images exist from ${first} to ${last} (days as the service lists them; whether UTC or local days is not documented).`;
}
