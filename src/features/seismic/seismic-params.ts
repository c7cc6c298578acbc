/**
 * The seismic view's URL state, parsed and serialised only here. A link such as
 * `/seismic?channels=AV.CLCL..BHZ,OV.VPCC..HHZ&from=2025-01-01&to=2025-01-31&scale=log&tz=local&smooth=1h&layout=stacked`
 * reproduces the view; relative ranges (`from=now-6h&to=now`, the grammar of domain/relative-time.ts)
 * stay relative and are resolved when used.
 */
import { formatChannelId, parseChannelId, type ChannelRef } from '../../domain/channel-id';
import {
  describeRelative,
  formatRelative,
  parseRelative,
  RELATIVE_HELP,
  relativeMs,
  resolveRelative,
  type RelativeUnit,
} from '../../domain/relative-time';
import { urlNotices } from '../../ui/use-url-state';
import {
  DAY_MS,
  formatIsoDay,
  monthChunks,
  parseIsoDay,
  startOfUtcDay,
  type UtcDayRange,
  type UtcMs,
} from '../../domain/time';
import {
  ANALYSIS_KEYS,
  DEFAULT_ANALYSIS,
  parseAnalysisParams,
  serializeAnalysisParams,
  type AnalysisState,
} from './analysis-params';

export const MAX_CHANNELS = 6;
/** Two years of 1-minute RSAM for six channels is ~6 M points: more stops being a browser chart. */
const MAX_RANGE_DAYS = 732;

export type RangeParam =
  { kind: 'relative'; amount: number; unit: RelativeUnit } | { kind: 'absolute'; fromDay: UtcMs; toDay: UtcMs };

export const SMOOTHINGS = ['10m', '1h', '1d'] as const;
export type Smoothing = (typeof SMOOTHINGS)[number];
export const SMOOTH_SECONDS: Record<Smoothing, number> = { '10m': 600, '1h': 3600, '1d': 86400 };

export interface SeismicViewState extends AnalysisState {
  channels: ChannelRef[];
  range: RangeParam;
  scale: 'linear' | 'log';
  tz: 'utc' | 'local';
  smooth: Smoothing | null;
  stat: 'mean' | 'median';
  layout: 'overlay' | 'stacked';
  /** Zoomed x range in unix seconds, or null for the whole range. */
  view: readonly [number, number] | null;
}

export const PRESETS = [
  { label: '24 h', amount: 24, unit: 'h' },
  { label: '7 d', amount: 7, unit: 'd' },
  { label: '30 d', amount: 30, unit: 'd' },
  { label: '1 y', amount: 1, unit: 'y' },
] as const satisfies ReadonlyArray<{ label: string; amount: number; unit: RelativeUnit }>;

const DEFAULT_RANGE: RangeParam = { kind: 'relative', amount: 7, unit: 'd' };

export const DEFAULT_STATE: SeismicViewState = {
  channels: [],
  range: DEFAULT_RANGE,
  scale: 'linear',
  tz: 'utc',
  smooth: null,
  stat: 'mean',
  layout: 'overlay',
  view: null,
  ...DEFAULT_ANALYSIS,
};

const KNOWN = new Set<string>([
  'channels',
  'from',
  'to',
  'scale',
  'tz',
  'smooth',
  'stat',
  'layout',
  'view',
  ...ANALYSIS_KEYS,
]);

export interface ParsedSeismicParams {
  state: SeismicViewState;
  /** One sentence per dropped value, shown to the user. */
  notices: string[];
  /** An old form of the range was read: the address is to be rewritten. */
  rewrite: boolean;
}

function formatRange(r: RangeParam): { from: string; to: string } {
  if (r.kind === 'relative') return { from: formatRelative(r), to: 'now' };
  return { from: formatIsoDay(r.fromDay), to: formatIsoDay(r.toDay) };
}

/** Why a range cannot be sent, or null when it can (inclusive UTC days, spec 01 §4.1). */
export function rangeProblem(r: RangeParam, now: UtcMs): string | null {
  if (r.kind === 'relative') {
    if (r.amount < 1) return 'The range must not be empty: write now-15m, now-6h, now-7d or now-1y.';
    if (relativeMs(r) > MAX_RANGE_DAYS * DAY_MS)
      return `The range is longer than ${MAX_RANGE_DAYS} days; choose a shorter one.`;
    return null;
  }
  const today = startOfUtcDay(now);
  if (r.fromDay > r.toDay) return 'The start day is after the end day.';
  if (r.fromDay > today) return `The start day is after today (${formatIsoDay(today)} UTC): there is no data yet.`;
  if (r.toDay > today) return `The end day is after today (${formatIsoDay(today)} UTC): choose today or earlier.`;
  const days = (r.toDay - r.fromDay) / DAY_MS + 1;
  if (days > MAX_RANGE_DAYS) return `The range spans ${days} days; at most ${MAX_RANGE_DAYS} can be shown at once.`;
  return null;
}

