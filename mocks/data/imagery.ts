/**
 * Deterministic camera archive (spec 01 §2.4, §4.5). Captures are generated per camera and UTC day
 * from a seeded walk (every 60–120 s), so any day can be produced alone; days are cached compactly
 * in typed arrays. The query engine below implements the freq/order/paging rules of §4.5.
 */
import { mulberry32, rand3, seedOf } from './prng';
import { ARCHIVE_START, DAY_MS, dayOfYear3, fromWall, hms, HOUR_MS, isoNoZone, isoZ, localDayOf, MINUTE_MS, toWall, zoneOffsetMs } from './clock';
import { CAMERA_TABLE, siteZone, type ImageType } from './reference';

export interface Camera {
  idx: number;
  site: string;
  vnum: number;
  type: ImageType;
  seed: number;
  siteSeed: number;
}

export const CAMERAS: readonly Camera[] = CAMERA_TABLE.map((c, idx) => ({
  ...c,
  idx,
  seed: seedOf(`${c.site}/${c.type}`),
  siteSeed: seedOf(c.site),
}));

export function camerasOf(type: ImageType): Camera[] {
  return CAMERAS.filter((c) => c.type === type);
}

export function findCamera(site: string, type: ImageType): Camera | undefined {
  return CAMERAS.find((c) => c.site === site && c.type === type);
}

/** The camera's local zone: the service's own fact, whatever zone a client was configured with. */
export const zoneOf = (cam: Camera): string => siteZone(cam.site);

export const F_EMPTY = 1;
export const F_NIGHT = 2;
export const F_DEGRADED = 4;
export const F_LOWVIS = 8;

export interface DayCaptures {
  cam: Camera;
  day: number;
  n: number;
  /** Capture instants (ms, whole seconds), ascending. */
  t: Float64Array;
  suffix: Uint16Array;
  flags: Uint8Array;
}

const ARCHIVE_START_DAY = ARCHIVE_START / DAY_MS;
const LOWVIS_BLOCK = 6 * HOUR_MS;
const DEGRADED_BLOCK = 30 * MINUTE_MS;

/** Fog/cloud episodes of a site (shared by its cameras): [start, end) ms, 1–5 h, ~1 per day. */
function lowVisEpisodes(siteSeed: number, from: number, to: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let b = Math.floor(from / LOWVIS_BLOCK) - 1; b * LOWVIS_BLOCK < to; b++) {
    if (rand3(siteSeed, b, 51) >= 0.25) continue;
    const start = b * LOWVIS_BLOCK + Math.floor(rand3(siteSeed, b, 52) * LOWVIS_BLOCK);
    out.push([start, start + HOUR_MS + Math.floor(rand3(siteSeed, b, 53) * 4 * HOUR_MS)]);
  }
  return out;
}

const cache = new Map<number, DayCaptures>();
const CACHE_MAX = 4000;

