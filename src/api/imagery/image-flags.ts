/**
 * Quality flags of camera frames. Spec 01 §2.4 gives image records no flag fields; the flags exist
 * only as filters of GET /api/imagery/q (§4.5). So a frame's flag is learned by asking for the
 * flagged images around it and looking for its id. An id in a result filtered on `flag=v` has
 * that flag = v for certain; a frame missing from a *complete* exact list of flagged images over a
 * range that covers it has the flag = false. Anything else is unknown, and is said to be.
 */
import { queryOptions } from '@tanstack/react-query';
import { DAY_MS, startOfUtcDay, type UtcMs } from '../../domain/time';
import type { ImageType } from '../../domain/volcanoes';
import { fetchImagery, imageryParams } from './imagery';
import { type ImageryQuery } from './imagery-shapes';

export const FLAG_NAMES = ['is_empty', 'is_night', 'is_degraded', 'low_visibility'] as const;
export type FlagName = (typeof FLAG_NAMES)[number];
export type FlagState = 'yes' | 'no' | 'unknown';
export type FrameFlags = Record<FlagName, FlagState>;

export const FLAG_LABEL: Record<FlagName, string> = {
  is_empty: 'Empty',
  is_night: 'Night',
  is_degraded: 'Degraded',
  low_visibility: 'Low visibility',
};

/** §4.5: is_night exists for visible only and is_degraded for infrared only (else 400). */
export function flagsOf(imageType: ImageType): FlagName[] {
  return imageType === 'visible'
    ? ['is_empty', 'is_night', 'low_visibility']
    : ['is_empty', 'is_degraded', 'low_visibility'];
}

/** The service's maximum page size (§8): fewest requests per list. */
const PAGE = 200;

export interface FlagIdList {
  ids: string[];
  /** Matching images in the whole query. */
  total: number;
  /** Every matching id is in `ids`. */
  complete: boolean;
}

/**
 * Ids of the images matching `q` with `flag` = `value`. Page 1 tells the size; the rest is only
 * fetched when it fits in `maxPages`, because a partial list proves less than it costs.
 */
export async function fetchFlagIds(
  q: ImageryQuery,
  flag: FlagName,
  value: boolean,
  maxPages: number,
  signal?: AbortSignal,
): Promise<FlagIdList> {
  const base: ImageryQuery = { ...q, [flag]: value, limit: PAGE, page: 1 };
  const first = await fetchImagery(base, signal);
  const ids = first.results.map((r) => r.image_id);
  const pages = first.pagination.total_pages;
  if (pages > maxPages) return { ids, total: first.pagination.total_count, complete: pages <= 1 };
  for (let page = 2; page <= pages; page++) {
    const p = await fetchImagery({ ...base, page }, signal);
    for (const r of p.results) ids.push(r.image_id);
  }
  return { ids, total: first.pagination.total_count, complete: true };
}

/** How many images match `q` with `flag` = true: one record asked for, the total read. */
export async function fetchFlagCount(q: ImageryQuery, flag: FlagName, signal?: AbortSignal): Promise<number> {
  const p = await fetchImagery({ ...q, [flag]: true, limit: 1, page: 1 }, signal);
  return p.pagination.total_count;
}

const paramsOf = (q: ImageryQuery) => imageryParams({ ...q, page: undefined, limit: undefined });

export const imageFlagQueries = {
  all: () => ['imagery', 'flags'] as const,
  count: (q: ImageryQuery, flag: FlagName) =>
    queryOptions({
      queryKey: ['imagery', 'flags', 'count', paramsOf(q), flag] as const,
      queryFn: ({ signal }) => fetchFlagCount(q, flag, signal),
      staleTime: 60_000,
    }),
  ids: (q: ImageryQuery, flag: FlagName, value: boolean, maxPages: number) =>
    queryOptions({
      queryKey: ['imagery', 'flags', 'ids', paramsOf(q), flag, value, maxPages] as const,
      queryFn: ({ signal }) => fetchFlagIds(q, flag, value, maxPages, signal),
      staleTime: 60_000,
    }),
};

/** One flag-filtered list asked for; `exact` lists cover every capture of a range. */
export interface FlagSource {
  q: ImageryQuery;
  flag: FlagName;
  value: boolean;
  maxPages: number;
  /** The UTC range (inclusive) an exact list covers, every capture in it, unsampled. */
  exact?: { from: UtcMs; to: UtcMs };
}

export interface FlagFrame {
  image_id: string;
  vnum: number;
  /**
   * A local wall time in a fall-back hour names two instants (`utcMs`, `later`); one the browser's
   * zone rules skip (`nonexistent`) names none for certain. Frames are only ever labelled from
   * what covers every instant they may be.
   */
  time: { utcMs: UtcMs; later?: UtcMs; nonexistent?: true };
}

/**
 * Every capture of the frames' UTC span, flagged: freq=all without a site is the exact UTC range
 * (§4.5; with one site it would be whole local days), narrowed to the volcano when there is one.
 */
