/**
 * The same v1 query in the v2 imagery view (spec 01 §9). v1 times carry no zone (spec 02 §2, §4.1)
 * while v2 takes UTC (spec 01 §4.5), so a link has to read them in some zone, and no document says
 * which. Both plausible readings are offered, each named in its link: the camera site's local time
 * and UTC, first the one the records' evidence chose (v1-zone.ts), else the likelier.
 */
import { t } from '@lingui/core/macro';
import { findCameraSite, findVolcano, knownSiteTimeZone, type ImageType } from '../../domain/volcanoes';
import { DAY_MS, formatImageryDateTime, formatUtcLabel, type UtcMs } from '../../domain/time';
import { parseWall, toWall, wallRangeToUtc } from '../../domain/local-time';
import type { LegacyParams } from './legacy-params';

export type V1Reading = 'site-local' | 'utc';

export interface V2Link {
  /** null when the query has no time that needs reading. */
  reading: V1Reading | null;
  href: string;
  label: string;
  /** What the link asks of v2, in words. */
  note: string;
}

export interface V2Links {
  links: V2Link[];
  /** What holds for every link (how v2 is asked), and why a reading is missing, when one is. */
  notes: string[];
}

/** The zone the site-local reading uses: the site's, or the one zone all the volcano's cameras of this type share. */
export function siteLocalZone(imageType: ImageType, site: string | undefined, vnum: number | undefined): string | null {
  if (site) return knownSiteTimeZone(site);
  const sites = (vnum === undefined ? undefined : findVolcano(vnum))?.cameraSites ?? [];
  const zones = new Set(sites.filter((s) => s.imageTypes.includes(imageType)).map((s) => knownSiteTimeZone(s.site)));
  const [only] = zones;
  return zones.size === 1 && only ? only : null;
}

const day = (wall: number) => Math.floor(wall / DAY_MS) * DAY_MS;
const dayLabel = (wall: number) => new Date(wall).toISOString().slice(0, 10);

/** What a link asks v2 for: its UTC range, open at one end when the v1 query was. */
function asksFor(from: UtcMs | null, to: UtcMs | null): string {
  const start = from === null ? '' : formatUtcLabel(from);
  const end = formatUtcLabel(to ?? 0);
  if (from !== null && to !== null) return t`asks for ${start} to ${end}`;
  return from !== null ? t`asks for from ${start} on` : t`asks for up to ${end}`;
}

/** A kept site's link: v2 gives it whole local days, named here with the site's zone. */
function localDaysNote(days: string[], site: string, zone: string): string {
  // At most two days: the range's two ends.
  if (days.length > 1) {
    const first = days[0]!;
    const last = days.at(-1)!;
    return t`v2 returns whole local days for one site of several, so this asks for the local days ${first} to ${last} at ${site} (${zone}); times of day outside the v1 range are included`;
  }
  const only = days[0] ?? '';
  return t`v2 returns whole local days for one site of several, so this asks for the local day ${only} at ${site} (${zone}); times of day outside the v1 range are included`;
}

