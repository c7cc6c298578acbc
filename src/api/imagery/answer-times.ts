/**
 * The instants of an answer's site-local times (spec 01 §2.4: one site at freq=all). A wall time in
 * a fall-back hour names two instants; the answer's own evidence decides which where it can
 * (src/domain/local-time-evidence.ts: now, `created_at`, the id's fields, the order), with what
 * earlier answers of the host taught of the ids' fields (learned-zones.ts). Loaded with the first
 * answer that holds such a time: a few nights a year.
 */
import { parseImageId } from '../../domain/image-id';
import { offsetMs, parseWall } from '../../domain/local-time';
import { resolveLocalTimes } from '../../domain/local-time-evidence';
import { parseIsoUtcFast, type UtcMs } from '../../domain/time';
import { idFieldsVerdict, idsKey } from './learned-zones';
import type { ImageRecord, ImageryQuery, Order } from './imagery-shapes';

const HOUR_MS = 3_600_000;

/**
 * The records with each repeated-hour time read from the evidence: `utcMs` the instant it decided
 * and `resolvedBy` what decided it; undecided ones stay as parsed (the earlier instant, `later`).
 * `order` is how the answer is sorted (the service's default is newest first).
 */
export function resolveAnswerTimes(
  records: readonly ImageRecord[],
  order: Order,
  now: UtcMs = Date.now(),
): ImageRecord[] {
  const repeated = records.filter((r) => r.time.kind === 'site-local' && r.time.ambiguous);
  if (repeated.length === 0) return [...records];
  const out = [...records];
  // One site per answer of this kind; grouped all the same, so a mixed answer is read per site.
  const sites = new Set(repeated.map((r) => r.site));
  for (const site of sites) {
    const idx: number[] = [];
    records.forEach((r, i) => r.site === site && r.time.kind === 'site-local' && !r.time.zoneUnknown && idx.push(i));
    const first = records[idx[0]!]!.time;
    if (first.kind !== 'site-local') continue;
    const times = resolveLocalTimes(
      idx.map((i) => {
        const r = records[i]!;
        return {
          wall: r.time.kind === 'site-local' ? (parseWall(r.time.local) ?? r.time.utcMs) : r.time.utcMs,
          idFields: parseImageId(r.image_id)?.utcMs,
          // Documented as UTC with `Z` (spec 01 §2.4); any other form is no evidence (NaN).
          createdAt: r.created_at ? parseIsoUtcFast(r.created_at) : null,
        };
      }),
      first.zone,
      now,
      { idFields: idFieldsVerdict(site), order },
    );
    idx.forEach((i, k) => {
      const r = records[i]!;
      const e = times[k]!;
      if (r.time.kind !== 'site-local') return;
      if (e.kind === 'decided') out[i] = { ...r, time: { ...r.time, utcMs: e.utcMs, resolvedBy: e.by } };
      else if (e.kind === 'ambiguous' && e.likelyLater) out[i] = { ...r, time: { ...r.time, likelyLater: true } };
    });
  }
  return out;
}

/** When a probe for a site's id fields was last sent: one that taught nothing is not repeated at once. */
const probedAt = new Map<string, UtcMs>();
const PROBE_AGAIN_MS = 10 * 60_000;

/**
 * A small query whose answer has `Z` timestamps and would show `records`' id fields' zone, when an
 * undecided repeated-hour time is one an id of known zone would decide and that zone is not yet
 * known: freq=all by volcano (no site) is an exact UTC range with `Z` times (spec 01 §4.5), taken
 * beside the repeated hour where the site's offset is not zero (there the two readings differ).
 */
export function idFieldsProbe(records: readonly ImageRecord[], now: UtcMs = Date.now()): ImageryQuery | null {
  for (const r of records) {
    const t = r.time;
    if (t.kind !== 'site-local' || !t.ambiguous || t.resolvedBy || t.later === undefined) continue;
    const idFields = parseImageId(r.image_id)?.utcMs;
    if (idFields !== t.utcMs && idFields !== t.later) continue;
    if (idFieldsVerdict(r.site) !== null) continue;
    const key = idsKey(r.site);
    if (now - (probedAt.get(key) ?? -Infinity) < PROBE_AGAIN_MS) continue;
    probedAt.set(key, now);
    const before = t.utcMs - HOUR_MS;
    const at = offsetMs(t.zone, before) !== 0 ? before : t.later + HOUR_MS;
    return {
      imageType: r.image_type,
      vnum: r.vnum,
      from: at - HOUR_MS / 2,
      to: at + HOUR_MS / 2,
      limit: 50,
      order: 'asc',
    };
  }
  return null;
}

/** Forgets the probes sent (tests). */
export function forgetProbes(): void {
  probedAt.clear();
}
