/**
 * What this session learned of the zones the service leaves unnamed (src/domain/zone-learning.ts),
 * per host and site: the zone of the image ids' time fields (from v2 answers) and of v1 timestamps
 * (from v1 answers read against their ids). A fact about the service, so neither in the URL nor in a
 * view: every reader of an answer (pages, the lightbox, the wall, the legacy view) uses the same.
 */
import { createStore } from 'zustand/vanilla';
import { addTallies, NO_READINGS, verdictOf, type ReadingTally, type ZoneVerdict } from '../../domain/zone-learning';
import { apiBase, legacyBase } from '../hosts';

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

/** Forgets everything (tests). */
export function forgetLearnedZones(): void {
  learnedZonesStore.setState({ ids: {}, legacy: {} });
}
