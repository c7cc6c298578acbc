/**
 * The zone of the v1 times, which spec 02 §2 does not give, read from the records: a v1 record's
 * image id has the time fields of the same image's v2 id, whose zone v2 answers show (their `Z`
 * timestamps beside the ids); so a timestamp equal to its id's fields is in the ids' zone, and one
 * that differs from them by the site's offset is in the other (src/domain/zone-learning.ts). What one
 * answer decides is kept for the host and site (src/api/imagery/learned-zones.ts), so the links to
 * v2 read the next query's times the same way before its answer is in.
 */
import { t } from '@lingui/core/macro';
import { useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useStore } from 'zustand';
import { imageryQueries } from '../../api/imagery/imagery';
import {
  idFieldsSampleQuery,
  learnedZonesStore,
  learnLegacyStamps,
  idsKey,
  legacyKey,
  type LearnedZones,
} from '../../api/imagery/learned-zones';
import type { LegacyImage } from '../../api/decode/legacy-body';
import { parseImageId } from '../../domain/image-id';
import { offsetMs, parseWall } from '../../domain/local-time';
import { resolveLocalTimes } from '../../domain/local-time-evidence';
import { findVolcano, knownSiteTimeZone, type ImageType } from '../../domain/volcanoes';
import { addTallies, NO_READINGS, verdictOf, type ZoneReading, type ZoneVerdict } from '../../domain/zone-learning';
import { legacyTimestampZone, type LegacyEvidenceItem, type LegacyZoneEvidence } from '../../domain/legacy-stamp-zone';

type UtcMs = number;

export interface V1Zone {
  /** The zone the evidence chose for the v1 times, or null while nothing decides it. */
  reading: ZoneReading | null;
  /** The reading offered first: the chosen one, else the likelier. */
  first: ZoneReading;
  /** Which evidence chose, or why nothing did, as a sentence part ("read as UTC: …"). */
  because: string;
  /** The ids' zone as v2 answers showed it (a repeated hour's site-local time is read with it). */
  ids: ZoneVerdict;
}

/** A reading's words, in the display language: said when needed, never at module load. */
export const READING_WORDS: Record<ZoneReading, () => string> = {
  utc: () => t`UTC`,
  local: () => t`site-local time`,
};
const FIELD_WORDS: Record<ZoneReading, () => string> = { utc: () => t`UTC`, local: () => t`site-local` };

export interface V1ZoneInput {
  /** What the answer on screen shows; null before an answer. */
  evidence: LegacyZoneEvidence | null;
  /** What earlier v1 answers of this host showed for these sites. */
  learned: ZoneVerdict;
  ids: ZoneVerdict;
  /** The v2 answer asked for to learn the ids' zone. */
  sample: 'idle' | 'pending' | 'failed';
}

/** The reading of the v1 times and the words that say why. */
export function describeV1Zone({ evidence, learned, ids, sample }: V1ZoneInput): V1Zone {
  const e = evidence;
  if (e?.reading) {
    const r = e.reading;
    const one = e.tally.utc + e.tally.local === 1;
    const z = e.ids === 'utc' || e.ids === 'local' ? e.ids : null;
    const reading = READING_WORDS[r]();
    const field = FIELD_WORDS[r]();
    const because =
      e.basis === 'ids' && z === r
        ? one
          ? t`read as ${reading}: the record’s id, whose time fields are ${field} in v2 answers, matches its timestamp`
          : t`read as ${reading}: the records’ ids, whose time fields are ${field} in v2 answers, match their timestamps`
        : e.basis === 'ids' && z
          ? idsOther(one, reading, field, FIELD_WORDS[z]())
          : offsetFits(one, reading, field, z ? FIELD_WORDS[z]() : null);
    return { reading: r, first: r, because, ids };
  }
  if (learned === 'utc' || learned === 'local') {
    const reading = READING_WORDS[learned]();
    return {
      reading: learned,
      first: learned,
      because: t`read as ${reading}, as an earlier v1 answer from this host showed (its records’ ids against their timestamps)`,
      ids,
    };
  }
  // Where nothing decides: site-local first, the way v2 gives its own zone-less times (spec 01 §2.4).
  const because = !e
    ? t`undecided until an answer is read; site-local first, the way v2 gives its own zone-less times`
    : e.basis === 'conflict'
      ? t`undecided: some records read as UTC and some as site-local time; site-local first, the way v2 gives its own zone-less times`
      : e.basis === 'none'
        ? t`undecided: no record can tell (where the site is at UTC+0 both readings agree, and ids of another shape say nothing); site-local first, the way v2 gives its own zone-less times`
        : ids === 'conflict'
          ? t`undecided: the timestamps equal their ids’ time fields, and v2 answers disagree on those fields’ zone; site-local first, the way v2 gives its own zone-less times`
          : sample === 'pending'
            ? t`undecided while a v2 answer shows the zone of the ids’ time fields, which the timestamps equal; site-local first, the way v2 gives its own zone-less times`
            : t`undecided: the timestamps equal their ids’ time fields, whose zone no v2 answer has shown; site-local first, the way v2 gives its own zone-less times`;
  return { reading: null, first: 'local', because, ids };
}

