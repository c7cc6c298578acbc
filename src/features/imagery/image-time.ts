import type { ImageTimestamp } from '../../api/imagery/imagery-shapes';
import type { EvidenceKind } from '../../domain/local-time-evidence';
import { formatUtcLabel, type UtcMs } from '../../domain/time';
import { offsetsCaption } from '../../domain/zone-changes';
import { zoneAbbreviation } from '../../domain/zoned-time';

/** What chose the pass of a repeated hour, as the label says it. */
const BY: Record<EvidenceKind, string> = {
  now: 'the second is still to come',
  created_at: 'by its creation time',
  id: 'by its id',
  order: 'by the answer’s order',
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
  if (t.zoneUnknown) return `${wall} site time (zone unknown)`;
  if (t.nonexistent) return `${wall} site time (a time ${t.zone} skips by this browser’s zone rules: UTC uncertain)`;
  const abbr = (ms: UtcMs) => zoneAbbreviation(ms, t.zone);
  if (!t.ambiguous) return `${wall} ${abbr(t.utcMs)}`;
  if (t.resolvedBy) {
    const pass = t.utcMs === t.later ? 'second' : 'first';
    return `${wall} ${abbr(t.utcMs)} (clocks went back: the ${pass} pass, ${BY[t.resolvedBy]})`;
  }
  const [a, b] = readings(t);
  return `${wall} ${abbr(a)} or ${abbr(b)} (ambiguous: clocks went back; ${
    t.likelyLater ? 'likely the second pass, made minutes after it' : 'nothing in the answer tells which pass'
  })`;
}

/** The other zone, for metadata: UTC for a local time (both readings while undecided), nothing for UTC. */
export function imageTimeAlternate(t: ImageTimestamp): string | null {
  if (t.kind === 'utc' || t.zoneUnknown || t.nonexistent) return null;
  if (!t.ambiguous || t.resolvedBy) return formatUtcLabel(t.utcMs);
  const [a, b] = readings(t);
  return `${formatUtcLabel(a)} or ${formatUtcLabel(b)}`;
}

/** Which zone the page's times are in, said once above the grid: every offset the page holds. */
export function zoneCaption(times: readonly ImageTimestamp[]): string {
  const first = times[0];
  if (!first) return '';
  if (first.kind === 'utc') return 'Times are UTC.';
  if (first.zoneUnknown)
    return 'Times are the camera site’s local time as the service gives them; the site’s zone is unknown.';
  let lo = Infinity;
  let hi = -Infinity;
  for (const t of times) {
    lo = Math.min(lo, t.utcMs);
    hi = Math.max(hi, t.kind === 'site-local' ? (t.later ?? t.utcMs) : t.utcMs);
  }
  return `Times are the camera site’s local time (${offsetsCaption(first.zone, lo, hi)}, ${first.zone}), as the service returns them for one site at freq=all.`;
}