export function dayCaptures(cam: Camera, day: number): DayCaptures {
  const key = day * 16 + cam.idx;
  const hit = cache.get(key);
  if (hit) return hit;
  const start = day * DAY_MS;
  const end = start + DAY_MS;
  const t: number[] = [];
  if (day >= ARCHIVE_START_DAY) {
    const rnd = mulberry32(cam.seed ^ Math.imul(day, 0x9e3779b1));
    for (let x = start + Math.floor(rnd() * 60) * 1000; x < end; x += (60 + Math.floor(rnd() * 61)) * 1000) t.push(x);
  }
  const n = t.length;
  const d: DayCaptures = { cam, day, n, t: new Float64Array(t), suffix: new Uint16Array(n), flags: new Uint8Array(n) };
  const fog = lowVisEpisodes(cam.siteSeed, start, end);
  const zone = zoneOf(cam);
  let offHour = Number.NaN;
  let off = 0;
  for (let i = 0; i < n; i++) {
    const x = t[i]!;
    const sec = x / 1000;
    const hour = Math.floor(x / HOUR_MS);
    if (hour !== offHour) {
      offHour = hour;
      off = toWall(zone, x) - x;
    }
    d.suffix[i] = Math.floor(rand3(cam.seed, sec, 81) * 10000);
    let f = 0;
    if (rand3(cam.seed, sec, 71) < 0.03) f |= F_EMPTY;
    if (cam.type === 'visible') {
      const w = x + off;
      const h = Math.floor((w - Math.floor(w / DAY_MS) * DAY_MS) / HOUR_MS);
      if (h < 6 || h >= 19) f |= F_NIGHT;
    } else if (rand3(cam.seed, Math.floor(x / DEGRADED_BLOCK), 61) < 0.05) {
      f |= F_DEGRADED; // degraded frames come in 30-minute streaks
    }
    for (const e of fog) if (x >= e[0] && x < e[1]) f |= F_LOWVIS;
    d.flags[i] = f;
  }
  if (cache.size >= CACHE_MAX) {
    const first = cache.keys().next();
    if (!first.done) cache.delete(first.value);
  }
  cache.set(key, d);
  return d;
}

/** The zone an id's time fields are written in (spec 01 §2.4 names none): a knob (mocks/state.ts). */
export type IdFields = 'utc' | 'local';

/** The instant whose UTC fields are the id's fields: the capture, or its wall reading at the site. */
const fieldsOf = (cam: Camera, t: number, fields: IdFields): number => (fields === 'local' ? toWall(zoneOf(cam), t) : t);

export function imageId(cam: Camera, t: number, suffix: number, fields: IdFields = 'utc'): string {
  const f = fieldsOf(cam, t, fields);
  const y = new Date(f).getUTCFullYear();
  const sod = Math.floor((f % DAY_MS) / 1000);
  return `${cam.vnum}.${cam.site}.${y}.${dayOfYear3(f)}_${hms(sod).replace(/:/g, '')}-${String(suffix).padStart(4, '0')}`;
}

/** The file's path: its year and day folders are the id's. */
export function imagePath(cam: Camera, id: string, t: number, fields: IdFields = 'utc'): string {
  const f = fieldsOf(cam, t, fields);
  const y = new Date(f).getUTCFullYear();
  return `/archive/imagery/${cam.type}/${cam.vnum}/${y}/${cam.site}/still/${dayOfYear3(f)}/${id}.jpg`;
}

export interface ImageRef {
  d: DayCaptures;
  i: number;
}

export interface ImageRecord {
  image_id: string;
  image_url: string;
  vnum: number;
  site: string;
  timestamp: string;
  image_type: ImageType;
  frame: number;
  file_format: string;
  created_at: string;
  updated_at: string;
}

/** A record as spec 01 §2.4 lists it: the quality flags exist only as query filters (§4.5). */
export function toRecord(ref: ImageRef, imageBaseUrl: string, localTime: boolean, fields: IdFields = 'utc'): ImageRecord {
  const { d, i } = ref;
  const cam = d.cam;
  const t = d.t[i]!;
  const id = imageId(cam, t, d.suffix[i]!, fields);
  // Ingest lag of 20–90 s between capture and the database row.
  const created = isoZ(t + (20 + Math.floor(rand3(cam.seed, t / 1000, 91) * 70)) * 1000);
  return {
    image_id: id,
    image_url: imageBaseUrl + imagePath(cam, id, t, fields),
    vnum: cam.vnum,
    site: cam.site,
    timestamp: localTime ? isoNoZone(toWall(zoneOf(cam), t)) : isoZ(t),
    image_type: cam.type,
    frame: 0,
    file_format: 'jpg',
    created_at: created,
    updated_at: created,
  };
}

const ID_RE = /^(\d+)\.([A-Za-z0-9]+)\.(\d{4})\.(\d{3})_(\d{2})(\d{2})(\d{2})-(\d{4})$/;