export function exactSources(
  frames: readonly FlagFrame[],
  imageType: ImageType,
  flags: readonly FlagName[],
  range?: { from: UtcMs; to: UtcMs },
  maxPages = 3,
): FlagSource[] {
  // No frames, nothing to label: asking now would only spend the budget on a guessed volcano.
  if (frames.length === 0) return [];
  let lo = Infinity;
  let hi = -Infinity;
  for (const f of frames) {
    lo = Math.min(lo, f.time.utcMs);
    hi = Math.max(hi, f.time.later ?? f.time.utcMs);
  }
  const from = Math.floor((range?.from ?? lo) / 1000) * 1000;
  const to = Math.ceil((range?.to ?? hi) / 1000) * 1000;
  const vnums = new Set(frames.map((f) => f.vnum));
  const vnum = vnums.size === 1 ? [...vnums][0] : undefined;
  const q: ImageryQuery = { imageType, vnum, from, to, freq: 'all', order: 'asc' };
  return flags.map((flag) => ({ q, flag, value: true, maxPages, exact: { from, to } }));
}

/**
 * The sampled query again, filtered on the flag both ways: for a flag that is the same over a slot
 * (night is, by the hour) the slot's pick is the same image, so its id shows up in one of them.
 */
export function sampledSources(q: ImageryQuery, flag: FlagName, maxPages = 3): FlagSource[] {
  const base = { ...q, page: undefined, limit: undefined };
  return [
    { q: base, flag, value: true, maxPages },
    { q: base, flag, value: false, maxPages },
  ];
}

/**
 * A sampled query narrowed to the days of some of its frames (a grid page), keeping its daily
 * window (§4.5: minutely and hourly select inside a window recurring each UTC day).
 */
export function sampledQueryAround(q: ImageryQuery, frames: readonly FlagFrame[]): ImageryQuery | null {
  if (!q.freq || q.freq === 'all' || frames.length === 0) return null;
  const ts = frames.map((f) => f.time.utcMs);
  const d0 = startOfUtcDay(Math.min(...ts));
  const d1 = startOfUtcDay(Math.max(...ts));
  if (q.freq === 'daily') return { ...q, from: d0 - DAY_MS, to: d1 + 2 * DAY_MS - 1000 };
  const fromTod = q.from === undefined ? 0 : q.from - startOfUtcDay(q.from);
  const toTod = q.to === undefined ? DAY_MS - 1000 : q.to - startOfUtcDay(q.to);
  // A window past midnight holds early-morning frames in the previous day's window.
  const first = toTod < fromTod ? d0 - DAY_MS : d0;
  return { ...q, from: first + fromTod, to: d1 + toTod };
}

export interface FlagEvidence {
  source: FlagSource;
  data: FlagIdList | undefined;
}

export const UNKNOWN_FLAGS: FrameFlags = {
  is_empty: 'unknown',
  is_night: 'unknown',
  is_degraded: 'unknown',
  low_visibility: 'unknown',
};

/**
 * What the answers prove about each frame. `known` holds flags the frames' own query filtered on
 * (every result of `is_night=true` is night). Flags that do not apply to the type stay unknown.
 */
export function resolveFlags(
  frames: readonly FlagFrame[],
  imageType: ImageType,
  evidence: readonly FlagEvidence[],
  known: Partial<Record<FlagName, boolean>> = {},
): Map<string, FrameFlags> {
  const lists = evidence
    .filter((e): e is { source: FlagSource; data: FlagIdList } => !!e.data)
    .map((e) => ({ ...e, set: new Set(e.data.ids) }));
  const applicable = flagsOf(imageType);
  const out = new Map<string, FrameFlags>();
  for (const f of frames) {
    const flags: FrameFlags = { ...UNKNOWN_FLAGS };
    for (const name of applicable) {
      const k = known[name];
      if (k !== undefined) {
        flags[name] = k ? 'yes' : 'no';
        continue;
      }
      for (const l of lists) {
        if (l.source.flag !== name) continue;
        if (l.set.has(f.image_id)) {
          flags[name] = l.source.value ? 'yes' : 'no';
          break;
        }
        // Absent from a complete list of every capture over its span: only when the frame cannot
        // lie outside that span.
        const x = l.source.exact;
        const t = f.time;
        if (
          x &&
          l.data.complete &&
          l.source.value &&
          !t.nonexistent &&
          t.utcMs >= x.from &&
          (t.later ?? t.utcMs) <= x.to
        )
          flags[name] = 'no';
      }
    }
    out.set(f.image_id, flags);
  }
  return out;
}

/**
 * Conditions that last hours (night, fog), so a sampling slot seldom mixes them: for sampled frames
 * the sampled pair answers them at once, where the exact list would run to thousands of ids.
 */
export const SLOW_FLAGS: readonly FlagName[] = ['is_night', 'low_visibility'];

/** Flags whose exact list did not fit: they need the sampled pair. */
export function incompleteFlags(evidence: readonly FlagEvidence[]): FlagName[] {
  return evidence.filter((e) => e.source.exact && e.data && !e.data.complete).map((e) => e.source.flag);
}
