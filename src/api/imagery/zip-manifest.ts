/**
 * What a downloaded ZIP holds, said beside it: its name from the volcano, site, type and span of its
 * images (src/domain/zip-name.ts) and its `manifest.csv` rows (src/domain/manifest-csv.ts). The
 * service's ZIP is saved untouched, so the manifest is a file next to it, made from the same query
 * read page by page (the times resolved as on screen) and the flags' filtered lists, or, for a
 * selection, from the ids.
 */
import { manifestCsv, type ManifestRow } from '../../domain/manifest-csv';
import { parseImageId } from '../../domain/image-id';
import { localDaysSpan } from '../../domain/local-time';
import { DAY_MS, type UtcMs } from '../../domain/time';
import { findCameraSite, findVolcano, knownSiteTimeZone, type ImageType } from '../../domain/volcanoes';
import { formatInZone } from '../../domain/zoned-time';
import { zipSpanName } from '../../domain/zip-name';
import { fetchFlagIds, flagsOf, type FlagName, type FlagState } from './image-flags';
import { fetchImagery } from './imagery';
import type { ImageRecord, ImageryQuery } from './imagery-shapes';
import { imageInstant, orderByInstant } from './instant-order';

/** What a ZIP was asked for: a query's images, or images by id. */
export type ZipContent =
  { kind: 'query'; query: ImageryQuery } | { kind: 'ids'; imageType: ImageType; ids: readonly string[] };

const PAGE = 200;
/** Flag lists longer than this many pages are not read whole: the flag is then unknown where unlisted. */
const FLAG_PAGES = 10;

const dayOf = (t: UtcMs) => Math.floor(t / DAY_MS) * DAY_MS;

/** The UTC span a query's images lie in: one site's whole local days (freq=all or daily), else From–To. */
export function querySpan(q: ImageryQuery): { from: UtcMs | undefined; to: UtcMs | undefined } {
  const zone = q.site ? knownSiteTimeZone(q.site) : null;
  const localDays = !!q.site && ((q.freq ?? 'all') === 'all' || q.freq === 'daily');
  if (localDays && zone && q.from !== undefined && q.to !== undefined) {
    const s = localDaysSpan(zone, dayOf(q.from), dayOf(q.to));
    return { from: s.start, to: s.end };
  }
  return { from: q.from, to: q.to };
}

/** The ZIP's file name from what it holds. */
export function zipContentName(c: ZipContent): string {
  if (c.kind === 'query') {
    const q = c.query;
    const vnum = q.vnum ?? (q.site ? findCameraSite(q.site)?.vnum : undefined);
    return zipSpanName({
      volcano: vnum === undefined ? undefined : findVolcano(vnum)?.name,
      site: q.site,
      imageType: q.imageType ?? 'infrared',
      ...querySpan(q),
    });
  }
  const parsed = c.ids.map(parseImageId).filter((p) => p !== null);
  const sites = new Set(parsed.map((p) => p.site));
  const vnums = new Set(parsed.map((p) => p.vnum));
  const times = parsed.map((p) => p.utcMs);
  return zipSpanName({
    volcano: vnums.size === 1 ? findVolcano([...vnums][0]!)?.name : undefined,
    site: sites.size === 1 ? [...sites][0] : undefined,
    imageType: c.imageType,
    from: times.length ? Math.min(...times) : undefined,
    to: times.length ? Math.max(...times) : undefined,
  });
}

/** The manifest's name beside a ZIP: `<zip name>_manifest.csv`. */
export const manifestName = (zipName: string) => `${zipName.replace(/\.zip$/i, '')}_manifest.csv`;

/** The path of an image in the service's ZIP, under its root folder (spec 01 §4.5). */
const fileIn = (imageType: string, vnum: number | string, site: string, id: string) =>
  `${imageType}/${vnum}/${site}/${id}.jpg`;

/** The offset in force and the zone's name (`UTC-06:00 America/Costa_Rica`): abbreviations differ by browser. */
function zoneWords(t: UtcMs, zone: string): string {
  return `UTC${formatInZone(t, zone, 'xxx')} ${zone}`;
}