/** The instants whose wall reading in `zone` is `w`: two in a repeated hour, none in a skipped one. */
function instantsOfWall(zone: string, w: number): number[] {
  const offsets = new Set([zoneOffsetMs(zone, w - DAY_MS), zoneOffsetMs(zone, w + DAY_MS)]);
  return [...offsets].map((o) => w - o).filter((t) => toWall(zone, t) === w);
}

/** Finds an image by id among captures up to `now`; `types` are tried in order. */
export function findImage(id: string, types: readonly ImageType[], now: number, fields: IdFields = 'utc'): ImageRef | null {
  const m = ID_RE.exec(id);
  if (!m) return null;
  const f = Date.UTC(+m[3]!, 0, 1) + (+m[4]! - 1) * DAY_MS + (+m[5]! * 3600 + +m[6]! * 60 + +m[7]!) * 1000;
  for (const type of types) {
    const cam = findCamera(m[2]!, type);
    if (!cam || cam.vnum !== +m[1]!) continue;
    // Site-time fields of a repeated hour name two instants: either may be the capture.
    const instants = fields === 'local' ? instantsOfWall(zoneOf(cam), f) : [f];
    for (const t of instants) {
      if (t > now || t < ARCHIVE_START) continue;
      const d = dayCaptures(cam, Math.floor(t / DAY_MS));
      const i = lowerBound(d.t, t);
      if (i < d.n && d.t[i] === t && d.suffix[i] === +m[8]!) return { d, i };
    }
  }
  return null;
}

function lowerBound(a: Float64Array, x: number, lo = 0, hi = a.length): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Filtered refs of one camera with from <= t <= to (ascending). */
function refsIn(cam: Camera, from: number, to: number, mask: number, want: number, out: ImageRef[]): void {
  if (to < from) return;
  for (let day = Math.floor(from / DAY_MS); day <= Math.floor(to / DAY_MS); day++) {
    const d = dayCaptures(cam, day);
    for (let i = lowerBound(d.t, from); i < d.n && d.t[i]! <= to; i++) {
      if ((d.flags[i]! & mask) === want) out.push({ d, i });
    }
  }
}

function countIn(cam: Camera, from: number, to: number, mask: number, want: number): number {
  if (to < from) return 0;
  let c = 0;
  for (let day = Math.floor(from / DAY_MS); day <= Math.floor(to / DAY_MS); day++) {
    const d = dayCaptures(cam, day);
    const flags = d.flags;
    if (mask === 0 && d.n > 0 && d.t[0]! >= from && d.t[d.n - 1]! <= to) {
      c += d.n;
      continue;
    }
    for (let i = lowerBound(d.t, from); i < d.n && d.t[i]! <= to; i++) if ((flags[i]! & mask) === want) c++;
  }
  return c;
}

const byTime = (a: ImageRef, b: ImageRef): number => a.d.t[a.i]! - b.d.t[b.i]! || a.d.cam.idx - b.d.cam.idx;

export type Freq = 'all' | 'minutely' | 'hourly' | 'daily';

export interface FlagFilter {
  is_empty?: boolean;
  is_night?: boolean;
  is_degraded?: boolean;
  low_visibility?: boolean;
}

export interface ImageQuery {
  cams: Camera[];
  /** freq=all with exactly one site named: full local days, local timestamps (§4.5). */
  singleSite: boolean;
  freq: Freq;
  order: 'asc' | 'desc';
  /** Parsed datefrom/dateto (UTC ms) or null when absent. */
  from: number | null;
  /** How one site's local times are sorted (mocks/state.ts `TimeReadings`); default by wall time. */
  localOrder?: 'wall' | 'instant';
  to: number | null;
  filter: FlagFilter;
  now: number;
}

/** A slice of the result sequence whose count is cheap and whose items are produced on demand. */
interface Group {
  count: () => number;
  /** Items in ascending result order. */
  items: () => ImageRef[];
}