export function parseSeismicParams(sp: URLSearchParams, now: UtcMs = Date.now()): ParsedSeismicParams {
  const state: SeismicViewState = { ...DEFAULT_STATE, channels: [] };
  const { notices, drop } = urlNotices();
  let rewrite = false;

  for (const key of new Set(sp.keys())) if (!KNOWN.has(key)) drop(key, sp.get(key) ?? '', 'not a setting of this view');

  const channels = sp.get('channels');
  if (channels !== null) {
    const seen = new Set<string>();
    for (const raw of channels.split(',')) {
      if (!raw.trim()) continue;
      const ch = parseChannelId(raw);
      if (!ch) {
        drop('channels', raw, 'not a channel id NET.STA.LOC.CHA such as AV.CLCL..BHZ');
        continue;
      }
      const id = formatChannelId(ch);
      if (seen.has(id)) continue;
      if (state.channels.length >= MAX_CHANNELS) {
        drop('channels', id, `at most ${MAX_CHANNELS} channels at once`);
        continue;
      }
      seen.add(id);
      state.channels.push(ch);
    }
  }

  const from = sp.get('from');
  const to = sp.get('to');
  if (from !== null || to !== null) {
    const rel = from === null ? null : parseRelative(from);
    let range: RangeParam | null = null;
    if (rel) {
      const toRel = to === null ? null : parseRelative(to);
      if (to === null || toRel?.value.amount === 0) {
        range = { kind: 'relative', ...rel.value };
        // Written before the grammar was shared: leading zeros, spaces, or no to=now.
        rewrite = !rel.canonical || !toRel?.canonical;
      } else drop('to', to, 'a relative start (now-…) needs to=now');
    } else if (from !== null) {
      const f = parseIsoDay(from);
      const t = to === null ? f : parseIsoDay(to);
      if (f === null) drop('from', from, `must be a day YYYY-MM-DD or ${RELATIVE_HELP}`);
      else if (t === null) drop('to', to ?? '', 'must be a day YYYY-MM-DD');
      else range = { kind: 'absolute', fromDay: f, toDay: t };
    } else drop('to', to ?? '', 'needs a from');
    if (range) {
      const problem = rangeProblem(range, now);
      if (problem) {
        const r = formatRange(range);
        drop('from/to', `${r.from}…${r.to}`, problem.replace(/\.$/, ''));
      } else state.range = range;
    }
  }

  const pick = <K extends keyof SeismicViewState>(name: K, allowed: readonly string[], why: string) => {
    const v = sp.get(name);
    if (v === null) return;
    if (allowed.includes(v)) (state as unknown as Record<string, unknown>)[name] = v;
    else drop(name, v, why);
  };
  pick('scale', ['linear', 'log'], 'must be linear or log');
  pick('tz', ['utc', 'local'], 'must be utc or local');
  pick('smooth', SMOOTHINGS, 'must be 10m, 1h or 1d');
  pick('stat', ['mean', 'median'], 'must be mean or median');
  pick('layout', ['overlay', 'stacked'], 'must be overlay or stacked');

  const view = sp.get('view');
  if (view !== null) {
    const m = /^(\d{9,11})-(\d{9,11})$/.exec(view);
    const a = m ? Number(m[1]) : NaN;
    const b = m ? Number(m[2]) : NaN;
    if (!m || !(a < b)) drop('view', view, 'must be a zoom range start-end in unix seconds');
    else state.view = [a, b];
  }
  Object.assign(state, parseAnalysisParams(sp, drop));
  return { state, notices, rewrite };
}

/** Inverse of parse; defaults other than the range are left out so links stay short. */
export function serializeSeismicParams(s: SeismicViewState): URLSearchParams {
  const sp = new URLSearchParams();
  if (s.channels.length) sp.set('channels', s.channels.map(formatChannelId).join(','));
  const r = formatRange(s.range);
  sp.set('from', r.from);
  sp.set('to', r.to);
  if (s.scale !== 'linear') sp.set('scale', s.scale);
  if (s.tz !== 'utc') sp.set('tz', s.tz);
  if (s.smooth) sp.set('smooth', s.smooth);
  if (s.stat !== 'mean') sp.set('stat', s.stat);
  if (s.layout !== 'overlay') sp.set('layout', s.layout);
  if (s.view) sp.set('view', `${Math.round(s.view[0])}-${Math.round(s.view[1])}`);
  serializeAnalysisParams(s, sp);
  return sp;
}

export interface ResolvedRange {
  /** The instants shown (ms). */
  fromMs: UtcMs;
  toMs: UtcMs;
  /** The inclusive UTC days requested (start of each day). */
  fromDay: UtcMs;
  toDay: UtcMs;
}

export function resolveRange(r: RangeParam, now: UtcMs): ResolvedRange {
  if (r.kind === 'absolute') return { fromMs: r.fromDay, toMs: r.toDay + DAY_MS, fromDay: r.fromDay, toDay: r.toDay };
  const fromMs = resolveRelative(r, now);
  return { fromMs, toMs: now, fromDay: startOfUtcDay(fromMs), toDay: startOfUtcDay(now) };
}

/**
 * Calendar-month chunks. Bodies are parsed in a worker, so a chunk's size no longer sets the main
 * thread's longest task; fewer, larger requests cost less per point (rate ledger, cache writes,
 * answers to fold in): a year of three channels loaded in 0.99× the floor as 39 monthly requests
 * against 1.34× as 75 half-months (`npm run bench`, same machine and hour).
 */
export function rangeChunks(fromDay: UtcMs, toDay: UtcMs): UtcDayRange[] {
  return monthChunks(fromDay, toDay);
}

export function describeRange(r: RangeParam): string {
  if (r.kind === 'relative') return describeRelative(r);
  return r.fromDay === r.toDay
    ? `${formatIsoDay(r.fromDay)} (UTC day)`
    : `${formatIsoDay(r.fromDay)} to ${formatIsoDay(r.toDay)} (inclusive UTC days)`;
}
