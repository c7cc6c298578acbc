/**
 * The volcano view's URL state, parsed and serialised only here. Relative bounds (`now-7d`, the
 * grammar of domain/relative-time.ts) are kept as written and resolved when used, so a shared
 * "last 7 days" link stays relative.
 */
import { DAY_MS, HOUR_MS, MINUTE_MS, parseDay, parseIsoDay, type UtcMs } from '../../domain/time';
import {
  formatRelative,
  NOW,
  parseRelative,
  RELATIVE_HELP,
  resolveRelative,
  type RelativeTime,
} from '../../domain/relative-time';
import { urlNotices, type ParsedUrlState } from '../../ui/use-url-state';

/** A range bound as written in the address. */
export type TimeBound =
  | { kind: 'relative'; rel: RelativeTime; text: string }
  | { kind: 'day'; dayStart: UtcMs; text: string }
  | { kind: 'instant'; t: UtcMs; text: string };

export type DisplayZone = 'utc' | 'local';

export interface VolcanoParams {
  from: TimeBound;
  to: TimeBound;
  tz: DisplayZone;
  /** Cursor instant (UTC ms). */
  at?: UtcMs;
  /** Selected image id. */
  frame?: string;
  /** Span chosen for the time-lapse and the evidence pack (UTC ms, whole seconds). */
  span?: { from: UtcMs; to: UtcMs };
  /** Event threshold: RSAM above n × its running median. */
  n: number;
}

export const DEFAULT_N = 3;
export const MIN_N = 1.5;
export const MAX_N = 50;

const relativeBound = (rel: RelativeTime): TimeBound => ({ kind: 'relative', rel, text: formatRelative(rel) });

export const DEFAULT_FROM: TimeBound = relativeBound({ amount: 7, unit: 'd' });
export const DEFAULT_TO: TimeBound = relativeBound(NOW);

export function defaultParams(): VolcanoParams {
  return { from: DEFAULT_FROM, to: DEFAULT_TO, tz: 'utc', n: DEFAULT_N };
}

const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?Z$/;

/** `YYYY-MM-DDTHH:MM[:SS[.fff]]Z` → UTC ms; null when malformed or not a real date. */
export function parseIsoInstant(s: string): UtcMs | null {
  const m = ISO_INSTANT.exec(s);
  if (!m) return null;
  const day = parseDay(`${m[1]}-${m[2]}-${m[3]}`);
  const h = Number(m[4]);
  const mi = Number(m[5]);
  const sec = Number(m[6] ?? 0);
  if (day === null || h > 23 || mi > 59 || sec > 59) return null;
  return day + h * HOUR_MS + mi * MINUTE_MS + sec * 1000;
}

/**
 * `now`, `now-15m`, `now-6h`, `now-7d`, `now-1y`, a UTC day `YYYY-MM-DD`, or a UTC instant `…Z`.
 * `text` is the canonical form, which differs from `s` when an old form was read.
 */
export function parseBound(s: string): TimeBound | null {
  const rel = parseRelative(s);
  if (rel) return relativeBound(rel.value);
  const text = s.trim();
  const day = parseIsoDay(text);
  if (day !== null) return { kind: 'day', dayStart: day, text };
  const t = parseIsoInstant(text);
  if (t !== null) return { kind: 'instant', t, text };
  return null;
}

