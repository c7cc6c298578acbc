/**
 * What this session learned of the zones the service leaves unnamed (src/domain/zone-learning.ts),
 * per host and site: the zone of the image ids' time fields (from v2 answers) and of v1 timestamps
 * (from v1 answers read against their ids). A fact about the service, so neither in the URL nor in a
 * view: every reader of an answer (pages, the lightbox, the wall, the legacy view) uses the same.
 * Every answer teaches: a `Z` timestamp beside its id's fields shows the fields' zone.
 */
import { createStore } from 'zustand/vanilla';
import { parseImageId } from '../../domain/image-id';
import { parseWall } from '../../domain/local-time';
import { knownSiteTimeZone, type ImageType } from '../../domain/volcanoes';
import {
  addReading,
  addTallies,
  fieldsReading,
  idReadingOfWall,
  NO_READINGS,
  verdictOf,
  type ReadingTally,
  type ZoneVerdict,
} from '../../domain/zone-learning';
import { apiBase, legacyBase } from '../hosts';
import type { ImageRecord, ImageryQuery } from './imagery-shapes';

type UtcMs = number;
const HOUR_MS = 3_600_000;

export interface LearnedZones {
  /** `${apiBase}|${site}` → how many v2 records showed UTC or local id fields. */
  ids: Readonly<Record<string, ReadingTally>>;
  /** `${legacyBase}|${site}` → how many v1 records showed UTC or local timestamps. */
  legacy: Readonly<Record<string, ReadingTally>>;
}

export const learnedZonesStore = createStore<LearnedZones>(() => ({ ids: {}, legacy: {} }));

export const idsKey = (site: string): string => `${apiBase()}|${site}`;
export const legacyKey = (site: string): string => `${legacyBase()}|${site}`;

function learn(part: keyof LearnedZones, key: string, tally: ReadingTally): void {
  if (tally.utc === 0 && tally.local === 0) return;
  learnedZonesStore.setState((s) => ({
    [part]: { ...s[part], [key]: addTallies(s[part][key] ?? NO_READINGS, tally) },
  }));
}

/** Adds what one answer's records showed of `site`'s id fields. */
export function learnIdFields(site: string, tally: ReadingTally): void {
  learn('ids', idsKey(site), tally);
}

/** Adds what one v1 answer's records showed of `site`'s timestamps. */
export function learnLegacyStamps(site: string, tally: ReadingTally): void {
  learn('legacy', legacyKey(site), tally);
}

/** The zone of `site`'s id fields as learned so far on this API host. */
export function idFieldsVerdict(site: string, s: LearnedZones = learnedZonesStore.getState()): ZoneVerdict {
  return verdictOf(s.ids[idsKey(site)] ?? NO_READINGS);
}

/** The zone of `site`'s v1 timestamps as learned so far on this legacy host. */
export function legacyStampsVerdict(site: string, s: LearnedZones = learnedZonesStore.getState()): ZoneVerdict {
  return verdictOf(s.legacy[legacyKey(site)] ?? NO_READINGS);
}

/** Records what the answer's records show of their sites' id fields. */
export function learnFromAnswer(records: readonly ImageRecord[]): void {
  const bySite = new Map<string, ReadingTally>();
  for (const r of records) {
    const idFields = parseImageId(r.image_id)?.utcMs;
    const zone = knownSiteTimeZone(r.site);
    if (idFields === undefined || zone === null) continue;
    const t = r.time;
    const reading =
      t.kind === 'utc'
        ? fieldsReading(idFields, t.utcMs, zone)
        : t.zoneUnknown
          ? null
          : idReadingOfWall(idFields, parseWall(t.local) ?? Number.NaN, zone);
    if (reading) bySite.set(r.site, addReading(bySite.get(r.site) ?? NO_READINGS, reading));
  }
  for (const [site, tally] of bySite) learnIdFields(site, tally);
}

/**
 * A small query whose answer has `Z` timestamps near `near`, asked only for what it teaches of the
 * volcano's sites' id fields (the legacy view, whose v1 times are read against their ids).
 */
export function idFieldsSampleQuery(imageType: ImageType, vnum: number, near: UtcMs): ImageryQuery {
  const at = Math.round(near / HOUR_MS) * HOUR_MS;
  return { imageType, vnum, from: at - HOUR_MS, to: at + HOUR_MS, limit: 20, order: 'asc' };
}

/** Forgets everything (tests). */
export function forgetLearnedZones(): void {
  learnedZonesStore.setState({ ids: {}, legacy: {} });
}
