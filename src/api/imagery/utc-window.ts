/**
 * One site at freq=all over an exact UTC window. The service gives one site only whole local days
 * (spec 01 §4.5), so the window is read as the local days that hold it, every page of them oldest
 * first, cut to From–To by each image's resolved instant, and paged here in UTC order. The days'
 * pages are asked once a minute at most however the window is paged, played or stepped through.
 */
import { DAY_MS, type UtcMs } from '../../domain/time';
import { localDayOf } from '../../domain/local-time';
import { knownSiteTimeZone } from '../../domain/volcanoes';
import type { ImageRecord, ImageryPage, ImageryQuery } from './imagery-shapes';
import { imageInstant, orderByInstant } from './instant-order';

/** The longest window: two local days of a camera every minute are about 15 pages of 200. */
export const MAX_WINDOW_MS = DAY_MS;
const PAGE = 200;
const KEEP_MS = 60_000;

type PageFetch = (q: ImageryQuery, signal?: AbortSignal) => Promise<ImageryPage>;

/** Whether a query is one this module answers: one site at freq=all, both bounds, a known zone. */
export function isUtcWindow(q: ImageryQuery): q is ImageryQuery & { site: string; from: UtcMs; to: UtcMs } {
  return (
    q.window === 'utc' &&
    !!q.site &&
    (q.freq ?? 'all') === 'all' &&
    q.from !== undefined &&
    q.to !== undefined &&
    knownSiteTimeZone(q.site) !== null
  );
}

/** Why a window cannot be asked, in the form's words; null when it can. */
export function windowProblem(from: UtcMs | undefined, to: UtcMs | undefined): string | null {
  if (from === undefined || to === undefined) return 'An exact UTC window needs both From and To.';
  if (to - from > MAX_WINDOW_MS) return 'An exact UTC window is at most 24 hours: narrow it, or use whole local days.';
  return null;
}

const windows = new Map<string, { at: number; records: Promise<{ records: ImageRecord[]; reordered: boolean }> }>();

/** Every image of the local days holding the window, in the window, oldest first. */
async function windowRecords(q: ImageryQuery & { site: string; from: UtcMs; to: UtcMs }, fetchPage: PageFetch) {
  const zone = knownSiteTimeZone(q.site)!;
  const days: ImageryQuery = {
    ...q,
    window: undefined,
    from: localDayOf(zone, q.from),
    to: localDayOf(zone, q.to),
    order: 'asc',
    limit: PAGE,
  };
  const first = await fetchPage({ ...days, page: 1 });
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, first.pagination.total_pages - 1) }, (_, i) =>
      fetchPage({ ...days, page: i + 2 }),
    ),
  );
  const all = [first, ...rest].flatMap((p) => p.results);
  const inWindow = all.filter((r) => {
    const at = imageInstant(r.time);
    return at >= q.from && at <= q.to;
  });
  const { results } = orderByInstant(inWindow, 'asc');
  // Said on the page when the service's own order (local time) differs from the window's.
  const reordered = [first, ...rest].some((p) => p.reordered);
  return { records: results, reordered };
}

/** The page `q.page` of the window, in `q.order`, with pagination as the service would count it. */
export async function fetchUtcWindow(
  q: ImageryQuery & { site: string; from: UtcMs; to: UtcMs },
  fetchPage: PageFetch,
  now: number = Date.now(),
): Promise<ImageryPage> {
  const problem = windowProblem(q.from, q.to);
  if (problem) throw new Error(problem);
  // One read per window, whatever page, size or order is shown of it.
  const key = JSON.stringify({ ...q, page: undefined, limit: undefined, order: undefined });
  let kept = windows.get(key);
  if (!kept || now - kept.at > KEEP_MS) {
    kept = { at: now, records: windowRecords(q, fetchPage) };
    windows.set(key, kept);
    // A failed read is not kept: the next ask tries again.
    kept.records.catch(() => windows.delete(key));
  }
  const { records, reordered } = await kept.records;
  const ordered = q.order === 'asc' ? records : [...records].reverse();
  const limit = q.limit ?? 100;
  const page = q.page ?? 1;
  const total = ordered.length;
  const totalPages = Math.ceil(total / limit);
  const results = ordered.slice((page - 1) * limit, page * limit);
  return {
    results,
    pagination: {
      page,
      limit,
      total_count: total,
      total_pages: totalPages,
      has_prev: page > 1,
      has_next: page < totalPages,
      prev_page: page > 1 ? page - 1 : null,
      next_page: page < totalPages ? page + 1 : null,
      count: results.length,
    },
    query: { site: q.site, datefrom: q.from, dateto: q.to, window: 'utc' },
    ...(reordered ? { reordered: true as const } : {}),
  };
}

/** Forgets the windows read (tests). */
export function forgetWindows(): void {
  windows.clear();
}