/** `first`: the reading to offer first, the one the records' evidence chose or the likelier (v1-zone.ts). */
export function toImageryLinks(p: LegacyParams, first: V1Reading = 'site-local'): V2Links {
  const base = new URLSearchParams();
  base.set('imageType', p.imageType);
  const vnum = p.site ? findCameraSite(p.site)?.vnum : p.vnum;
  const siblings = (vnum === undefined ? undefined : findVolcano(vnum))?.cameraSites.filter((s) =>
    s.imageTypes.includes(p.imageType),
  );
  // v2 with one site at freq=all returns whole local days and ignores the time of day (spec 01
  // §4.5); by volcano number it takes an exact UTC range. So a volcano's only camera of this type
  // is asked for by vnum, and a site is kept only when the volcano has several.
  const keepSite = !!p.site && (siblings?.length ?? 0) > 1;
  if (keepSite && p.site) base.set('site', p.site);
  if (vnum !== undefined) base.set('vnum', String(vnum));
  const from = p.search_from ? parseWall(p.search_from) : null;
  const to = p.search_to ? parseWall(p.search_to) : null;
  const href = (range: [UtcMs | null, UtcMs | null]) => {
    const sp = new URLSearchParams(base);
    if (range[0] !== null) sp.set('datefrom', formatImageryDateTime(range[0]));
    if (range[1] !== null) sp.set('dateto', formatImageryDateTime(range[1]));
    return `/imagery?${sp.toString()}`;
  };
  if (from === null && to === null)
    return {
      links: [{ reading: null, href: href([null, null]), label: t`Open this query in the v2 imagery view`, note: '' }],
      notes: [],
    };

  const zone = siteLocalZone(p.imageType, p.site, vnum);
  const volcano = vnum === undefined ? undefined : (findVolcano(vnum)?.name ?? t`volcano ${vnum}`);
  const where = p.site ?? volcano ?? t`the site`;
  const site = p.site ?? '';
  const siteZone = p.site ? knownSiteTimeZone(p.site) : null;
  /** A kept site: the local days at it holding the range's two ends (walls at the site). */
  const localDays = (a: number | null, b: number | null) => {
    const days = [...new Set([a, b].flatMap((x) => (x === null ? [] : [dayLabel(x)])))];
    return {
      href: href([a === null ? null : day(a), b === null ? null : day(b) + DAY_MS - 1000]),
      note: localDaysNote(days, site, siteZone ?? ''),
    };
  };
  const exact = (range: [UtcMs | null, UtcMs | null]) => ({
    href: href(range),
    note: asksFor(...range),
  });

  const links: V2Link[] = [];
  if (zone !== null) {
    // An open end stays open; the same wall stands in for it so the conversion has two ends.
    const span = wallRangeToUtc(zone, from ?? to ?? 0, to ?? from ?? 0);
    links.push({
      reading: 'site-local',
      label: t`Open in v2, reading the v1 times as ${where} local time (${zone})`,
      ...(keepSite ? localDays(from, to) : exact([from === null ? null : span.start, to === null ? null : span.end])),
    });
  }
  const atSite = (t: UtcMs | null) => (t === null || siteZone === null ? null : toWall(siteZone, t));
  links.push({
    reading: 'utc',
    label: t`Open in v2, reading the v1 times as UTC`,
    ...(!keepSite
      ? exact([from, to])
      : siteZone !== null
        ? localDays(atSite(from), atSite(to))
        : { href: href([null, null]), note: t`the zone of ${site} is unknown, so this link carries no time range` }),
  });
  const notes: string[] = [];
  const volcanoName = volcano ?? '';
  if (p.site && !keepSite)
    notes.push(
      p.imageType === 'infrared'
        ? t`${site} is the only infrared camera of ${volcanoName}, so v2 is asked by volcano number, which takes an exact UTC range.`
        : t`${site} is the only visible camera of ${volcanoName}, so v2 is asked by volcano number, which takes an exact UTC range.`,
    );
  if (zone === null)
    notes.push(
      p.site
        ? t`No site-local reading is offered: the zone of ${site} is unknown.`
        : volcano
          ? t`No site-local reading is offered: the cameras of ${volcanoName} are not all in one known zone.`
          : t`No site-local reading is offered: no site or volcano is chosen.`,
    );
  // Whole local days can hold both readings: then one link says so instead of two alike.
  const [a, b] = links;
  if (a && b && a.href === b.href)
    return {
      links: [{ reading: null, href: a.href, label: t`Open this query in the v2 imagery view`, note: a.note }],
      notes: [
        t`Read as site-local time or as UTC, the v1 times fall on the same local days, so one link serves both.`,
        ...notes,
      ],
    };
  return { links: first === 'utc' ? links.reverse() : links, notes };
}
