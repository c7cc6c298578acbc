import { t as tr } from '@lingui/core/macro';
import type { ImageTimestamp } from '../../api/imagery/imagery-shapes';
import type { EvidenceKind } from '../../domain/local-time-evidence';
import { formatUtcLabel, type UtcMs } from '../../domain/time';
import { offsetsCaption } from '../../domain/zone-changes';
import { zoneAbbreviation } from '../../domain/zoned-time';

/** What chose the pass of a repeated hour, as the label says it; said when needed (language). */
const BY: Record<EvidenceKind, () => string> = {
  now: () => tr`the second is still to come`,
  created_at: () => tr`by its creation time`,
  id: () => tr`by its id`,
  order: () => tr`by the answer’s order`,
};

type SiteLocal = Extract<ImageTimestamp, { kind: 'site-local' }>;

/** The instants an undecided repeated-hour time may be, the likelier first. */
function readings(t: SiteLocal): [UtcMs, UtcMs] {
  const later = t.later ?? t.utcMs;
  return t.likelyLater ? [later, t.utcMs] : [t.utcMs, later];
}

/**
 * A record's time in the zone the API gave it (spec 01 §2.4): the site's wall time labelled with
 * the zone's abbreviation, or UTC labelled UTC. The two kinds are never converted silently. A
 * repeated hour's time says which pass it is and what told, or that nothing did.
 */
export function imageTimeLabel(t: ImageTimestamp): string {
  if (t.kind === 'utc') return formatUtcLabel(t.utcMs);
  const wall = t.local.replace('T', ' ');
  // Without a known zone the wall time is all there is: no abbreviation, no converted instant.
  if (t.zoneUnknown) return tr`${wall} site time (zone unknown)`;
  const { zone } = t;
  if (t.nonexistent) return tr`${wall} site time (a time ${zone} skips by this browser’s zone rules: UTC uncertain)`;
  const abbr = (ms: UtcMs) => zoneAbbreviation(ms, zone);
  if (!t.ambiguous) return `${wall} ${abbr(t.utcMs)}`;
  const at = abbr(t.utcMs);
  if (t.resolvedBy) {
    const by = BY[t.resolvedBy]();
    return t.utcMs === t.later
      ? tr`${wall} ${at} (clocks went back: the second pass, ${by})`
      : tr`${wall} ${at} (clocks went back: the first pass, ${by})`;
  }
  const [a, b] = readings(t);
  const first = abbr(a);
  const second = abbr(b);
  return t.likelyLater
    ? tr`${wall} ${first} or ${second} (ambiguous: clocks went back; likely the second pass, made minutes after it)`
    : tr`${wall} ${first} or ${second} (ambiguous: clocks went back; nothing in the answer tells which pass)`;
}

/** The other zone, for metadata: UTC for a local time (both readings while undecided), nothing for UTC. */
export function imageTimeAlternate(t: ImageTimestamp): string | null {
  if (t.kind === 'utc' || t.zoneUnknown || t.nonexistent) return null;
  if (!t.ambiguous || t.resolvedBy) return formatUtcLabel(t.utcMs);
  const [a, b] = readings(t);
  const first = formatUtcLabel(a);
  const second = formatUtcLabel(b);
  return tr`${first} or ${second}`;
}

/** Which zone the page's times are in, said once above the grid: every offset the page holds. */
export function zoneCaption(times: readonly ImageTimestamp[]): string {
  const first = times[0];
  if (!first) return '';
  if (first.kind === 'utc') return tr`Times are UTC.`;
  if (first.zoneUnknown)
    return tr`Times are the camera site’s local time as the service gives them; the site’s zone is unknown.`;
  let lo = Infinity;
  let hi = -Infinity;
  for (const t of times) {
    lo = Math.min(lo, t.utcMs);
    hi = Math.max(hi, t.kind === 'site-local' ? (t.later ?? t.utcMs) : t.utcMs);
  }
  const offsets = offsetsCaption(first.zone, lo, hi);
  const zone = first.zone;
  return tr`Times are the camera site’s local time (${offsets}, ${zone}), as the service returns them for one site at freq=all.`;
}