function maskOf(f: FlagFilter): [number, number] {
  let mask = 0;
  let want = 0;
  const add = (bit: number, v: boolean | undefined) => {
    if (v === undefined) return;
    mask |= bit;
    if (v) want |= bit;
  };
  add(F_EMPTY, f.is_empty);
  add(F_NIGHT, f.is_night);
  add(F_DEGRADED, f.is_degraded);
  add(F_LOWVIS, f.low_visibility);
  return [mask, want];
}

/** Days a sampled query covers when datefrom is absent: the 30 days before dateto (or now). */
export const DEFAULT_SAMPLED_DAYS = 30;

function buildGroups(q: ImageQuery): Group[] {
  const [mask, want] = maskOf(q.filter);
  const groups: Group[] = [];
  const end = Math.min(q.now, Number.MAX_SAFE_INTEGER);
  const nowDay = Math.floor(q.now / DAY_MS);
  const archiveDay = ARCHIVE_START / DAY_MS;

  if (q.freq === 'all' && q.singleSite) {
    const cam = q.cams[0];
    if (!cam) return groups;
    const zone = zoneOf(cam);
    // Only the date parts count: they name local days of the site (§4.5).
    const firstL = q.from !== null ? Math.floor(q.from / DAY_MS) : localDayOf(zone, ARCHIVE_START);
    const lastL = q.to !== null ? Math.floor(q.to / DAY_MS) : localDayOf(zone, q.now);
    for (let L = Math.max(firstL, archiveDay - 1); L <= lastL; L++) {
      const a = fromWall(zone, L * DAY_MS);
      const b = Math.min(fromWall(zone, (L + 1) * DAY_MS) - 1, end);
      if (b < ARCHIVE_START) continue;
      groups.push({
        count: () => countIn(cam, a, b, mask, want),
        items: () => {
          const out: ImageRef[] = [];
          refsIn(cam, a, b, mask, want, out);
          // Sort by local wall time: differs from UTC order only across a DST fall-back.
          if (q.localOrder !== 'instant' && zoneOfDayChanges(zone, a, b)) {
            out.sort((x, y) => toWall(zone, x.d.t[x.i]!) - toWall(zone, y.d.t[y.i]!) || x.d.t[x.i]! - y.d.t[y.i]!);
          }
          return out;
        },
      });
    }
    return groups;
  }

  if (q.freq === 'all') {
    const a = Math.max(q.from ?? ARCHIVE_START, ARCHIVE_START);
    const b = Math.min(q.to ?? end, end);
    for (let day = Math.floor(a / DAY_MS); day <= Math.floor(b / DAY_MS); day++) {
      const da = Math.max(a, day * DAY_MS);
      const db = Math.min(b, day * DAY_MS + DAY_MS - 1);
      groups.push({
        count: () => q.cams.reduce((s, c) => s + countIn(c, da, db, mask, want), 0),
        items: () => {
          const out: ImageRef[] = [];
          for (const c of q.cams) refsIn(c, da, db, mask, want, out);
          if (q.cams.length > 1) out.sort(byTime);
          return out;
        },
      });
    }
    return groups;
  }

  if (q.freq === 'minutely' || q.freq === 'hourly') {
    const bucket = q.freq === 'minutely' ? MINUTE_MS : HOUR_MS;
    const lastDay = q.to !== null ? Math.floor(q.to / DAY_MS) : nowDay;
    const firstDay = q.from !== null ? Math.floor(q.from / DAY_MS) : lastDay - DEFAULT_SAMPLED_DAYS;
    const wFrom = q.from !== null ? q.from % DAY_MS : 0;
    const wTo = q.to !== null ? q.to % DAY_MS : DAY_MS - 1000;
    for (let day = Math.max(firstDay, archiveDay); day <= Math.min(lastDay, nowDay); day++) {
      // The recurring window may wrap past midnight (e.g. 22:00 → 02:00).
      const a = day * DAY_MS + wFrom;
      const b = Math.min((wTo >= wFrom ? day : day + 1) * DAY_MS + wTo, end);
      let memo: ImageRef[] | null = null;
      const items = () => {
        if (memo) return memo;
        const out: ImageRef[] = [];
        for (const c of q.cams) {
          const refs: ImageRef[] = [];
          refsIn(c, a, b, mask, want, refs);
          // Middle image (index floor(n/2) in time order) of each bucket: independent of `order`.
          let s = 0;
          while (s < refs.length) {
            const r0 = refs[s]!;
            const key = Math.floor(r0.d.t[r0.i]! / bucket);
            let e = s + 1;
            while (e < refs.length && Math.floor(refs[e]!.d.t[refs[e]!.i]! / bucket) === key) e++;
            out.push(refs[s + Math.floor((e - s) / 2)]!);
            s = e;
          }
        }
        if (q.cams.length > 1) out.sort(byTime);
        memo = out;
        return out;
      };
      groups.push({ count: () => items().length, items });
    }
    return groups;
  }

  // daily: per local day of each site, the image closest to 10:00 local.
  const refZone = q.cams[0] ? zoneOf(q.cams[0]) : 'UTC';
  const lastL = q.to !== null ? Math.floor(q.to / DAY_MS) : localDayOf(refZone, q.now);
  const firstL = q.from !== null ? Math.floor(q.from / DAY_MS) : lastL - DEFAULT_SAMPLED_DAYS;
  for (let L = Math.max(firstL, archiveDay - 1); L <= lastL; L++) {
    let memo: ImageRef[] | null = null;
    const items = () => {
      if (memo) return memo;
      const out: ImageRef[] = [];
      for (const c of q.cams) {
        const zone = zoneOf(c);
        const a = fromWall(zone, L * DAY_MS);
        const b = Math.min(fromWall(zone, (L + 1) * DAY_MS) - 1, end);
        const target = fromWall(zone, L * DAY_MS + 10 * HOUR_MS);
        const refs: ImageRef[] = [];
        refsIn(c, a, b, mask, want, refs);
        let best: ImageRef | null = null;
        let bestD = Infinity;
        for (const r of refs) {
          const dist = Math.abs(r.d.t[r.i]! - target);
          if (dist < bestD) {
            best = r;
            bestD = dist;
          }
        }
        if (best) out.push(best);
      }
      out.sort(byTime);
      memo = out;
      return out;
    };
    groups.push({ count: () => items().length, items });
  }
  return groups;
}