/** The timestamps are the ids' time fields read in the other zone. */
function idsOther(one: boolean, reading: string, field: string, idsField: string): string {
  return one
    ? t`read as ${reading}: the timestamp is the ${field} time of its id’s fields, which are ${idsField} in v2 answers`
    : t`read as ${reading}: each timestamp is the ${field} time of its id’s fields, which are ${idsField} in v2 answers`;
}

/** The timestamps differ from the ids' time fields by the site's offset. */
function offsetFits(one: boolean, reading: string, field: string, idsField: string | null): string {
  if (idsField === null)
    return one
      ? t`read as ${reading}: the timestamp differs from its id’s time fields by the site’s offset, which fits only the other zone’s ids and ${field} timestamps`
      : t`read as ${reading}: each timestamp differs from its id’s time fields by the site’s offset, which fits only the other zone’s ids and ${field} timestamps`;
  return one
    ? t`read as ${reading}: the timestamp differs from its id’s time fields by the site’s offset, which fits only ${idsField} ids and ${field} timestamps`
    : t`read as ${reading}: each timestamp differs from its id’s time fields by the site’s offset, which fits only ${idsField} ids and ${field} timestamps`;
}

/** The UTC instants a v1 time names in `reading`: one, two (a repeated hour undecided), or none (a skipped time). */
export function v1Instants(image: LegacyImage, reading: ZoneReading, ids: ZoneVerdict): UtcMs[] {
  const wall = parseWall(image.time.wall);
  if (wall === null) return [];
  if (reading === 'utc') return [wall];
  const zone = knownSiteTimeZone(image.site);
  if (!zone) return [];
  const [t] = resolveLocalTimes([{ wall, idFields: parseImageId(image.image_id)?.utcMs }], zone, Date.now(), {
    idFields: ids,
  });
  if (!t || t.kind === 'nonexistent') return [];
  return t.kind === 'ambiguous' ? [t.utcMs, t.later] : [t.utcMs];
}

const sum = (part: LearnedZones['ids'], keys: readonly string[]) =>
  keys.reduce((acc, k) => addTallies(acc, part[k] ?? NO_READINGS), NO_READINGS);

/** The sites a v1 query is about: those of its answer, else its site, else its volcano's cameras of the type. */
function sitesOf(
  imageType: ImageType,
  site: string | undefined,
  vnum: number | undefined,
  images?: readonly LegacyImage[],
) {
  if (images?.length) return [...new Set(images.map((i) => i.site))].sort();
  if (site) return [site];
  const v = vnum === undefined ? undefined : findVolcano(vnum);
  return (v?.cameraSites ?? []).filter((s) => s.imageTypes.includes(imageType)).map((s) => s.site);
}

const evidenceItems = (images: readonly LegacyImage[]): LegacyEvidenceItem[] =>
  images.flatMap((i) => {
    const stamp = parseWall(i.time.wall);
    return stamp === null
      ? []
      : [{ idFields: parseImageId(i.image_id)?.utcMs ?? null, stamp, zone: knownSiteTimeZone(i.site) }];
  });

/** A record's time where the site's offset is not zero, near which a v2 answer can show the ids' zone. */
function sampleNear(items: readonly LegacyEvidenceItem[]): UtcMs | null {
  const it = items.find((i) => i.idFields !== null && i.zone !== null && offsetMs(i.zone, i.idFields) !== 0);
  return it?.idFields ?? null;
}

/** The zone of the v1 times of a query and its answer (`images`, absent before one). */
export function useV1Zone(
  imageType: ImageType,
  site: string | undefined,
  vnum: number | undefined,
  images?: readonly LegacyImage[],
): V1Zone {
  const sites = sitesOf(imageType, site, vnum, images);
  const siteKey = sites.join(',');
  const ids = useStore(learnedZonesStore, (s) => verdictOf(sum(s.ids, siteKey.split(',').map(idsKey))));
  const learned = useStore(learnedZonesStore, (s) => verdictOf(sum(s.legacy, siteKey.split(',').map(legacyKey))));
  const items = useMemo(() => (images ? evidenceItems(images) : null), [images]);
  const evidence = useMemo(() => (items ? legacyTimestampZone(items, ids) : null), [items, ids]);
  // Only the ids' zone would decide: a small v2 answer shows it (fetchImagery learns from every answer).
  const near = evidence?.basis === 'as-id' && ids === null && items ? sampleNear(items) : null;
  const sampleVnum = images?.[0]?.vnum ?? vnum;
  const sample = useQuery({
    ...imageryQueries.page(idFieldsSampleQuery(imageType, sampleVnum ?? 0, near ?? 0)),
    enabled: near !== null && sampleVnum !== undefined,
  });
  useEffect(() => {
    if (!images || !evidence?.reading) return;
    for (const s of new Set(images.map((i) => i.site)))
      learnLegacyStamps(s, legacyTimestampZone(evidenceItems(images.filter((i) => i.site === s)), ids).tally);
  }, [images, evidence, ids]);
  return describeV1Zone({
    evidence,
    learned,
    ids,
    sample: near === null ? 'idle' : sample.isError ? 'failed' : 'pending',
  });
}