/** A record's row: its instant, its wall time at the site and how the time was read. */
export function recordRow(r: ImageRecord, flags: string): ManifestRow {
  const t = r.time;
  const at = imageInstant(t);
  const base = { imageId: r.image_id, flags, fileName: fileIn(r.image_type, r.vnum, r.site, r.image_id) };
  if (t.kind === 'utc') {
    const zone = knownSiteTimeZone(r.site);
    return {
      ...base,
      utc: new Date(at).toISOString().replace('.000Z', 'Z'),
      local: zone ? formatInZone(at, zone, 'yyyy-MM-dd HH:mm:ss') : '',
      zone: zone ? zoneWords(at, zone) : 'unknown',
      resolved: zone
        ? 'UTC from the service, converted to the site’s zone'
        : 'UTC from the service; the site’s zone is unknown',
    };
  }
  const local = t.local.replace('T', ' ');
  if (t.zoneUnknown)
    return {
      ...base,
      utc: '',
      local,
      zone: 'unknown',
      resolved: 'site time from the service; the site’s zone is unknown',
    };
  const utc = new Date(at).toISOString().replace('.000Z', 'Z');
  if (t.nonexistent)
    return {
      ...base,
      utc,
      local,
      zone: t.zone,
      resolved: 'a site time the zone skips by this browser’s rules: UTC uncertain',
    };
  const resolved = !t.ambiguous
    ? 'site time from the service, one reading'
    : t.resolvedBy
      ? `repeated hour (clocks went back): the ${t.utcMs === t.later ? 'second' : 'first'} pass, by ${
          { now: 'the present', created_at: 'its creation time', id: 'its id', order: 'the answer’s order' }[
            t.resolvedBy
          ]
        }`
      : `repeated hour (clocks went back): undecided, ${t.likelyLater ? 'likely the second pass' : 'either pass'}`;
  return { ...base, utc, local, zone: zoneWords(at, t.zone), resolved };
}

/** A selected image's row from its id alone: the time its id states, read as UTC. */
function idRow(imageType: ImageType, id: string): ManifestRow {
  const p = parseImageId(id);
  if (!p)
    return {
      imageId: id,
      utc: '',
      local: '',
      zone: 'unknown',
      resolved: 'not a documented image id',
      flags: 'unknown',
      fileName: `${imageType}/${id}.jpg`,
    };
  const zone = knownSiteTimeZone(p.site);
  return {
    imageId: id,
    utc: new Date(p.utcMs).toISOString().replace('.000Z', 'Z'),
    local: zone ? formatInZone(p.utcMs, zone, 'yyyy-MM-dd HH:mm:ss') : '',
    zone: zone ? zoneWords(p.utcMs, zone) : 'unknown',
    resolved: 'the time fields of its id, read as UTC',
    flags: 'unknown (a selection is not listed by flag)',
    fileName: fileIn(imageType, p.vnum, p.site, id),
  };
}

/** Every record of a query, oldest first, page by page. */
async function queryRecords(q: ImageryQuery, signal?: AbortSignal): Promise<ImageRecord[]> {
  const base = { ...q, order: 'asc' as const, limit: PAGE };
  const first = await fetchImagery({ ...base, page: 1 }, signal);
  const out = [...first.results];
  for (let page = 2; page <= first.pagination.total_pages; page++)
    out.push(...(await fetchImagery({ ...base, page }, signal)).results);
  return out;
}

/** The manifest of a ZIP's content as CSV text. */
export async function zipManifest(c: ZipContent, signal?: AbortSignal): Promise<string> {
  if (c.kind === 'ids') return manifestCsv(c.ids.map((id) => idRow(c.imageType, id)));
  const q = c.query;
  const records = await queryRecords(q, signal);
  const lists = new Map<FlagName, { ids: Set<string>; complete: boolean }>();
  for (const flag of flagsOf(q.imageType ?? 'infrared')) {
    try {
      const l = await fetchFlagIds({ ...q, order: 'asc' }, flag, true, FLAG_PAGES, signal);
      lists.set(flag, { ids: new Set(l.ids), complete: l.complete });
    } catch (e) {
      if (signal?.aborted) throw e;
      // A flag whose list could not be read is unknown for every image: the times still stand.
      lists.set(flag, { ids: new Set(), complete: false });
    }
  }
  const flagsOfRecord = (id: string) =>
    [...lists]
      .map(([flag, l]) => {
        const state: FlagState = l.ids.has(id) ? 'yes' : l.complete ? 'no' : 'unknown';
        return `${flag}=${state}`;
      })
      .join('; ');
  // In UTC order, as on screen: pages cut by local time may hold a fall-back hour's passes apart.
  return manifestCsv(orderByInstant(records, 'asc').results.map((r) => recordRow(r, flagsOfRecord(r.image_id))));
}