function zoneOfDayChanges(zone: string, a: number, b: number): boolean {
  return toWall(zone, a) - a !== toWall(zone, b) - b;
}

export interface QueryResult {
  total: number;
  items: ImageRef[];
}

/** Runs the query; returns the total and the items at positions [offset, offset + count) in `order`. */
export function runImageQuery(q: ImageQuery, offset: number, count: number): QueryResult {
  const groups = buildGroups(q);
  if (q.order === 'desc') groups.reverse();
  let total = 0;
  const items: ImageRef[] = [];
  for (const g of groups) {
    const c = g.count();
    if (c > 0 && total + c > offset && total < offset + count) {
      const all = g.items();
      if (q.order === 'desc') all.reverse();
      const from = Math.max(0, offset - total);
      const to = Math.min(c, offset + count - total);
      for (let i = from; i < to; i++) items.push(all[i]!);
    }
    total += c;
  }
  return { total, items };
}

/** Legacy v1 archive: every 5th capture of the v2 archive (the legacy ingest kept fewer frames). */
export function isLegacy(_d: DayCaptures, i: number): boolean {
  return i % 5 === 0;
}

/** Integer database id of a legacy record: camera and seconds since the archive start. */
export function legacyDbId(cam: Camera, t: number): number {
  return (cam.idx + 1) * 100_000_000 + (t - ARCHIVE_START) / 1000;
}

export { ARCHIVE_START };