/** An instant as the address writes it: whole seconds, `Z`. */
export function formatInstant(t: UtcMs): string {
  return new Date(Math.round(t / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

export function instantBound(t: UtcMs): TimeBound {
  return { kind: 'instant', t, text: formatInstant(t) };
}

/**
 * A day bound as `from` is the day's start; as `to` it is the day's end, so
 * `from=2025-03-01&to=2025-03-07` covers seven whole UTC days.
 */
export function resolveBound(b: TimeBound, now: UtcMs, role: 'from' | 'to'): UtcMs {
  if (b.kind === 'relative') return resolveRelative(b.rel, now);
  if (b.kind === 'instant') return b.t;
  return role === 'to' ? b.dayStart + DAY_MS : b.dayStart;
}

export interface ResolvedRange {
  from: UtcMs;
  to: UtcMs;
}

export function resolveRange(p: Pick<VolcanoParams, 'from' | 'to'>, now: UtcMs): ResolvedRange {
  return { from: resolveBound(p.from, now, 'from'), to: resolveBound(p.to, now, 'to') };
}

/** Shortest range the view zooms to: below this the lanes hold only a frame or two. */
export const MIN_RANGE_MS = 5 * MINUTE_MS;
/** Longest selectable span: a month of hourly frames is already 700+ per camera. */
export const MAX_SPAN_MS = 31 * DAY_MS;

export function parseVolcanoParams(sp: URLSearchParams, now: UtcMs): ParsedUrlState<VolcanoParams> {
  const p = defaultParams();
  const { notices, drop } = urlNotices();
  const boundHelp = `use a UTC day (2025-03-01), an instant (2025-03-01T06:00:00Z) or ${RELATIVE_HELP}`;

  const fromRaw = sp.get('from');
  const toRaw = sp.get('to');
  const from = fromRaw === null ? null : parseBound(fromRaw);
  const to = toRaw === null ? null : parseBound(toRaw);
  if (fromRaw !== null && !from) drop('from', fromRaw, boundHelp);
  if (toRaw !== null && !to) drop('to', toRaw, boundHelp);
  const rewrite = (from !== null && from.text !== fromRaw) || (to !== null && to.text !== toRaw);
  const cand = { from: from ?? p.from, to: to ?? p.to };
  const r = resolveRange(cand, now);
  if (r.to - r.from < MIN_RANGE_MS) {
    if (fromRaw !== null || toRaw !== null)
      notices.push(
        `Ignored the time range ${fromRaw ?? ''} → ${toRaw ?? ''} in the address: it must run forwards and last at least 5 minutes; showing the last 7 days.`,
      );
  } else {
    p.from = cand.from;
    p.to = cand.to;
  }

  const tz = sp.get('tz');
  if (tz !== null) {
    if (tz === 'utc' || tz === 'local') p.tz = tz;
    else drop('tz', tz, 'must be utc or local');
  }
  const at = sp.get('at');
  if (at !== null) {
    const t = parseIsoInstant(at);
    if (t !== null) p.at = t;
    else drop('at', at, 'must be a UTC instant like 2025-03-03T04:12:00Z');
  }
  const frame = sp.get('frame');
  if (frame !== null) {
    if (/^[A-Za-z0-9._-]{1,120}$/.test(frame)) p.frame = frame;
    else drop('frame', frame, 'not an image id');
  }
  const span = sp.get('span');
  if (span !== null) {
    const [a, b, extra] = span.split('/');
    const sFrom = a === undefined ? null : parseIsoInstant(a);
    const sTo = b === undefined ? null : parseIsoInstant(b);
    if (sFrom === null || sTo === null || extra !== undefined)
      drop('span', span, 'must be two UTC instants joined by a slash, like 2025-03-03T04:00:00Z/2025-03-03T06:00:00Z');
    else if (sTo - sFrom < MINUTE_MS || sTo - sFrom > MAX_SPAN_MS)
      drop('span', span, 'must run forwards, from one minute to 31 days');
    else p.span = { from: sFrom, to: sTo };
  }
  const n = sp.get('n');
  if (n !== null) {
    const v = /^\d+(\.\d+)?$/.test(n) ? Number(n) : NaN;
    if (v >= MIN_N && v <= MAX_N) p.n = v;
    else drop('n', n, `the event threshold must be a number from ${MIN_N} to ${MAX_N}`);
  }
  return { params: p, notices, rewrite };
}

/** Writes only what differs from the defaults, in a fixed order, so links stay short and stable. */
export function serializeVolcanoParams(p: VolcanoParams): URLSearchParams {
  const sp = new URLSearchParams();
  if (p.from.text !== DEFAULT_FROM.text || p.to.text !== DEFAULT_TO.text) {
    sp.set('from', p.from.text);
    sp.set('to', p.to.text);
  }
  if (p.tz !== 'utc') sp.set('tz', p.tz);
  if (p.at !== undefined) sp.set('at', formatInstant(p.at));
  if (p.frame !== undefined) sp.set('frame', p.frame);
  if (p.span !== undefined) sp.set('span', `${formatInstant(p.span.from)}/${formatInstant(p.span.to)}`);
  if (p.n !== DEFAULT_N) sp.set('n', String(p.n));
  return sp;
}
